// Check-in at the gate (PRODUCT §5, §9), one ticket per seat: a seat's signed QR or its typed
// short code checks in that seat and no other; the one QR of an order paid before tickets per seat
// admits its whole order once; a ticket must be paid, one of the organizer's (and of the selected
// event), inside the event's doors unless admitted anyway; a second scan says when and where the
// first was; simultaneous scans from many gates check in exactly once; every scan, check-in by
// hand, refusal and undo is logged.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AttendeesResponse, CheckinLogResponse, CheckinResponse, OrderSummary, TicketPayload } from '@sports/contracts';
import { checkinResponseSchema, formatManilaClock, formatTransactionNo, TICKET_CODE_ALPHABET } from '@sports/contracts';
import { ticketRefusal } from '../src/orders/ticket-admission';
import { createTicketSigner, loadOrCreateDevKey } from '../src/orders/ticket-signing';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { CHECKIN_LOG_ROWS } from './support/audit';
import { buyTicket, ownEvent, qrOf, signedIn, signedInAs } from './support/organizer';
import type { Person } from './support/organizer';

jest.setTimeout(60_000);

const HOUR = 3_600_000;

/** The signed fields of a ticket's QR text (everything but the signature). */
function payloadOf(qr: string): TicketPayload {
  const fields = JSON.parse(qr) as Record<string, unknown>;
  delete fields.sig;
  return fields as unknown as TicketPayload;
}

describe('check-in at the gate, per ticket', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let buyer: Person;
  let main: number;
  let second: number;
  let later: number;
  let foreign: number;
  let nextSeat = 1;

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other, buyer] = await Promise.all([signedIn(app, 'Organizer', 'Gina'), signedIn(app, 'Organizer'), signedIn(app, 'Participant', 'Bea')]);
    // Doors open 3 hours before the start: these two are open now, `later` opens in 29 days.
    const soon = new Date(Date.now() + HOUR);
    main = await ownEvent(app.db, owner.id, { title: 'Gate test main', startsAt: soon });
    second = await ownEvent(app.db, owner.id, { title: 'Gate test second', startsAt: soon });
    later = await ownEvent(app.db, owner.id, { title: 'Gate test later' });
    foreign = await ownEvent(app.db, other.id, { title: 'Gate test foreign', startsAt: soon });
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
  const byHand = async (ticketId: string, body: Record<string, unknown> = {}, cookie = owner.cookie) =>
    json<CheckinResponse>(await app.request('POST', `/api/organizer/tickets/${ticketId}/checkin`, { cookie, body }));
  const presentSeats = async (orderId: number): Promise<number[]> => {
    const { rows } = await app.db.query<{ seat: number }>(
      'SELECT t.seat_number AS seat FROM tickets t JOIN ticket_checkins c ON c.ticket_id = t.id WHERE t.order_id = $1 ORDER BY 1',
      [orderId],
    );
    return rows.map((r) => r.seat);
  };
  const logOf = async (orderId: number) =>
    (
      await app.db.query<{ action: string; result: string; organizer_user_id: number; reason: string | null; overridden: boolean }>(
        `SELECT action, result, organizer_user_id, reason, overridden FROM ${CHECKIN_LOG_ROWS} WHERE order_id = $1 ORDER BY id`,
        [orderId],
      )
    ).rows;

  it('issues one ticket per seat: its own id, QR naming its seat, and a 10-symbol code without look-alikes', async () => {
    const t = await ticket(main, 3);
    const tickets = t.tickets ?? [];
    expect(tickets.map((x) => [x.seat, x.seatName])).toEqual(t.seats.map((seat, i) => [seat, t.seatNames?.[i]]));
    expect(new Set(tickets.map((x) => x.ticketId)).size).toBe(3);
    for (const x of tickets) {
      expect(x.code).toMatch(new RegExp(`^[${TICKET_CODE_ALPHABET}]{4}-[${TICKET_CODE_ALPHABET}]{4}-[${TICKET_CODE_ALPHABET}]{2}$`));
      expect(x.code).not.toMatch(/[01IO]/);
      // SPEC's payload stays about the order; the seat names this ticket's seat.
      expect(payloadOf(x.qr)).toMatchObject({ ticket_id: x.ticketId, seats: t.seats, seat: x.seat, totalAmount: t.totalAmount });
      expect(x.checkedInAt).toBeNull();
    }
  });

  it('scanning the second of three tickets checks in that seat and no other', async () => {
    const t = await ticket(main, 3);
    const before = Date.now();
    const res = await scan(qrOf(t, 1));
    expect(res.status).toBe(200);
    const second3 = t.tickets?.[1];
    expect(checkinResponseSchema.parse(res.body)).toEqual({
      success: true,
      result: 'checked_in',
      headline: 'Checked in',
      message: `Bea Tester · Upper Box F, seat ${second3?.seatName}`,
      checkedInAt: expect.any(String),
      attendee: {
        ticketId: second3?.ticketId,
        code: second3?.code,
        orderId: t.orderId,
        transactionNo: formatTransactionNo(t.orderId),
        name: 'Bea Tester',
        section: 'Upper Box F',
        seats: [second3?.seat],
        seatNames: [second3?.seatName],
        categories: ['regular'],
        event: { id: main, name: 'Gate test main' },
      },
      ticketEvent: null,
      doors: null,
      overridable: false,
      overridden: false,
      idCheck: null,
    });
    expect(Date.parse(res.body.checkedInAt as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(await presentSeats(t.orderId)).toEqual([second3?.seat]);
    const list = await json<AttendeesResponse>(await app.request('GET', `/api/organizer/events/${main}/attendees?search=${t.orderId}`, { cookie: owner.cookie }));
    expect(list.body.attendees.map((a) => [a.seatNames[0], a.status, a.checkinMethod])).toEqual(t.tickets?.map((x) => [x.seatName, x.seat === second3?.seat ? 'Present' : 'Absent', x.seat === second3?.seat ? 'scan' : null]));
    expect(list.body.attendees.find((a) => a.status === 'Present')).toMatchObject({ ticketId: second3?.ticketId, timePresent: formatManilaClock(new Date(res.body.checkedInAt as string)) });
    expect(await logOf(t.orderId)).toEqual([{ action: 'scan', result: 'checked_in', organizer_user_id: owner.id, reason: null, overridden: false }]);
  });

  it('takes a typed short code in any case, with or without spaces and dashes; an unknown code is Not found whoever owns it', async () => {
    const t = await ticket(main, 2);
    const code = t.tickets?.[0]?.code as string;
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `;
    const res = await scan(typed, { eventId: main });
    expect(res.body).toMatchObject({ result: 'checked_in', attendee: { ticketId: t.tickets?.[0]?.ticketId, code } });
    expect((await scan(code.replace(/-/g, ''))).body.result).toBe('already_checked_in');
    expect(await presentSeats(t.orderId)).toEqual([t.seats[0]]);

    const unknown = await scan('ZZZZ-ZZZZ-ZZ');
    expect(unknown.body).toMatchObject({ result: 'not_found', headline: 'Not found', attendee: null });
    // Another organizer's ticket reads the same as a code nobody has.
    const theirs = await ticket(foreign);
    const foreignCode = await scan(theirs.tickets?.[0]?.code as string);
    expect(foreignCode.body).toEqual({ ...unknown.body, checkedInAt: null });
    expect(await presentSeats(theirs.orderId)).toEqual([]);
    // Code of another of my events than the one selected.
    const mine = await ticket(second);
    expect((await scan(mine.tickets?.[0]?.code as string, { eventId: main })).body).toMatchObject({ result: 'wrong_event', headline: 'Not for this event', ticketEvent: { id: second } });
  });

  it('checks a ticket in by hand (logged as such); a ticket that is not the organizer’s is not found', async () => {
    const t = await ticket(main, 2);
    const [a, b] = t.tickets ?? [];
    const res = await byHand(b?.ticketId as string, { eventId: main });
    expect(res.body).toMatchObject({ result: 'checked_in', attendee: { ticketId: b?.ticketId, seatNames: [b?.seatName] } });
    expect(await presentSeats(t.orderId)).toEqual([b?.seat]);
    expect((await byHand(b?.ticketId as string)).body.result).toBe('already_checked_in');
    expect(await json(await app.request('POST', `/api/organizer/tickets/${a?.ticketId}/checkin`, { cookie: other.cookie, body: {} }))).toEqual({ status: 404, body: { success: false, error: 'Ticket not found' } });
    expect((await app.request('POST', '/api/organizer/tickets/not-a-ticket/checkin', { cookie: owner.cookie, body: {} })).status).toBe(404);
    expect((await app.request('POST', `/api/organizer/tickets/${a?.ticketId}/checkin`, { cookie: owner.cookie, body: { override: 'yes' } })).status).toBe(400);
    const list = await json<AttendeesResponse>(await app.request('GET', `/api/organizer/events/${main}/attendees?search=${encodeURIComponent(b?.code as string)}`, { cookie: owner.cookie }));
    expect(list.body.attendees.map((x) => [x.ticketId, x.checkinMethod])).toEqual([[b?.ticketId, 'hand']]);
    expect((await logOf(t.orderId)).map((r) => [r.action, r.result])).toEqual([
      ['hand', 'checked_in'],
      ['hand', 'already_checked_in'],
    ]);
  });

  it('keeps the doors: too early and too late are refused with the time, and admitted anyway only on purpose (logged)', async () => {
    const early = await ticket(later);
    const res = await scan(qrOf(early));
    const { rows } = await app.db.query<{ opens: Date }>(`SELECT starts_at - interval '3 hours' AS opens FROM events WHERE id = $1`, [later]);
    const opens = rows[0]?.opens as Date;
    expect(res.body).toMatchObject({ result: 'too_early', headline: 'Too early', overridable: true, overridden: false, doors: { opensAt: opens.toISOString() }, attendee: { orderId: early.orderId } });
    expect(res.body.message).toMatch(new RegExp(`^Too early: doors open at ${formatManilaClock(opens)} on \\d\\d-\\d\\d-\\d{4}$`));
    expect(await presentSeats(early.orderId)).toEqual([]);
    const anyway = await scan(qrOf(early), { override: true });
    expect(anyway.body).toMatchObject({ result: 'checked_in', overridden: true });
    expect(await logOf(early.orderId)).toEqual([
      { action: 'scan', result: 'too_early', organizer_user_id: owner.id, reason: null, overridden: false },
      { action: 'scan', result: 'checked_in', organizer_user_id: owner.id, reason: null, overridden: true },
    ]);

    // The organizer moves the doors: they open 30 days ahead now.
    await app.db.query('UPDATE events SET checkin_opens_minutes = 1440 WHERE id = $1', [later]);
    const stillEarly = await ticket(later);
    expect((await scan(qrOf(stillEarly))).body.result).toBe('too_early');

    const late = await ticket(main);
    app.clock.advance(6 * HOUR);
    try {
      const closed = await byHand(late.tickets?.[0]?.ticketId as string);
      expect(closed.body).toMatchObject({ result: 'too_late', headline: 'Too late', overridable: true });
      expect(closed.body.message).toMatch(/^Too late: doors closed at \d{1,2}:\d\d (AM|PM)/);
      expect((await byHand(late.tickets?.[0]?.ticketId as string, { override: true })).body).toMatchObject({ result: 'checked_in', overridden: true });
    } finally {
      app.clock.reset();
    }
  });

  it('20 gates scanning one ticket at the same moment check it in exactly once', async () => {
    const gates = [app, ...(await Promise.all(Array.from({ length: 3 }, () => startBookingApp({ prepare: false }))))];
    try {
      const t = await ticket(main, 2);
      const scans = await Promise.all(Array.from({ length: 20 }, (_, i) => scan(qrOf(t, 0), {}, owner.cookie, gates[i % gates.length])));
      const results = scans.map((s) => s.body.result);
      expect(results.filter((r) => r === 'checked_in')).toHaveLength(1);
      expect(results.filter((r) => r === 'already_checked_in')).toHaveLength(19);
      const winner = scans.find((s) => s.body.result === 'checked_in');
      expect(new Set(scans.map((s) => s.body.checkedInAt))).toEqual(new Set([winner?.body.checkedInAt]));
      expect(await presentSeats(t.orderId)).toEqual([t.seats[0]]);
      expect(await logOf(t.orderId)).toHaveLength(20);
    } finally {
      await Promise.all(gates.slice(1).map((g) => g.stop()));
    }
  });

  it('the one QR of an order paid before tickets per seat admits its whole order, once', async () => {
    const t = await ticket(main, 3);
    // An order paid before: its one ticket id, signed over the order without a seat.
    const legacyId = randomBytes(16).toString('base64url');
    await app.db.query('UPDATE orders SET ticket_id = $2 WHERE id = $1', [t.orderId, legacyId]);
    const ours = createTicketSigner(loadOrCreateDevKey().key);
    const orderPayload: TicketPayload = { ...payloadOf(qrOf(t)), ticket_id: legacyId };
    delete orderPayload.seat;
    const legacyQr = ours.sign(orderPayload);
    const first = await scan(legacyQr);
    expect(first.body).toMatchObject({ result: 'checked_in', attendee: { ticketId: null, code: null, seats: t.seats, seatNames: t.seatNames } });
    expect(await presentSeats(t.orderId)).toEqual(t.seats);
    expect((await scan(legacyQr)).body.result).toBe('already_checked_in');
    expect((await scan(qrOf(t, 2))).body.result).toBe('already_checked_in');
    // Its content is checked like any ticket's.
    expect((await scan(JSON.stringify({ ...JSON.parse(legacyQr), seats: [1] }))).body.result).toBe('altered');
  });

  it('refuses a forged ticket: another key’s signature, or an id we never issued', async () => {
    const t = await ticket();
    const payload = payloadOf(qrOf(t));
    const impostor = createTicketSigner(generateKeyPairSync('ed25519').privateKey);
    const forged = await scan(impostor.sign(payload));
    expect(forged.body).toMatchObject({ result: 'forged', headline: 'Forged ticket', attendee: null, checkedInAt: null });
    const invented = await scan(impostor.sign({ ...payload, ticket_id: randomBytes(16).toString('base64url') }));
    expect(invented.body.result).toBe('forged');
    expect(await presentSeats(t.orderId)).toEqual([]);
    expect((await logOf(t.orderId)).map((r) => r.result)).toEqual(['forged']);
  });

  it('refuses an altered ticket: our signature over other seats, another seat or another amount', async () => {
    const t = await ticket(main, 2);
    const parsed = JSON.parse(qrOf(t)) as Record<string, unknown>;
    for (const change of [{ seats: [...t.seats, (t.seats[1] as number) + 1] }, { seat: t.seats[1] }, { totalAmount: 0 }, { event_id: second }, { section_id: 6 }, { paymentMethod: 'visa' }]) {
      const res = await scan(JSON.stringify({ ...parsed, ...change }));
      expect([change, res.body.result, res.body.headline]).toEqual([change, 'altered', 'Altered ticket']);
    }
    expect(await presentSeats(t.orderId)).toEqual([]);
  });

  it('refuses another organizer’s ticket, and a ticket of another event than the one selected', async () => {
    const theirs = await ticket(foreign);
    const res = await scan(qrOf(theirs));
    expect(res.body).toMatchObject({ result: 'wrong_event', headline: 'Not for this event', message: 'This ticket is not for any of your events.', attendee: null, ticketEvent: null });
    expect(await presentSeats(theirs.orderId)).toEqual([]);
    // Nothing of the other organizer's order is written to this organizer's log.
    expect(await logOf(theirs.orderId)).toEqual([]);

    const mine = await ticket(second);
    const wrong = await scan(qrOf(mine), { eventId: main });
    expect(wrong.body).toMatchObject({ result: 'wrong_event', message: 'This ticket is for Gate test second.', ticketEvent: { id: second, name: 'Gate test second' } });
    expect(await presentSeats(mine.orderId)).toEqual([]);
    expect((await scan(qrOf(mine), { eventId: second })).body.result).toBe('checked_in');
  });

  it('refuses a ticket our key signed that no paid order carries', async () => {
    const t = await ticket();
    const payload = payloadOf(qrOf(t));
    const ours = createTicketSigner(loadOrCreateDevKey().key);
    const res = await scan(ours.sign({ ...payload, ticket_id: randomBytes(16).toString('base64url') }));
    expect(res.body).toMatchObject({ result: 'not_paid', headline: 'Ticket not paid', attendee: null });
  });

  it('one rule decides whether a ticket admits: valid, or cancelled, refunded, transferred, not paid', () => {
    expect(ticketRefusal('valid')).toBeNull();
    expect(['cancelled', 'refunded', 'transferred', 'not_paid', 'expired'].map(ticketRefusal)).toEqual(['cancelled', 'refunded', 'transferred', 'not_paid', 'not_paid']);
  });

  it('a ticket admitted before the doors open (Admit anyway) reads Already checked in when scanned, typed or checked in by hand again, never Too early', async () => {
    const early = await ticket(later);
    const t = early.tickets?.[0];
    expect((await scan(qrOf(early), { override: true })).body).toMatchObject({ result: 'checked_in', overridden: true });
    const first = (await app.db.query<{ checked_in_at: Date }>('SELECT checked_in_at FROM ticket_checkins WHERE ticket_id = $1', [t?.ticketId])).rows[0]?.checked_in_at;
    for (const res of [await scan(qrOf(early)), await scan(t?.code as string), await byHand(t?.ticketId as string)]) {
      expect(res.body).toMatchObject({ result: 'already_checked_in', headline: 'Already checked in', overridable: false, doors: null, checkedInAt: first?.toISOString() });
    }
    // Where it was: the list says by hand; a gate's name when a gate made it.
    const byList = await ticket(later);
    const id = byList.tickets?.[0]?.ticketId as string;
    expect((await byHand(id, { override: true })).body.result).toBe('checked_in');
    expect((await scan(qrOf(byList))).body.message).toMatch(/^First scanned at .+ \(by hand on the list\): /);
  });

  it('answers unreadable text as such (and logs it); a bad request body is a 400', async () => {
    const before = (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${CHECKIN_LOG_ROWS} WHERE organizer_user_id = $1 AND result = 'unreadable'`, [owner.id])).rows[0]?.n ?? 0;
    for (const text of ['hello', '{"ticket_id":"x"}', '[1,2]', 'x'.repeat(5000), '   ']) {
      const res = await scan(text);
      expect([text.slice(0, 20), res.status, res.body.result, res.body.headline]).toEqual([text.slice(0, 20), 200, 'unreadable', 'Not a ticket code']);
    }
    const after = (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${CHECKIN_LOG_ROWS} WHERE organizer_user_id = $1 AND result = 'unreadable'`, [owner.id])).rows[0]?.n;
    expect(after).toBe(before + 5);
    for (const body of [{}, { qr: '' }, { qr: 5 }, { qr: 'x', eventId: 'one' }, { qr: 'x', eventId: 0 }, { qr: 'x', other: 1 }, { qr: 'a\u0000b' }, { qr: 'x', override: 1 }]) {
      const res = await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body });
      expect([body, res.status]).toEqual([body, 400]);
    }
    const t = await ticket();
    expect(await json(await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body: { qr: qrOf(t), eventId: foreign } }))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    expect(await presentSeats(t.orderId)).toEqual([]);
  });

  it('undoes a check-in of one seat with a reason (logged); the ticket can then be scanned in again', async () => {
    const t = await ticket(main, 2);
    const [a, b] = t.tickets ?? [];
    await scan(qrOf(t, 0));
    await scan(qrOf(t, 1));
    const undo = (ticketId: string, body: unknown, cookie = owner.cookie) => app.request('POST', `/api/organizer/tickets/${ticketId}/checkin/undo`, { cookie, body });
    expect(await json(await undo(a?.ticketId as string, {}))).toEqual({ status: 400, body: { success: false, error: 'Give a reason for undoing the check-in' } });
    expect(await json(await undo(a?.ticketId as string, { reason: 'Wrong person' }, other.cookie))).toEqual({ status: 404, body: { success: false, error: 'Ticket not found' } });
    const done = await json(await undo(a?.ticketId as string, { reason: 'Scanned the wrong ticket' }));
    expect(done).toEqual({ status: 200, body: { success: true, ticketId: a?.ticketId, status: 'Absent', undoneCheckedInAt: expect.any(String) } });
    expect(await presentSeats(t.orderId)).toEqual([b?.seat]);
    expect(await json(await undo(a?.ticketId as string, { reason: 'Again' }))).toEqual({ status: 409, body: { success: false, error: 'This ticket is not checked in.' } });
    expect((await undo(randomBytes(16).toString('base64url'), { reason: 'x' })).status).toBe(404);
    expect((await scan(qrOf(t, 0))).body.result).toBe('checked_in');
    expect((await logOf(t.orderId)).map((r) => [r.action, r.result, r.reason])).toEqual([
      ['scan', 'checked_in', null],
      ['scan', 'checked_in', null],
      ['undo', 'undone', 'Scanned the wrong ticket'],
      ['scan', 'checked_in', null],
    ]);
  });

  it('shows the organizer the log of an event, newest first, with seats, override and by-hand entries; nobody else', async () => {
    const t = await ticket(main, 2);
    await scan(qrOf(t, 1), { eventId: main });
    await byHand(t.tickets?.[0]?.ticketId as string, { eventId: main });
    await scan('garbage', { eventId: main });
    const { status, body } = await json<CheckinLogResponse>(await app.request('GET', `/api/organizer/events/${main}/checkin-log`, { cookie: owner.cookie }));
    expect(status).toBe(200);
    expect(body.entries[0]).toMatchObject({ action: 'scan', result: 'unreadable', by: 'Gina Tester', transactionNo: null, attendee: null, seatNames: [], gate: null, overridden: false, detail: null });
    expect(body.entries[1]).toMatchObject({ action: 'hand', result: 'checked_in', transactionNo: formatTransactionNo(t.orderId), attendee: 'Bea Tester', seatNames: [t.seatNames?.[0]] });
    expect(body.entries[2]).toMatchObject({ action: 'scan', result: 'checked_in', seatNames: [t.seatNames?.[1]] });
    expect(body).toMatchObject({ page: 1, pageSize: 50 });
    expect((await app.request('GET', `/api/organizer/events/${main}/checkin-log`, { cookie: other.cookie })).status).toBe(404);
  });

  it('answers 401 without a session and 403 to visitors and admins', async () => {
    const t = await ticket();
    const ticketId = t.tickets?.[0]?.ticketId as string;
    const admin = await signedInAs(app, 'admin@demo.local');
    for (const [method, path, body] of [
      ['POST', '/api/organizer/checkins', { qr: qrOf(t) }],
      ['POST', `/api/organizer/tickets/${ticketId}/checkin`, {}],
      ['POST', `/api/organizer/tickets/${ticketId}/checkin/undo`, { reason: 'x' }],
      ['GET', `/api/organizer/events/${main}/checkin-log`, undefined],
    ] as const) {
      expect((await app.request(method, path, body ? { body } : {})).status).toBe(401);
      expect((await app.request(method, path, { cookie: buyer.cookie, ...(body ? { body } : {}) })).status).toBe(403);
      expect((await app.request(method, path, { cookie: admin, ...(body ? { body } : {}) })).status).toBe(403);
    }
    expect(await presentSeats(t.orderId)).toEqual([]);
  });
});
