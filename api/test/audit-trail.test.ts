// The audit trail (api/src/audit, table audit_trail): every action writes one row with who did
// it, to what, from which address and the details; the rows of the three logs it replaced are
// carried over by its migration; and nobody can change or remove a row.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { OrderSummary } from '@sports/contracts';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { createUser } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { freshSchema, migrationsBefore } from './support/helpers';
import type { FreshSchema } from './support/helpers';
import { buyTicket, ownEvent, qrOf, signedIn, signedInAs } from './support/organizer';
import type { Person } from './support/organizer';

jest.setTimeout(60_000);

interface TrailRow {
  action: string;
  actor_user_id: number | null;
  account_id: number | null;
  event_id: number | null;
  order_id: number | null;
  inquiry_id: number | null;
  review_id: number | null;
  ip: string | null;
  data: Record<string, unknown>;
}

const TRAIL_COLUMNS = 'action, actor_user_id, account_id, event_id, order_id, inquiry_id, review_id, host(ip) AS ip, data';
const LOOPBACK = expect.stringMatching(/127\.0\.0\.1$/);

describe('the audit trail', () => {
  let app: BookingApp;
  let adminCookie: string;
  let adminId: number;
  let owner: Person;
  let buyer: Person;
  let eventId: number;
  let seat = 1;

  beforeAll(async () => {
    app = await startBookingApp();
    adminCookie = await signedInAs(app, 'admin@demo.local');
    adminId = (await app.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@demo.local'")).rows[0]?.id as number;
    [owner, buyer] = await Promise.all([signedIn(app, 'Organizer', 'Trail'), signedIn(app, 'Participant', 'Tess')]);
    // Its doors are open: they open 3 hours before the start.
    eventId = await ownEvent(app.db, owner.id, { title: 'Audit trail test event', startsAt: new Date(Date.now() + 3_600_000) });
  });
  afterAll(async () => {
    await app.stop();
  });

  const rowsWhere = async (where: string, params: unknown[]): Promise<TrailRow[]> =>
    (await app.db.query<TrailRow>(`SELECT ${TRAIL_COLUMNS} FROM audit_trail WHERE ${where} ORDER BY id`, params)).rows;
  const post = async (path: string, cookie: string, body?: unknown): Promise<number> => (await app.request('POST', path, { cookie, body })).status;
  const buy = (): Promise<OrderSummary> => buyTicket(app, buyer.cookie, eventId, 7, [seat++]);
  const ticketOf = (o: OrderSummary): string => o.tickets?.[0]?.ticketId as string;

  it("records an admin's account, event and inquiry decisions", async () => {
    const user = await createUser(app.db);
    expect(await post(`/api/admin/accounts/${user.id}/status`, adminCookie, { status: 'Restricted', reason: 'Trail test' })).toBe(200);
    const [approved, rejected] = [await ownEvent(app.db, owner.id, { status: 'Pending' }), await ownEvent(app.db, owner.id, { status: 'Pending' })];
    expect(await post(`/api/admin/events/${approved}/approve`, adminCookie, {})).toBe(200);
    expect(await post(`/api/admin/events/${rejected}/reject`, adminCookie, { reason: 'No room that day' })).toBe(200);
    const { rows } = await app.db.query<{ id: number }>(
      "INSERT INTO inquiries (name, email, message) VALUES ('Trail Asker', 'trail-asker@test.local', 'Is there parking?') RETURNING id",
    );
    const inquiryId = rows[0]?.id as number;
    expect(await post(`/api/admin/inquiries/${inquiryId}/respond`, adminCookie, { message: 'Yes, behind the arena.' })).toBe(200);

    const who = { actor_user_id: adminId, ip: LOOPBACK, order_id: null, review_id: null };
    expect(await rowsWhere('account_id = $1', [user.id])).toEqual([
      { ...who, action: 'account.status_changed', account_id: user.id, event_id: null, inquiry_id: null, data: { before: { status: 'Active' }, after: { status: 'Restricted', reason: 'Trail test' } } },
    ]);
    expect(await rowsWhere('event_id = ANY ($1::int[])', [[approved, rejected]])).toEqual([
      { ...who, action: 'event.approved', account_id: null, event_id: approved, inquiry_id: null, data: { before: { status: 'Pending' }, after: { status: 'Approved' } } },
      { ...who, action: 'event.rejected', account_id: null, event_id: rejected, inquiry_id: null, data: { before: { status: 'Pending' }, after: { status: 'Rejected', reason: 'No room that day' } } },
    ]);
    expect(await rowsWhere('inquiry_id = $1', [inquiryId])).toEqual([
      { ...who, action: 'inquiry.responded', account_id: null, event_id: null, inquiry_id: inquiryId, data: { before: { status: 'Pending' }, after: { status: 'Answered' } } },
    ]);
  });

  it("records an organizer's check-ins, refusals, undos, review answers and seat plans", async () => {
    const [first, second] = [await buy(), await buy()];
    const scan = async (qr: string, extra: Record<string, unknown> = {}): Promise<string> =>
      (await json<{ result: string }>(await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body: { qr, ...extra } }))).body.result;
    expect(await scan(qrOf(first), { eventId })).toBe('checked_in');
    expect(await scan(qrOf(first))).toBe('already_checked_in');
    expect(await scan('not a ticket', { eventId })).toBe('unreadable');
    expect(await scan(qrOf(second))).toBe('checked_in');
    expect(await post(`/api/organizer/tickets/${ticketOf(second)}/checkin/undo`, owner.cookie, { reason: 'Scanned the wrong guest' })).toBe(200);

    // Reviews open once the event is over.
    app.clock.advance(6 * 3_600_000);
    const review = await json<{ review: { id: number } }>(await app.request('POST', `/api/orders/${first.orderId}/review`, { cookie: buyer.cookie, body: { rating: 5, text: 'Great night.' } }));
    app.clock.reset();
    const reviewId = review.body.review.id;
    expect(await post(`/api/organizer/reviews/${reviewId}/response`, owner.cookie, { message: 'Thank you!' })).toBe(200);

    const planned = await ownEvent(app.db, owner.id);
    expect((await app.request('PUT', `/api/organizer/events/${planned}/seat-plan`, { cookie: owner.cookie, body: { rows: 4, columns: 6 } })).status).toBe(200);

    const who = { actor_user_id: owner.id, ip: LOOPBACK, account_id: null, inquiry_id: null };
    const seatOf = (o: OrderSummary): string[] => [o.tickets?.[0]?.seatName as string];
    const scanned = { method: 'scan' };
    expect(await rowsWhere(`actor_user_id = $1 AND action LIKE 'ticket.%'`, [owner.id])).toEqual([
      { ...who, action: 'ticket.checked_in', event_id: eventId, order_id: first.orderId, review_id: null, data: { ...scanned, ticket_id: ticketOf(first), seat_names: seatOf(first), selected_event_id: eventId } },
      { ...who, action: 'ticket.checkin_refused', event_id: eventId, order_id: first.orderId, review_id: null, data: { ...scanned, result: 'already_checked_in', ticket_id: ticketOf(first), seat_names: seatOf(first), selected_event_id: null } },
      { ...who, action: 'ticket.checkin_refused', event_id: null, order_id: null, review_id: null, data: { ...scanned, result: 'unreadable', ticket_id: null, seat_names: [], selected_event_id: eventId } },
      { ...who, action: 'ticket.checked_in', event_id: eventId, order_id: second.orderId, review_id: null, data: { ...scanned, ticket_id: ticketOf(second), seat_names: seatOf(second), selected_event_id: null } },
      { ...who, action: 'ticket.checkin_undone', event_id: eventId, order_id: second.orderId, review_id: null, data: { ticket_id: ticketOf(second), reason: 'Scanned the wrong guest' } },
    ]);
    expect(await rowsWhere('review_id = $1', [reviewId])).toEqual([
      { ...who, action: 'review.responded', event_id: eventId, order_id: null, review_id: reviewId, data: { message: 'Thank you!' } },
    ]);
    expect(await rowsWhere(`event_id = $1 AND action = 'seat_plan.applied'`, [planned])).toEqual([
      { ...who, action: 'seat_plan.applied', event_id: planned, order_id: null, review_id: null, data: { before: null, after: { rows: 4, columns: 6 } } },
    ]);
    // The check-in log screen reads the same rows, as before.
    const log = await json<{ entries: { action: string; result: string; reason: string | null }[] }>(
      await app.request('GET', `/api/organizer/events/${eventId}/checkin-log`, { cookie: owner.cookie }),
    );
    expect(log.body.entries.map((e) => [e.action, e.result, e.reason])).toEqual([
      ['undo', 'undone', 'Scanned the wrong guest'],
      ['scan', 'checked_in', null],
      ['scan', 'unreadable', null],
      ['scan', 'already_checked_in', null],
      ['scan', 'checked_in', null],
    ]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const before = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_trail')).rows[0]?.n;
    expect(before).toBeGreaterThan(0);
    await expect(app.db.query(`UPDATE audit_trail SET data = '{}' WHERE actor_user_id = $1`, [owner.id])).rejects.toThrow(/audit_trail is append-only: UPDATE refused/);
    await expect(app.db.query('DELETE FROM audit_trail WHERE actor_user_id = $1', [owner.id])).rejects.toThrow(/audit_trail is append-only: DELETE refused/);
    await expect(app.db.query('TRUNCATE audit_trail')).rejects.toThrow(/audit_trail is append-only: TRUNCATE refused/);
    expect((await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_trail')).rows[0]?.n).toBeGreaterThanOrEqual(before as number);
  });

  it('grants its owner no UPDATE, DELETE or TRUNCATE, and nobody else anything', async () => {
    const { rows } = await app.db.query<{ owner: boolean; privilege: string }>(
      `SELECT a.grantee = c.relowner AS owner, a.privilege_type AS privilege
       FROM pg_class c, aclexplode(c.relacl) a WHERE c.oid = 'audit_trail'::regclass`,
    );
    const privileges = rows.map((r) => r.privilege);
    expect(rows.every((r) => r.owner)).toBe(true);
    expect(privileges).toEqual(expect.arrayContaining(['INSERT', 'SELECT']));
    expect(privileges.filter((p) => ['UPDATE', 'DELETE', 'TRUNCATE'].includes(p))).toEqual([]);
  });
});

describe('the audit trail migration', () => {
  let s: FreshSchema;
  let dir: string;
  beforeEach(async () => {
    s = await freshSchema();
    dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
    await s.drop();
  });

  it('carries every row of the three old logs over, in their order, and drops them', async () => {
    // The schema as it was before the audit trail, with rows in each of its three logs.
    await cp(MIGRATIONS_DIR, dir, { recursive: true, filter: migrationsBefore('0304') });
    await migrate(s.db, { dir });
    const q = async (sql: string, params: unknown[] = []): Promise<number> => ((await s.db.query<{ id: number }>(sql, params)).rows[0] as { id: number }).id;
    const user = (email: string, role: number): Promise<number> => q('INSERT INTO users (email, first_name, last_name, role_id) VALUES ($1, $2, $3, $4) RETURNING id', [email, 'Old', 'Log', role]);
    const admin = await user('old-admin@test.local', 1);
    const organizer = await user('old-organizer@test.local', 2);
    const visitor = await user('old-visitor@test.local', 3);
    const event = await q(
      `INSERT INTO events (genre, title, description, starts_at, price, status, organizer_user_id, reviewed_by, reviewed_at)
       VALUES ('sports', 'Old log event', 'x', now() + interval '30 days', 0, 'Approved', $1, $2, now()) RETURNING id`,
      [organizer, admin],
    );
    const section = await q("INSERT INTO sections (label, capacity, level, map_x, map_y, map_width, map_height) VALUES ('Old log section', 10, 'lower', 0, 0, 10, 10) RETURNING id");
    const ticketId = 'A'.repeat(22);
    const order = await q(
      `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, ticket_id)
       VALUES ($1, $2, $3, 'paid', 1, 0, now() - interval '1 day', now() - interval '1 day' + interval '10 minutes', 'gcash', 'full', now() - interval '1 day', $4) RETURNING id`,
      [visitor, event, section, ticketId],
    );
    const inquiry = await q(
      `INSERT INTO inquiries (name, email, message, created_at, response, responded_by, responded_at)
       VALUES ('Asker', 'asker@test.local', 'Hello?', '2026-01-01T00:00:00Z', 'Hi.', $1, '2026-01-02T00:00:00Z') RETURNING id`,
      [admin],
    );
    const review = await q(
      `INSERT INTO reviews (event_id, user_id, order_id, rating, body, created_at, response, responded_at, responded_by)
       VALUES ($1, $2, $3, 4, 'Fine.', '2026-01-03T00:00:00Z', 'Thanks.', '2026-01-04T00:00:00Z', $4) RETURNING id`,
      [event, visitor, order, organizer],
    );
    const at = (day: number, hour = 0): string => `2026-01-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
    await s.db.query(
      `INSERT INTO admin_audit_log (at, actor_user_id, action, target_user_id, target_event_id, target_inquiry_id, before, after, ip) VALUES
         ($1, $4, 'account.status', $5, NULL, NULL, '{"status": "Active"}', '{"status": "Inactive", "reason": "Asked"}', '10.0.0.1'),
         ($2, $4, 'event.approve', NULL, $6, NULL, '{"status": "Pending"}', '{"status": "Approved"}', NULL),
         ($3, $4, 'inquiry.respond', NULL, NULL, $7, '{"status": "Pending"}', '{"status": "Answered"}', '::1')`,
      [at(1), at(5), at(2), admin, visitor, event, inquiry],
    );
    await s.db.query(
      `INSERT INTO organizer_audit_log (at, actor_user_id, action, event_id, review_id, details) VALUES
         ($1, $3, 'seat_plan.apply', $4, NULL, '{"before": null, "after": {"rows": 2, "columns": 3}}'),
         ($2, $3, 'review.respond', $4, $5, '{"message": "Thanks."}')`,
      [at(3), at(4), organizer, event, review],
    );
    await s.db.query(
      `INSERT INTO checkin_log (at, organizer_user_id, action, result, selected_event_id, event_id, order_id, ticket_id, reason) VALUES
         ($1, $4, 'scan', 'checked_in', $5, $5, $6, $7, NULL),
         ($2, $4, 'scan', 'unreadable', $5, NULL, NULL, NULL, NULL),
         ($3, $4, 'undo', 'undone', NULL, $5, $6, $7, 'Wrong guest')`,
      [at(3, 1), at(3, 2), at(4, 1), organizer, event, order, ticketId],
    );

    await cp(path.join(MIGRATIONS_DIR, '0304_audit_trail.sql'), path.join(dir, '0304_audit_trail.sql'));
    expect(await migrate(s.db, { dir })).toEqual(['0304_audit_trail']);

    const { rows } = await s.db.query<TrailRow & { at: Date }>(`SELECT at, ${TRAIL_COLUMNS} FROM audit_trail ORDER BY id`);
    const none = { account_id: null, event_id: null, order_id: null, inquiry_id: null, review_id: null, ip: null };
    // Interleaved by time, except that a log's own order wins: the event approval (day 5) came
    // before the inquiry answer (day 2) in the admin log, so both come after day 5's turn.
    expect(rows).toEqual([
      { ...none, at: new Date(at(1)), action: 'account.status_changed', actor_user_id: admin, account_id: visitor, ip: '10.0.0.1', data: { before: { status: 'Active' }, after: { status: 'Inactive', reason: 'Asked' } } },
      { ...none, at: new Date(at(3)), action: 'seat_plan.applied', actor_user_id: organizer, event_id: event, data: { before: null, after: { rows: 2, columns: 3 } } },
      { ...none, at: new Date(at(3, 1)), action: 'ticket.checked_in', actor_user_id: organizer, event_id: event, order_id: order, data: { ticket_id: ticketId, selected_event_id: event } },
      { ...none, at: new Date(at(3, 2)), action: 'ticket.checkin_refused', actor_user_id: organizer, data: { result: 'unreadable', ticket_id: null, selected_event_id: event } },
      { ...none, at: new Date(at(4)), action: 'review.responded', actor_user_id: organizer, event_id: event, review_id: review, data: { message: 'Thanks.' } },
      { ...none, at: new Date(at(4, 1)), action: 'ticket.checkin_undone', actor_user_id: organizer, event_id: event, order_id: order, data: { ticket_id: ticketId, reason: 'Wrong guest' } },
      { ...none, at: new Date(at(5)), action: 'event.approved', actor_user_id: admin, event_id: event, data: { before: { status: 'Pending' }, after: { status: 'Approved' } } },
      { ...none, at: new Date(at(2)), action: 'inquiry.responded', actor_user_id: admin, inquiry_id: inquiry, ip: '::1', data: { before: { status: 'Pending' }, after: { status: 'Answered' } } },
    ]);
    const { rows: left } = await s.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relname IN ('admin_audit_log', 'organizer_audit_log', 'checkin_log')`,
    );
    expect(left).toEqual([]);
  });

  it('runs on a database whose old logs are empty', async () => {
    expect(await migrate(s.db)).toContain('0304_audit_trail');
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_trail')).rows[0]?.n).toBe(0);
  });
});
