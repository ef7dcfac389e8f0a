// The offline gate's API: the copy of an event's tickets a gate keeps, and the sync of the scans it
// admitted offline (first scan wins across gates, conflicts in the check-in log, a retried sync
// applied once, two gates syncing at the same moment) and refused (logged), only for the
// organizer's own events.
import { createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import type { CheckinLogResponse, GateScan, GateSnapshotResponse, GateSyncResponse, OrderResponse, OrderSummary } from '@sports/contracts';
import { canonicalTicketPayload, gateSnapshotResponseSchema, gateSyncResponseSchema, GATE_SCAN_OUTCOMES, parseTicketQr } from '@sports/contracts';
import { issueTickets } from '../src/orders/ticket-issue';
import { book, json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { moveEvent, ownEvent, signedIn } from './support/organizer';
import type { Person } from './support/organizer';

jest.setTimeout(60_000);

describe('offline gate', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let buyer: Person;
  let event: number;
  let foreign: number;
  let nextSeat = 1;

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other, buyer] = await Promise.all([signedIn(app, 'Organizer', 'Gina'), signedIn(app, 'Organizer'), signedIn(app, 'Participant', 'Bea')]);
    event = await ownEvent(app.db, owner.id, { title: 'Gate sync main' });
    await doorsOpen();
    foreign = await ownEvent(app.db, other.id, { title: 'Gate sync foreign' });
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  /** The doors are open: the event started an hour ago and runs three more. */
  const doorsOpen = () => moveEvent(app.db, event, new Date(Date.now() - 3_600_000), new Date(Date.now() + 3 * 3_600_000));
  /** Tickets are sold before the event starts: it is moved ahead for the sale, then back. */
  const buy = async (count = 1, eventId = event): Promise<OrderSummary> => {
    const seats = Array.from({ length: count }, (_, i) => nextSeat + i);
    nextSeat += count;
    if (eventId === event) await moveEvent(app.db, event, new Date(Date.now() + 30 * 86_400_000), null);
    try {
      const held = await book(app, buyer.cookie, eventId, 5, seats);
      if (held.status !== 200 || !held.body.order) throw new Error(`booking failed: ${held.status} ${JSON.stringify(held.body)}`);
      const paid = await json<OrderResponse>(
        await app.request('POST', `/api/orders/${held.body.order.orderId}/pay`, { cookie: buyer.cookie, headers: { 'Idempotency-Key': `gate-test-${randomUUID()}` }, body: { paymentMethod: 'gcash' } }),
      );
      if (paid.status !== 200 || !paid.body.order.tickets?.length) throw new Error(`payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
      return paid.body.order;
    } finally {
      if (eventId === event) await doorsOpen();
    }
  };
  const ticketIdsOf = (order: OrderSummary): string[] => (order.tickets ?? []).map((t) => t.ticketId);
  const snapshot = async (cookie = owner.cookie, eventId = event) => json<GateSnapshotResponse>(await app.request('GET', `/api/organizer/events/${eventId}/gate`, { cookie }));
  const sync = async (device: string, scans: GateScan[], cookie = owner.cookie, eventId = event) =>
    json<GateSyncResponse>(await app.request('POST', `/api/organizer/events/${eventId}/gate/scans`, { cookie, body: { device, scans } }));
  const scanOf = (ticketId: string, at: Date, override = false): GateScan => ({ scanId: randomUUID(), ticketId, at: at.toISOString(), override });
  const checkinOf = async (ticketId: string) =>
    (await app.db.query<{ checked_in_at: Date; gate: string | null; method: string }>('SELECT checked_in_at, gate, method FROM ticket_checkins WHERE ticket_id = $1', [ticketId])).rows;
  const trailOf = async (ticketId: string) =>
    (await app.db.query<{ action: string; data: Record<string, unknown> }>(`SELECT action, data FROM audit_trail WHERE data ->> 'ticket_id' = $1 ORDER BY id`, [ticketId])).rows;
  const minutesAgo = (n: number): Date => new Date(Date.now() - n * 60_000);

  it('gives the gate its copy: window, public key, every ticket with code, seat name, holder and check-in, old whole-order QRs', async () => {
    const order = await buy(2);
    const res = await snapshot();
    expect(res.status).toBe(200);
    const body = gateSnapshotResponseSchema.parse(res.body);
    expect(body.event).toEqual({ id: event, name: 'Gate sync main' });
    expect(Date.parse(body.window.opensAt)).toBeLessThan(Date.now());
    expect(Date.parse(body.window.closesAt)).toBeGreaterThan(Date.now());
    expect(body.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const mine = body.tickets.filter((t) => ticketIdsOf(order).includes(t.ticketId));
    expect(mine).toEqual(
      (order.tickets ?? []).map((t) => ({ ticketId: t.ticketId, code: t.code, seat: t.seat, seatName: t.seatName, section: 'Upper Box F', holder: 'Bea Tester', category: 'regular', status: 'valid', checkedInAt: null, gate: null })),
    );
    // What the browser verifies: the canonical bytes of the QR's fields, signed by the copy's key.
    const qr = order.tickets?.[0]?.qr as string;
    const parsed = parseTicketQr(qr);
    const { sig, ...payload } = parsed ?? { sig: '' };
    expect(qr).toBe(`${canonicalTicketPayload(payload as never).slice(0, -1)},"sig":"${sig}"}`);
    expect(verify(null, Buffer.from(canonicalTicketPayload(payload as never)), createPublicKey(body.publicKey), Buffer.from(sig, 'base64url'))).toBe(true);

    // An order paid before tickets per seat keeps its one QR: the copy maps it to the order's tickets.
    const legacy = await buy(2);
    const orderTicketId = randomBytes(16).toString('base64url');
    await app.db.query('UPDATE orders SET ticket_id = $2 WHERE id = $1', [legacy.orderId, orderTicketId]);
    const again = gateSnapshotResponseSchema.parse((await snapshot()).body);
    expect(again.legacyOrders[orderTicketId]).toEqual(ticketIdsOf(legacy));
  });

  it("another organizer's event is not found (404), and so is an unknown one", async () => {
    for (const res of [await snapshot(owner.cookie, foreign), await snapshot(other.cookie, event), await snapshot(owner.cookie, 99_999_999)]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Event not found' });
    }
    const ticketId = ticketIdsOf(await buy())[0] as string;
    const res = await sync('North', [scanOf(ticketId, minutesAgo(1))], other.cookie);
    expect(res.status).toBe(404);
    expect(await checkinOf(ticketId)).toEqual([]);
  });

  it('refuses bad input with 400 and a JSON error', async () => {
    const ticketId = ticketIdsOf(await buy())[0] as string;
    const good = scanOf(ticketId, minutesAgo(1));
    const cases: unknown[] = [
      {},
      { device: '', scans: [good] },
      { device: 'x'.repeat(61), scans: [good] },
      { device: 'North', scans: 'all' },
      { device: 'North', scans: [{ ...good, scanId: 'not-a-uuid' }] },
      { device: 'North', scans: [{ ...good, ticketId: 'short' }] },
      { device: 'North', scans: [{ ...good, at: 'yesterday' }] },
      { device: 'North', scans: [{ ...good, override: 'yes' }] },
      { device: 'North', scans: [{ scanId: randomUUID(), at: good.at }] },
      { device: 'North', scans: [{ ...good, refused: 'checked_in' }] },
      { device: 'North', scans: [{ ...good, refused: 'nope' }] },
      { device: 'North', scans: Array.from({ length: 5001 }, () => ({ ...good, scanId: randomUUID() })) },
    ];
    for (const body of cases) {
      const res = await json<{ success: boolean; error: string }>(await app.request('POST', `/api/organizer/events/${event}/gate/scans`, { cookie: owner.cookie, body }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: expect.any(String) });
    }
    const bad = await app.request('POST', `/api/organizer/events/${event}/gate/scans`, { cookie: owner.cookie, raw: '{"device":' });
    expect(bad.status).toBe(400);
    expect(await checkinOf(ticketId)).toEqual([]);
  });

  it('checks a ticket in at the gate (method gate, its name, the scan time); a retried sync applies nothing twice', async () => {
    const ticketId = ticketIdsOf(await buy())[0] as string;
    const at = minutesAgo(5);
    const scans = [scanOf(ticketId, at)];
    const first = await sync('North gate', scans);
    expect(first.status).toBe(200);
    expect(gateSyncResponseSchema.parse(first.body).results).toEqual([{ scanId: scans[0]?.scanId, ticketId, outcome: 'checked_in', checkedInAt: at.toISOString(), gate: 'North gate' }]);
    expect(await checkinOf(ticketId)).toEqual([{ checked_in_at: at, gate: 'North gate', method: 'gate' }]);
    const retried = await sync('North gate', scans);
    expect(retried.body.results).toEqual([{ scanId: scans[0]?.scanId, ticketId, outcome: 'duplicate', checkedInAt: at.toISOString(), gate: 'North gate' }]);
    expect((await trailOf(ticketId)).map((r) => [r.action, r.data.method, r.data.gate])).toEqual([['ticket.checked_in', 'gate', 'North gate']]);
    expect((await app.db.query('SELECT 1 FROM gate_scans WHERE scan_id = $1', [scans[0]?.scanId])).rowCount).toBe(1);
  });

  it('a ticket admitted at two gates: the earlier scan stands, the log shows the conflict with both gates and times', async () => {
    const [a, b] = ticketIdsOf(await buy(2)) as [string, string];
    const early = minutesAgo(10);
    const late = minutesAgo(4);
    // North scanned a first, South later; South syncs first.
    expect((await sync('South', [scanOf(a, late)])).body.results[0]?.outcome).toBe('checked_in');
    const north = await sync('North', [scanOf(a, early), scanOf(b, early)]);
    expect(north.body.results.map((r) => [r.outcome, r.gate, r.checkedInAt])).toEqual([
      ['earlier', 'North', early.toISOString()],
      ['checked_in', 'North', early.toISOString()],
    ]);
    expect(north.body.conflicts).toBe(1);
    expect(await checkinOf(a)).toEqual([{ checked_in_at: early, gate: 'North', method: 'gate' }]);
    // South syncing again later (another scan of b) loses to North's earlier one.
    const south = await sync('South', [scanOf(b, late)]);
    expect(south.body.results.map((r) => [r.outcome, r.gate])).toEqual([['later', 'North']]);
    expect(await checkinOf(b)).toEqual([{ checked_in_at: early, gate: 'North', method: 'gate' }]);

    const log = await json<CheckinLogResponse>(await app.request('GET', `/api/organizer/events/${event}/checkin-log`, { cookie: owner.cookie }));
    const conflicts = log.body.entries.filter((e) => e.action === 'conflict');
    expect(conflicts).toHaveLength(2);
    for (const entry of conflicts) {
      expect(entry.result).toBe('conflict');
      expect(entry.attendee).toBe('Bea Tester');
      expect(entry.detail).toMatch(/^Admitted at North at .+ and at South at .+: the first \(North\) stands\.$/);
    }
  });

  it('an online scan made after the gate admitted the ticket offline: the gate’s earlier scan stands', async () => {
    const order = await buy();
    const ticket = order.tickets?.[0];
    const online = await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body: { qr: ticket?.qr } });
    expect(online.status).toBe(200);
    const at = minutesAgo(30);
    const res = await sync('East', [scanOf(ticket?.ticketId as string, at)]);
    expect(res.body.results[0]).toMatchObject({ outcome: 'earlier', gate: 'East', checkedInAt: at.toISOString() });
    const trail = await trailOf(ticket?.ticketId as string);
    expect(trail.map((r) => r.action)).toEqual(['ticket.checked_in', 'ticket.checkin_conflict']);
    expect(trail[1]?.data.detail).toMatch(/^Admitted at East at .+ and at an online scan at .+: the first \(East\) stands\.$/);
  });

  it('two gates syncing the same tickets at the same moment: one check-in each, the earliest, no error', async () => {
    const ids = ticketIdsOf(await buy(6));
    const north = ids.map((id, i) => scanOf(id, minutesAgo(20 - i)));
    const south = ids.map((id, i) => scanOf(id, minutesAgo(i % 2 === 0 ? 30 : 5)));
    const [n, s] = await Promise.all([sync('North', north), sync('South', south)]);
    expect([n.status, s.status]).toEqual([200, 200]);
    for (const [i, id] of ids.entries()) {
      const expected = i % 2 === 0 ? { gate: 'South', at: south[i]?.at } : { gate: 'North', at: north[i]?.at };
      const rows = await checkinOf(id);
      expect(rows.map((r) => ({ gate: r.gate, at: r.checked_in_at.toISOString() }))).toEqual([expected]);
    }
    const outcomes = [...n.body.results, ...s.body.results].map((r) => r.outcome);
    expect(outcomes.filter((o) => o === 'checked_in')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'earlier' || o === 'later')).toHaveLength(6);
  });

  it('a ticket of another event is not found and not checked in', async () => {
    const elsewhere = ticketIdsOf(await buy(1, foreign))[0] as string;
    const res = await sync('North', [scanOf(elsewhere, minutesAgo(1))]);
    expect(res.body.results[0]).toMatchObject({ outcome: 'not_found', checkedInAt: null, gate: null });
    expect(await checkinOf(elsewhere)).toEqual([]);
  });

  it("logs the gate's refusals once, with its name and answer, and refuses (logged) what the event has no ticket for", async () => {
    const ticketId = ticketIdsOf(await buy())[0] as string;
    const forged: GateScan = { scanId: randomUUID(), at: minutesAgo(3).toISOString(), refused: 'forged' };
    const early: GateScan = { scanId: randomUUID(), ticketId, at: minutesAgo(2).toISOString(), refused: 'too_early' };
    const unknown = scanOf(randomBytes(16).toString('base64url'), minutesAgo(1));
    const first = await sync('West Annex', [forged, early, unknown]);
    expect(first.status).toBe(200);
    expect(first.body.results.map((r) => [r.outcome, r.ticketId, r.checkedInAt])).toEqual([
      ['logged', null, null],
      ['logged', ticketId, null],
      ['not_found', unknown.ticketId, null],
    ]);
    expect(await checkinOf(ticketId)).toEqual([]);
    // A retried sync logs nothing twice.
    expect((await sync('West Annex', [forged, early, unknown])).body.results.map((r) => r.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    const refusals = async () =>
      (
        await app.db.query<{ result: string; gate: string; scan_id: string; event_id: number | null }>(
          `SELECT data ->> 'result' AS result, data ->> 'gate' AS gate, data ->> 'scan_id' AS scan_id, event_id FROM audit_trail
           WHERE action = 'ticket.checkin_refused' AND data ->> 'scan_id' = ANY ($1::text[]) ORDER BY id`,
          [[forged.scanId, early.scanId, unknown.scanId]],
        )
      ).rows;
    expect(await refusals()).toEqual([
      { result: 'forged', gate: 'West Annex', scan_id: forged.scanId, event_id: null },
      { result: 'too_early', gate: 'West Annex', scan_id: early.scanId, event_id: event },
      { result: 'not_found', gate: 'West Annex', scan_id: unknown.scanId, event_id: null },
    ]);
    // The check-in log shows them, at their gate.
    const log = await json<CheckinLogResponse>(await app.request('GET', `/api/organizer/events/${event}/checkin-log`, { cookie: owner.cookie }));
    expect(log.body.entries.filter((e) => e.gate === 'West Annex').map((e) => [e.action, e.result])).toEqual([
      ['gate', 'not_found'],
      ['gate', 'too_early'],
      ['gate', 'forged'],
    ]);
  });

  it('5,000 scans in one call sync in one transaction', async () => {
    // Tickets made by SQL: buying 5,000 seats through the API is another test's business. (How
    // long a sync takes is measured by `npm run bench:checkin`.)
    const ids = await makeTickets(app, buyer.id, event, 5000);
    const scans = ids.map((id, i) => scanOf(id, new Date(Date.now() - 3_600_000 + i)));
    const res = await sync('Bulk gate', scans);
    expect(res.status).toBe(200);
    expect(res.body.results.every((r) => r.outcome === 'checked_in')).toBe(true);
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ticket_checkins WHERE gate = 'Bulk gate'`);
    expect(rows[0]?.n).toBe(5000);
  });

  it('the outcomes the table accepts are the contract’s', async () => {
    const { rows } = await app.db.query<{ def: string }>(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'gate_scans'::regclass AND conname = 'gate_scans_outcome_check'`);
    const list = [...(rows[0]?.def ?? '').matchAll(/'([^']+)'::text/g)].map((m) => m[1]);
    expect(list.sort()).toEqual(GATE_SCAN_OUTCOMES.filter((o) => o !== 'duplicate').sort());
  });
});

/** `count` paid one-seat orders of `userId` for `eventId` with their tickets, straight into the tables. */
async function makeTickets(app: BookingApp, userId: number, eventId: number, count: number): Promise<string[]> {
  return app.db.withTransaction(async (tx) => {
    const { rows: orders } = await tx.query<{ id: number }>(
      `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at)
       SELECT $1, $2, 5, 'paid', 1, 100, now(), now() + interval '10 minutes', 'gcash', 'full', now() FROM generate_series(1, $3) RETURNING id`,
      [userId, eventId, count],
    );
    const ids = orders.map((o) => o.id);
    await tx.query('INSERT INTO order_seats (order_id, event_id, section_id, seat_number) SELECT o, $2, 5, 1000 + n FROM unnest($1::int[]) WITH ORDINALITY AS x(o, n)', [ids, eventId]);
    await issueTickets(tx, ids, count);
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM tickets WHERE order_id = ANY ($1::int[]) ORDER BY order_id', [ids]);
    return rows.map((r) => r.id);
  });
}
