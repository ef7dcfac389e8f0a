// The demo organizer's world (seed-organizer.ts), in a schema of its own: what it makes, that it
// is consistent, and that a second run changes nothing, sequences included.
import { migrate } from '../src/db';
import { seedDemo } from '../src/demo/seed-demo';
import { CHECKIN_LOG_ROWS, ORDER_CHECKINS } from './support/audit';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';

const TABLES = ['events', 'orders', 'order_seats', 'ticket_checkins', 'reviews', 'event_seat_plans', 'audit_trail'];

async function snapshot(s: FreshSchema): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const t of TABLES) out[t] = (await s.db.query(`SELECT * FROM ${t} ORDER BY 1, 2`)).rows;
  out.sequences = (await s.db.query('SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename')).rows;
  return out;
}

describe('demo organizer seed', () => {
  let s: FreshSchema;
  // 10:00 in Manila: today's event began at 09:00 and runs until 15:00.
  const now = new Date('2026-03-10T02:00:00Z');
  let organizerId: number;

  beforeAll(async () => {
    s = await freshSchema();
    await migrate(s.db);
    const started = Date.now();
    await seedDemo(s.db, { now });
    // Not a speed target, a sanity bound: the whole demo seed stays a start-up step.
    expect(Date.now() - started).toBeLessThan(60_000);
    organizerId = (await s.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'organizer@demo.local'")).rows[0]?.id as number;
  }, 60_000);
  afterAll(async () => {
    await s.drop();
  });

  it('a second run changes nothing, sequences included', async () => {
    const before = await snapshot(s);
    expect(await seedDemo(s.db, { now: new Date('2026-04-01T00:00:00Z') })).toEqual({ seeded: false });
    expect(await snapshot(s)).toEqual(before);
  });

  it('gives the demo organizer ten events: the five demo ones, two past, one today, a Pending and a Rejected request', async () => {
    const { rows } = await s.db.query<{ id: number; status: string; starts_at: Date; ends_at: Date | null; rejection_reason: string | null; reviewed_by: number | null }>(
      'SELECT id, status, starts_at, ends_at, rejection_reason, reviewed_by FROM events WHERE organizer_user_id = $1 ORDER BY starts_at',
      [organizerId],
    );
    expect(rows).toHaveLength(10);
    const past = rows.filter((r) => r.ends_at !== null && r.ends_at.getTime() < now.getTime());
    expect(past).toHaveLength(2);
    const today = rows.filter((r) => r.starts_at.getTime() <= now.getTime() && (r.ends_at?.getTime() ?? 0) > now.getTime());
    expect(today).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'Pending')).toHaveLength(1);
    const rejected = rows.filter((r) => r.status === 'Rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.rejection_reason?.length).toBeGreaterThan(20);
    expect(rejected[0]?.reviewed_by).not.toBeNull();
    // The Pending request has a seat plan.
    const pendingId = rows.find((r) => r.status === 'Pending')?.id;
    const plan = await s.db.query('SELECT seat_rows, seat_columns, capacity FROM event_seat_plans WHERE event_id = $1', [pendingId]);
    expect(plan.rows).toEqual([{ seat_rows: 5, seat_columns: 8, capacity: 40 }]);
  });

  it('sells tickets to the demo people with consistent seats, present and absent attendees, and 243 reviews, some answered', async () => {
    const { rows: t } = await s.db.query<{ tickets: number; seats: number; seat_rows: number; present: number; absent_past: number; future_present: number; buyers: number; demo_people: number }>(
      `SELECT count(*)::int AS tickets, sum(o.seat_count)::int AS seats,
              (SELECT count(*)::int FROM order_seats os JOIN orders o2 ON o2.id = os.order_id JOIN events e2 ON e2.id = o2.event_id WHERE e2.organizer_user_id = $1) AS seat_rows,
              count(c.order_id)::int AS present,
              count(*) FILTER (WHERE c.order_id IS NULL AND e.ends_at < $2)::int AS absent_past,
              count(c.order_id) FILTER (WHERE e.starts_at > $2)::int AS future_present,
              count(DISTINCT o.user_id)::int AS buyers,
              count(DISTINCT o.user_id) FILTER (WHERE u.email LIKE '%.___@demo.local')::int AS demo_people
       FROM orders o JOIN events e ON e.id = o.event_id JOIN users u ON u.id = o.user_id
       LEFT JOIN ${ORDER_CHECKINS} ON c.order_id = o.id
       WHERE e.organizer_user_id = $1 AND o.status = 'paid'`,
      [organizerId, now],
    );
    const f = t[0] as NonNullable<(typeof t)[0]>;
    expect(f.tickets).toBe(150 + 140 + 48 + 40 + 30 + 22 + 14 + 8);
    expect(f.seat_rows).toBe(f.seats);
    expect(f.present).toBe(124 + 117 + 22);
    expect(f.absent_past).toBe(150 - 124 + 140 - 117);
    expect(f.future_present).toBe(0);
    expect(f.demo_people).toBeGreaterThan(150);
    expect(f.buyers).toBe(f.demo_people + 1);

    const { rows: r } = await s.db.query<{ reviews: number; answered: number; unchecked: number; per_event_dupes: number }>(
      `SELECT count(*)::int AS reviews, count(r.response)::int AS answered,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM ${ORDER_CHECKINS} WHERE c.order_id = r.order_id))::int AS unchecked,
              (SELECT count(*)::int FROM (SELECT event_id, user_id FROM reviews GROUP BY 1, 2 HAVING count(*) > 1) d) AS per_event_dupes
       FROM reviews r JOIN events e ON e.id = r.event_id WHERE e.organizer_user_id = $1`,
      [organizerId],
    );
    expect(r[0]).toMatchObject({ reviews: 243, unchecked: 0, per_event_dupes: 0 });
    expect(r[0]?.answered).toBeGreaterThan(20);
    expect(r[0]?.answered).toBeLessThan(243);
    const audit = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_trail WHERE action = 'review.responded'");
    expect(audit.rows[0]?.n).toBe(r[0]?.answered);

    // Nothing is dated after the seed's "now"; check-ins, reviews and answers come in that order.
    const { rows: order } = await s.db.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM reviews r JOIN ${ORDER_CHECKINS} ON c.order_id = r.order_id JOIN orders o ON o.id = r.order_id
       WHERE o.paid_at > c.checked_in_at OR c.checked_in_at > r.created_at OR r.responded_at < r.created_at
          OR greatest(o.paid_at, c.checked_in_at, r.created_at, coalesce(r.responded_at, r.created_at)) > $1`,
      [now],
    );
    expect(order[0]?.bad).toBe(0);
    // Every seeded check-in has its log row.
    const log = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${CHECKIN_LOG_ROWS} WHERE action = 'scan' AND result = 'checked_in'`);
    expect(log.rows[0]?.n).toBe(f.present);
  });

  it('lets the demo visitor review the second past event, and shows the answer to the review of the first', async () => {
    const { rows } = await s.db.query<{ title: string; checked_in: boolean; review: string | null; response: string | null }>(
      `SELECT e.title, c.order_id IS NOT NULL AS checked_in, r.body AS review, r.response
       FROM orders o JOIN users u ON u.id = o.user_id JOIN events e ON e.id = o.event_id
       LEFT JOIN ${ORDER_CHECKINS} ON c.order_id = o.id LEFT JOIN reviews r ON r.order_id = o.id
       WHERE u.email = 'visitor@demo.local' ORDER BY e.starts_at`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((x) => x.checked_in)).toBe(true);
    expect(rows[0]?.review).toEqual(expect.any(String));
    expect(rows[0]?.response).toEqual(expect.any(String));
    expect(rows[1]?.review).toBeNull();
  });
});
