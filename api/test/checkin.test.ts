// Check-in at the gate (PRODUCT §5): the signed QR is verified, the ticket must be paid and one of
// the organizer's (and of the selected event), a second scan says when the first was, two
// simultaneous scans check in exactly once, and every scan and undo is logged.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AttendeesResponse, CheckinLogResponse, CheckinResponse, OrderSummary, TicketPayload } from '@sports/contracts';
import { checkinResponseSchema, formatManilaClock, formatTransactionNo } from '@sports/contracts';
import { createTicketSigner, loadOrCreateDevKey } from '../src/orders/ticket-signing';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { CHECKIN_LOG_ROWS } from './support/audit';
import { buyTicket, ownEvent, signedIn, signedInAs } from './support/organizer';
import type { Person } from './support/organizer';

jest.setTimeout(30_000);

/** The signed fields of a ticket's QR text (everything but the signature). */
function payloadOf(qr: string): TicketPayload {
  const fields = JSON.parse(qr) as Record<string, unknown>;
  delete fields.sig;
  return fields as unknown as TicketPayload;
}

describe('check-in at the gate', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let buyer: Person;
  let main: number;
  let second: number;
  let foreign: number;
  let nextSeat = 1;

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other, buyer] = await Promise.all([signedIn(app, 'Organizer', 'Gina'), signedIn(app, 'Organizer'), signedIn(app, 'Participant', 'Bea')]);
    main = await ownEvent(app.db, owner.id, { title: 'Gate test main' });
    second = await ownEvent(app.db, owner.id, { title: 'Gate test second' });
    foreign = await ownEvent(app.db, other.id, { title: 'Gate test foreign' });
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const ticket = async (eventId = main, count = 1): Promise<OrderSummary> => {
    const seats = Array.from({ length: count }, (_, i) => nextSeat + i);
    nextSeat += count;
    return buyTicket(app, buyer.cookie, eventId, 5, seats);
  };
  const scan = async (qr: string, extra: Record<string, unknown> = {}, cookie = owner.cookie, on: BookingApp = app) =>
    json<CheckinResponse>(await on.request('POST', '/api/organizer/checkins', { cookie, body: { qr, ...extra } }));
  const statusOf = async (orderId: number): Promise<string | undefined> => {
    const { rows } = await app.db.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM ticket_checkins WHERE order_id = $1) AS present', [orderId]);
    return rows[0]?.present ? 'Present' : 'Absent';
  };
  const logOf = async (orderId: number) =>
    (await app.db.query<{ action: string; result: string; organizer_user_id: number; reason: string | null }>(`SELECT action, result, organizer_user_id, reason FROM ${CHECKIN_LOG_ROWS} WHERE order_id = $1 ORDER BY id`, [orderId])).rows;

  it('checks a paid ticket in: name, section and seats, and the attendee is Present with the time', async () => {
    const t = await ticket(main, 2);
    const before = Date.now();
    const res = await scan(t.qr as string);
    expect(res.status).toBe(200);
    expect(checkinResponseSchema.parse(res.body)).toEqual({
      success: true,
      result: 'checked_in',
      headline: 'Checked in',
      // Seats as the grid names them: row letter and number.
      message: `Bea Tester · Upper Box F, seats ${t.seatNames?.join(', ')}`,
      checkedInAt: expect.any(String),
      attendee: { orderId: t.orderId, transactionNo: formatTransactionNo(t.orderId), name: 'Bea Tester', section: 'Upper Box F', seats: t.seats, seatNames: ['A1', 'A2'], event: { id: main, name: 'Gate test main' } },
      ticketEvent: null,
    });
    expect(Date.parse(res.body.checkedInAt as string)).toBeGreaterThanOrEqual(before - 1000);
    const list = await json<AttendeesResponse>(await app.request('GET', `/api/organizer/events/${main}/attendees?search=${t.orderId}`, { cookie: owner.cookie }));
    expect(list.body.attendees[0]).toMatchObject({ status: 'Present', checkedInAt: res.body.checkedInAt, timePresent: formatManilaClock(new Date(res.body.checkedInAt as string)) });
    expect(await logOf(t.orderId)).toEqual([{ action: 'scan', result: 'checked_in', organizer_user_id: owner.id, reason: null }]);
  });

  it('a second scan says it is already checked in, with the time of the first', async () => {
    const t = await ticket();
    const first = await scan(t.qr as string);
    app.clock.advance(5 * 60_000);
    try {
      const again = await scan(t.qr as string, { eventId: main });
      const at = new Date(first.body.checkedInAt as string);
      expect(again.body).toMatchObject({ result: 'already_checked_in', headline: 'Already checked in', checkedInAt: first.body.checkedInAt, attendee: { orderId: t.orderId } });
      expect(again.body.message).toContain(`First scanned at ${formatManilaClock(at)}`);
    } finally {
      app.clock.reset();
    }
    expect((await logOf(t.orderId)).map((r) => r.result)).toEqual(['checked_in', 'already_checked_in']);
  });

  it('two gates scanning one ticket at the same moment check it in exactly once', async () => {
    const gate2 = await startBookingApp({ prepare: false });
    try {
      for (let round = 0; round < 3; round += 1) {
        const t = await ticket();
        const scans = await Promise.all(Array.from({ length: 10 }, (_, i) => scan(t.qr as string, {}, owner.cookie, i % 2 ? gate2 : app)));
        const results = scans.map((s) => s.body.result).sort();
        expect(results).toEqual(['already_checked_in', ...Array(8).fill('already_checked_in'), 'checked_in'].sort());
        const winner = scans.find((s) => s.body.result === 'checked_in');
        expect(new Set(scans.map((s) => s.body.checkedInAt))).toEqual(new Set([winner?.body.checkedInAt]));
        const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ticket_checkins WHERE order_id = $1', [t.orderId]);
        expect(rows[0]?.n).toBe(1);
        expect(await logOf(t.orderId)).toHaveLength(10);
      }
    } finally {
      await gate2.stop();
    }
  });

  it('refuses a forged ticket: another key’s signature, or an id we never issued', async () => {
    const t = await ticket();
    const payload = payloadOf(t.qr as string);
    const impostor = createTicketSigner(generateKeyPairSync('ed25519').privateKey);
    const forged = await scan(impostor.sign(payload));
    expect(forged.body).toMatchObject({ result: 'forged', headline: 'Forged ticket', attendee: null, checkedInAt: null });
    const invented = await scan(impostor.sign({ ...payload, ticket_id: randomBytes(16).toString('base64url') }));
    expect(invented.body.result).toBe('forged');
    expect(await statusOf(t.orderId)).toBe('Absent');
    expect((await logOf(t.orderId)).map((r) => r.result)).toEqual(['forged']);
  });

  it('refuses an altered ticket: our signature over other seats or another amount', async () => {
    const t = await ticket(main, 2);
    const parsed = JSON.parse(t.qr as string) as Record<string, unknown>;
    for (const change of [{ seats: [1, 2, 3] }, { totalAmount: 0 }, { event_id: second }, { section_id: 6 }, { paymentMethod: 'visa' }]) {
      const res = await scan(JSON.stringify({ ...parsed, ...change }));
      expect([change, res.body.result, res.body.headline]).toEqual([change, 'altered', 'Altered ticket']);
    }
    expect(await statusOf(t.orderId)).toBe('Absent');
  });

  it('refuses another organizer’s ticket, and a ticket of another event than the one selected', async () => {
    const theirs = await ticket(foreign);
    const res = await scan(theirs.qr as string);
    expect(res.body).toEqual({
      success: true,
      result: 'wrong_event',
      headline: 'Not for this event',
      message: 'This ticket is not for any of your events.',
      checkedInAt: null,
      attendee: null,
      ticketEvent: null,
    });
    expect(await statusOf(theirs.orderId)).toBe('Absent');
    // Nothing of the other organizer's order is written to this organizer's log.
    expect(await logOf(theirs.orderId)).toEqual([]);

    const mine = await ticket(second);
    const wrong = await scan(mine.qr as string, { eventId: main });
    expect(wrong.body).toMatchObject({ result: 'wrong_event', message: 'This ticket is for Gate test second.', ticketEvent: { id: second, name: 'Gate test second' } });
    expect(await statusOf(mine.orderId)).toBe('Absent');
    expect((await scan(mine.qr as string, { eventId: second })).body.result).toBe('checked_in');
  });

  it('refuses a ticket our key signed that no paid order carries', async () => {
    const t = await ticket();
    const payload = payloadOf(t.qr as string);
    const ours = createTicketSigner(loadOrCreateDevKey().key);
    const res = await scan(ours.sign({ ...payload, ticket_id: randomBytes(16).toString('base64url') }));
    expect(res.body).toMatchObject({ result: 'not_paid', headline: 'Ticket not paid', attendee: null });
    // An order that stopped being paid is refused the same way.
    await app.db.query(`UPDATE orders SET status = 'expired', payment_method = NULL, payment_type = NULL, paid_at = NULL, ticket_id = NULL, payment_reference = NULL WHERE id = $1`, [t.orderId]);
    expect((await scan(t.qr as string)).body.result).toBe('not_paid');
    expect(await statusOf(t.orderId)).toBe('Absent');
  });

  it('answers unreadable text as such (and logs it); a bad request body is a 400', async () => {
    const before = (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${CHECKIN_LOG_ROWS} WHERE organizer_user_id = $1 AND result = 'unreadable'`, [owner.id])).rows[0]?.n ?? 0;
    for (const text of ['hello', '{"ticket_id":"x"}', '[1,2]', 'x'.repeat(5000), '   ']) {
      const res = await scan(text);
      expect([text.slice(0, 20), res.status, res.body.result, res.body.headline]).toEqual([text.slice(0, 20), 200, 'unreadable', 'Not a ticket code']);
    }
    const after = (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${CHECKIN_LOG_ROWS} WHERE organizer_user_id = $1 AND result = 'unreadable'`, [owner.id])).rows[0]?.n;
    expect(after).toBe(before + 5);
    for (const body of [{}, { qr: '' }, { qr: 5 }, { qr: 'x', eventId: 'one' }, { qr: 'x', eventId: 0 }, { qr: 'x', other: 1 }, { qr: 'a\u0000b' }]) {
      const res = await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body });
      expect([body, res.status]).toEqual([body, 400]);
    }
    const t = await ticket();
    expect(await json(await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body: { qr: t.qr, eventId: foreign } }))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    expect(await statusOf(t.orderId)).toBe('Absent');
  });

  it('undoes a check-in with a reason (logged); the ticket can then be scanned in again', async () => {
    const t = await ticket();
    await scan(t.qr as string);
    const undo = (orderId: number, body: unknown, cookie = owner.cookie) => app.request('POST', `/api/organizer/checkins/${orderId}/undo`, { cookie, body });
    expect(await json(await undo(t.orderId, {}))).toEqual({ status: 400, body: { success: false, error: 'Give a reason for undoing the check-in' } });
    expect(await json(await undo(t.orderId, { reason: 'Wrong person' }, other.cookie))).toEqual({ status: 404, body: { success: false, error: 'Ticket not found' } });
    const done = await json(await undo(t.orderId, { reason: 'Scanned the wrong ticket' }));
    expect(done).toEqual({ status: 200, body: { success: true, orderId: t.orderId, status: 'Absent', undoneCheckedInAt: expect.any(String) } });
    expect(await statusOf(t.orderId)).toBe('Absent');
    expect(await json(await undo(t.orderId, { reason: 'Again' }))).toEqual({ status: 409, body: { success: false, error: 'This ticket is not checked in.' } });
    expect((await undo(2_147_483_647, { reason: 'x' })).status).toBe(404);
    expect((await undo(0, { reason: 'x' })).status).toBe(400);
    expect((await scan(t.qr as string)).body.result).toBe('checked_in');
    expect(await logOf(t.orderId)).toEqual([
      { action: 'scan', result: 'checked_in', organizer_user_id: owner.id, reason: null },
      { action: 'undo', result: 'undone', organizer_user_id: owner.id, reason: 'Scanned the wrong ticket' },
      { action: 'scan', result: 'checked_in', organizer_user_id: owner.id, reason: null },
    ]);
  });

  it('shows the organizer the log of an event, newest first; nobody else', async () => {
    const t = await ticket();
    await scan(t.qr as string, { eventId: main });
    await scan('garbage', { eventId: main });
    const { status, body } = await json<CheckinLogResponse>(await app.request('GET', `/api/organizer/events/${main}/checkin-log`, { cookie: owner.cookie }));
    expect(status).toBe(200);
    expect(body.entries[0]).toMatchObject({ action: 'scan', result: 'unreadable', by: 'Gina Tester', transactionNo: null, attendee: null });
    expect(body.entries[1]).toMatchObject({ action: 'scan', result: 'checked_in', transactionNo: formatTransactionNo(t.orderId), attendee: 'Bea Tester' });
    expect(body.entries.some((e) => e.action === 'undo' && e.reason === 'Scanned the wrong ticket')).toBe(true);
    expect(body).toMatchObject({ page: 1, pageSize: 50 });
    expect((await app.request('GET', `/api/organizer/events/${main}/checkin-log`, { cookie: other.cookie })).status).toBe(404);
  });

  it('answers 401 without a session and 403 to visitors and admins', async () => {
    const t = await ticket();
    const admin = await signedInAs(app, 'admin@demo.local');
    for (const [method, path, body] of [
      ['POST', '/api/organizer/checkins', { qr: t.qr }],
      ['POST', `/api/organizer/checkins/${t.orderId}/undo`, { reason: 'x' }],
      ['GET', `/api/organizer/events/${main}/checkin-log`, undefined],
    ] as const) {
      expect((await app.request(method, path, body ? { body } : {})).status).toBe(401);
      expect((await app.request(method, path, { cookie: buyer.cookie, ...(body ? { body } : {}) })).status).toBe(403);
      expect((await app.request(method, path, { cookie: admin, ...(body ? { body } : {}) })).status).toBe(403);
    }
    expect(await statusOf(t.orderId)).toBe('Absent');
  });
});
