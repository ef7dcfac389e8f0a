// The offline gate's API: the copy of an event's tickets a gate keeps, and the sync of the scans it
// admitted offline (first scan wins across gates, conflicts in the check-in log, a retried sync
// applied once, two gates syncing at the same moment) and refused (logged), only for the
// organizer's own events.
import { createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import type { CheckinLogResponse, CheckinResponse, GateScan, GateSnapshotResponse, GateSyncResponse, OrderResponse, OrderSummary } from '@sports/contracts';
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
    // The gates of these tests took their copy of the event yesterday (scans are dated before now).
    await tookCopy(event, new Date(Date.now() - 86_400_000));
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
  /** A gate (unnamed: any gate) took its copy of the event at `at` (the server records it at the download's time). */
  const tookCopy = async (eventId: number, at: Date, device = '') => {
    const res = await app.request('GET', `/api/organizer/events/${eventId}/gate${device ? `?device=${encodeURIComponent(device)}` : ''}`, { cookie: owner.cookie });
    if (res.status !== 200) throw new Error(`snapshot failed: ${res.status}`);
    await app.db.query('UPDATE gate_downloads SET first_at = $3 WHERE event_id = $1 AND device = $2', [eventId, device, at]);
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

  it('a ticket admitted at two gates: the check-in made first stands, an earlier time synced later is only a conflict in the log', async () => {
    const [a, b] = ticketIdsOf(await buy(2)) as [string, string];
    const early = minutesAgo(10);
    const late = minutesAgo(4);
    // North scanned a first by its clock, South later; South syncs first.
    expect((await sync('South', [scanOf(a, late)])).body.results[0]?.outcome).toBe('checked_in');
    const north = await sync('North', [scanOf(a, early), scanOf(b, early)]);
    expect(north.body.results.map((r) => [r.outcome, r.gate, r.checkedInAt])).toEqual([
      ['earlier', 'South', late.toISOString()],
      ['checked_in', 'North', early.toISOString()],
    ]);
    expect(north.body.conflicts).toBe(1);
    // A gate's clock never takes a check-in away from another: South's stays as it was.
    expect(await checkinOf(a)).toEqual([{ checked_in_at: late, gate: 'South', method: 'gate' }]);
    const south = await sync('South', [scanOf(b, late)]);
    expect(south.body.results.map((r) => [r.outcome, r.gate])).toEqual([['later', 'North']]);
    expect(await checkinOf(b)).toEqual([{ checked_in_at: early, gate: 'North', method: 'gate' }]);

    const log = await json<CheckinLogResponse>(await app.request('GET', `/api/organizer/events/${event}/checkin-log`, { cookie: owner.cookie }));
    const conflicts = log.body.entries.filter((e) => e.action === 'conflict');
    expect(conflicts.map((e) => [e.result, e.attendee, e.detail])).toEqual([
      ['conflict', 'Bea Tester', expect.stringMatching(/^Admitted at North at .+ and at South at .+: the first \(North\) stands\.$/)],
      ['conflict', 'Bea Tester', expect.stringMatching(/^Admitted at South at .+ and at North at .+, earlier by its clock: the check-in recorded first \(South\) stands\.$/)],
    ]);
  });

  it('a real check-in stays when a gate syncs an older scan of it: logged beside it as a conflict', async () => {
    const order = await buy();
    const ticket = order.tickets?.[0];
    const ticketId = ticket?.ticketId as string;
    const online = await json<CheckinResponse>(await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body: { qr: ticket?.qr } }));
    expect(online.body.result).toBe('checked_in');
    const before = await checkinOf(ticketId);
    const old = new Date('2000-01-01T00:00:00Z');
    const res = await sync('Gate Evil', [scanOf(ticketId, old)]);
    expect(res.body.results[0]).toMatchObject({ outcome: 'earlier', gate: null, checkedInAt: online.body.checkedInAt });
    expect(await checkinOf(ticketId)).toEqual(before);
    expect((await app.db.query('SELECT overridden FROM ticket_checkins WHERE ticket_id = $1', [ticketId])).rows).toEqual([{ overridden: false }]);
    const trail = await trailOf(ticketId);
    expect(trail.map((r) => r.action)).toEqual(['ticket.checked_in', 'ticket.checkin_conflict']);
    expect(trail[1]?.data).toMatchObject({ gate: 'Gate Evil', first: { gate: 'an online scan', at: online.body.checkedInAt }, second: { gate: 'Gate Evil', at: old.toISOString() } });
    expect(trail[1]?.data.detail).toMatch(/^Admitted at an online scan at .+ and at Gate Evil at .+, earlier by its clock: the check-in recorded first \(an online scan\) stands\.$/);
  });

  it('two gates syncing the same tickets at the same moment: one check-in each, no error, the other a conflict', async () => {
    const ids = ticketIdsOf(await buy(6));
    const north = ids.map((id, i) => scanOf(id, minutesAgo(20 - i)));
    const south = ids.map((id, i) => scanOf(id, minutesAgo(i % 2 === 0 ? 30 : 5)));
    const [n, s] = await Promise.all([sync('North', north), sync('South', south)]);
    expect([n.status, s.status]).toEqual([200, 200]);
    for (const [i, id] of ids.entries()) {
      const rows = (await checkinOf(id)).map((r) => ({ gate: r.gate, at: r.checked_in_at.toISOString() }));
      expect(rows).toHaveLength(1);
      // Whichever sync took the event's turn first made it, with its own scan's time.
      expect([
        { gate: 'North', at: north[i]?.at },
        { gate: 'South', at: south[i]?.at },
      ]).toContainEqual(rows[0]);
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

  it('keeps the doors on synced scans: dated 2020 with no override is refused too_early (logged); override admits, logged with the gate; then already in comes first', async () => {
    const later = await ownEvent(app.db, owner.id, { title: 'Gate sync later' });
    await tookCopy(later, new Date('2019-12-31T00:00:00Z'));
    const ticketId = ticketIdsOf(await buy(1, later))[0] as string;
    const old = await sync('North', [scanOf(ticketId, new Date('2020-01-01T00:00:00Z'))], owner.cookie, later);
    expect(old.status).toBe(200);
    expect(old.body.results).toEqual([expect.objectContaining({ outcome: 'refused', reason: 'too_early', checkedInAt: null, gate: null })]);
    expect(await checkinOf(ticketId)).toEqual([]);
    expect((await trailOf(ticketId)).map((r) => [r.action, r.data.result, r.data.gate])).toEqual([['ticket.checkin_refused', 'too_early', 'North']]);

    const anyway = await sync('North', [scanOf(ticketId, minutesAgo(1), true)], owner.cookie, later);
    expect(anyway.body.results[0]).toMatchObject({ outcome: 'checked_in', gate: 'North' });
    expect((await app.db.query('SELECT method, gate, overridden FROM ticket_checkins WHERE ticket_id = $1', [ticketId])).rows).toEqual([{ method: 'gate', gate: 'North', overridden: true }]);
    const log = await json<CheckinLogResponse>(await app.request('GET', `/api/organizer/events/${later}/checkin-log`, { cookie: owner.cookie }));
    expect(log.body.entries.map((e) => [e.action, e.result, e.gate, e.overridden])).toEqual([
      ['gate', 'checked_in', 'North', true],
      ['gate', 'too_early', 'North', false],
    ]);
    // In already: another gate's scan outside the doors is a conflict, not too early.
    const again = await sync('South', [scanOf(ticketId, minutesAgo(0.5))], owner.cookie, later);
    expect(again.body.results[0]).toMatchObject({ outcome: 'later', gate: 'North' });
  });

  it('refuses (and logs) a scan dated in the future, and one dated before its gate took its copy', async () => {
    const [soon, before, after] = ticketIdsOf(await buy(3)) as [string, string, string];
    const future = new Date(Date.now() + 3_600_000);
    const res = await sync('North', [scanOf(soon, future)]);
    expect(res.body.results[0]).toMatchObject({ outcome: 'refused', reason: 'in_future', checkedInAt: null });
    expect(await checkinOf(soon)).toEqual([]);
    expect((await trailOf(soon)).map((r) => [r.action, r.data.result, r.data.gate, r.data.scanned_at])).toEqual([['ticket.checkin_refused', 'in_future', 'North', future.toISOString()]]);

    // A gate named Late took its first copy just now (the server's clock): it cannot have admitted anyone ten minutes ago.
    expect((await app.request('GET', `/api/organizer/events/${event}/gate?device=Late`, { cookie: owner.cookie })).status).toBe(200);
    const late = await sync('Late', [scanOf(before, minutesAgo(10)), scanOf(after, minutesAgo(1))]);
    expect(late.body.results.map((r) => [r.outcome, r.reason])).toEqual([
      ['refused', 'before_download'],
      ['checked_in', undefined],
    ]);
    expect(await checkinOf(before)).toEqual([]);
    expect((await trailOf(before)).map((r) => [r.action, r.data.result, r.data.gate])).toEqual([['ticket.checkin_refused', 'before_download', 'Late']]);
    // A gate's name that cannot be one is a 400.
    expect((await app.request('GET', `/api/organizer/events/${event}/gate?device=${'x'.repeat(61)}`, { cookie: owner.cookie })).status).toBe(400);
  });

  it('5,000 scans in one call sync in one transaction', async () => {
    // Tickets made by SQL: buying 5,000 seats through the API is another test's business. (How
    // long a sync takes is measured by `npm run bench:checkin`.)
    const ids = await makeTickets(app, buyer.id, event, 5000);
    const scans = ids.map((id, i) => scanOf(id, new Date(Date.now() - 3_600_000 + i)));
    const res = await sync('Bulk gate', scans);
    expect(res.status).toBe(200);
    expect(res.body.results.every((r) => r.outcome === 'checked_in')).toBe(true);
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ticket_checkins WHERE gate = 'Bulk gate' AND ticket_id = ANY ($1::text[])`, [ids]);
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
