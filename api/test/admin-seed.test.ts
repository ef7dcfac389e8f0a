// The admin screens' demo data (api/src/demo/seed-admin.ts): what a fresh install shows, read over
// HTTP as the demo admin, traced back to rows; and a second seed run changes nothing.
import type { AdminAccountsResponse, AdminEventsResponse, AdminFeedbackResponse, AuditResponse, AdminDashboardResponse, SalesResponse } from '@sports/contracts';
import { migrate } from '../src/db';
import { DEMO_EVENTS } from '../src/demo/events';
import { DEMO_PEOPLE } from '../src/demo/people';
import { seedDemo } from '../src/demo/seed-demo';
import { getWith, login } from './support/accounts';
import { freshSchema, startTestApp } from './support/helpers';
import type { FreshSchema, TestApp } from './support/helpers';

// Argon2 logins and a first migration are slow on a busy machine.
jest.setTimeout(30_000);

const TABLES = ['users', 'events', 'orders', 'order_seats', 'feedback', 'inquiries', 'audit_trail'];

async function snapshot(s: FreshSchema): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const t of TABLES) out[t] = (await s.db.query(`SELECT * FROM ${t} AS t ORDER BY t::text`)).rows;
  out.sequences = (await s.db.query('SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename')).rows;
  return out;
}

describe('admin demo seed', () => {
  let s: FreshSchema;
  let app: TestApp;
  let cookie: string;
  const now = new Date('2026-03-10T04:00:00Z');

  beforeAll(async () => {
    s = await freshSchema();
    await migrate(s.db);
    await seedDemo(s.db, { now });
    app = await startTestApp({ databaseUrl: s.url, prepare: false });
    cookie = (await login(app, 'admin@demo.local', 'demo-pass-2025')).cookie;
  }, 60_000);
  afterAll(async () => {
    await app.stop();
    await s.drop();
  });

  const get = async <T>(path: string): Promise<T> => {
    const res = await getWith(app, path, cookie);
    expect([path, res.status]).toEqual([path, 200]);
    return (await res.json()) as T;
  };

  it('a second run changes nothing, sequences included', async () => {
    const before = await snapshot(s);
    expect(await seedDemo(s.db, { now: new Date('2026-09-01T00:00:00Z') })).toEqual({ seeded: false });
    expect(await snapshot(s)).toEqual(before);
  });

  it('shows 250 accounts as "Page 1 of 25", with role and status filters adding up', async () => {
    const first = await get<AdminAccountsResponse>('/api/admin/accounts');
    expect([first.page, first.totalPages, first.total, first.pageSize, first.accounts.length]).toEqual([1, 25, 250, 10, 10]);
    const last = await get<AdminAccountsResponse>('/api/admin/accounts?page=25');
    expect(last.accounts).toHaveLength(10);
    let sum = 0;
    for (const status of ['Active', 'Inactive', 'Restricted']) sum += (await get<AdminAccountsResponse>(`/api/admin/accounts?status=${status}`)).total;
    expect(sum).toBe(250);
    const organizers = await get<AdminAccountsResponse>('/api/admin/accounts?role=Organizer');
    expect(organizers.total).toBe(1 + DEMO_PEOPLE.filter((p) => p.role === 'Organizer').length);
    expect(organizers.accounts.every((a) => a.role === 'Organizer')).toBe(true);
  });

  it('fills every month of the 2024 chart with the tickets of paid orders, and the cards count tickets (seats)', async () => {
    const sales = await get<SalesResponse>('/api/admin/dashboard/sales?year=2024');
    expect(sales.months.map((m) => m.label)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(sales.months.every((m) => m.tickets > 0)).toBe(true);
    expect(sales.years).toContain(2024);
    const { rows } = await s.db.query<{ month: number; n: number }>(
      `SELECT extract(month FROM o.paid_at AT TIME ZONE 'Asia/Manila')::int AS month, count(*)::int AS n
       FROM orders o JOIN tickets t ON t.order_id = o.id AND t.transferred_at IS NULL
       WHERE o.status = 'paid' AND extract(year FROM o.paid_at AT TIME ZONE 'Asia/Manila') = 2024 GROUP BY 1 ORDER BY 1`,
    );
    expect(sales.months.map((m) => m.tickets)).toEqual(rows.map((r) => r.n));
    expect(sales.total).toBe(rows.reduce((a, r) => a + r.n, 0));
    // Without a year: the latest year with sales.
    expect((await get<SalesResponse>('/api/admin/dashboard/sales')).year).toBe(Math.max(...sales.years));

    const dash = await get<AdminDashboardResponse>('/api/admin/dashboard');
    const counts = (
      await s.db.query<{ created: number; sold: number; accounts: number; active: number }>(
        `SELECT (SELECT count(*) FROM order_seats)::int AS created,
                (SELECT count(*) FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.status = 'paid' AND t.transferred_at IS NULL)::int AS sold,
                (SELECT count(*) FROM users)::int AS accounts, (SELECT count(*) FROM users WHERE last_login_at > now() - interval '30 days')::int AS active`,
      )
    ).rows[0];
    expect(dash.cards).toEqual({ ticketsCreated: counts?.created, ticketsSold: counts?.sold, accountsCreated: 250, activeUsers: counts?.active });
    expect(dash.cards.ticketsCreated).toBeGreaterThan(dash.cards.ticketsSold);
    expect(dash.cards.activeUsers).toBeGreaterThan(0);
  });

  it('lists recent organizations with their ticket counts and the pending inquiries', async () => {
    const dash = await get<AdminDashboardResponse>('/api/admin/dashboard');
    expect(dash.organizations.recent).toHaveLength(5);
    expect(dash.organizations.recent.filter((o) => o.tickets > 0).length).toBeGreaterThanOrEqual(3);
    expect(dash.organizations.total).toBe(1 + DEMO_PEOPLE.filter((p) => p.role === 'Organizer').length);
    expect(dash.organizations.tickets).toBe(dash.cards.ticketsSold);
    for (const o of dash.organizations.recent) {
      const { rows } = await s.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders o JOIN events e ON e.id = o.event_id JOIN tickets t ON t.order_id = o.id AND t.transferred_at IS NULL
         WHERE e.organizer_user_id = $1 AND o.status = 'paid'`,
        [o.id],
      );
      expect([o.email, o.tickets]).toEqual([o.email, rows[0]?.n]);
    }
    expect(dash.inquiries.total).toBe(8);
    expect(dash.inquiries.pending).toHaveLength(5);
    expect(dash.inquiries.pending.every((i) => i.name.length > 0 && i.message.length > 0)).toBe(true);
  });

  it('makes event requests in every status from generated organizers, and feedback newest first', async () => {
    const events = await get<AdminEventsResponse>('/api/admin/events');
    expect(events.statusCounts.Pending).toBeGreaterThanOrEqual(5);
    expect(events.statusCounts.Rejected).toBeGreaterThanOrEqual(2);
    expect(events.events[0]?.status).toBe('Pending');
    const rejected = await get<AdminEventsResponse>('/api/admin/events?status=Rejected');
    expect(rejected.events.every((e) => e.rejectionReason && e.reviewedBy?.email === 'admin@demo.local' && e.organizer)).toBe(true);
    // Sales go to the generated organizers' 2024 events only: none to the venue's own events, and
    // none to the demo organizer's (another module seeds those).
    const { rows: sold } = await s.db.query<{ venue: number; generated: number; generated2024: number }>(
      `SELECT count(*) FILTER (WHERE e.organizer_user_id IS NULL)::int AS venue,
              count(*) FILTER (WHERE u.email = ANY ($1::text[]))::int AS generated,
              count(*) FILTER (WHERE u.email = ANY ($1::text[]) AND e.starts_at >= '2024-01-01T00:00:00+08:00' AND e.starts_at < '2025-01-01T00:00:00+08:00')::int AS generated2024
       FROM orders o JOIN events e ON e.id = o.event_id LEFT JOIN users u ON u.id = e.organizer_user_id`,
      [DEMO_PEOPLE.map((p) => p.email)],
    );
    expect(sold[0]?.venue).toBe(0);
    expect(sold[0]?.generated).toBeGreaterThan(1000);
    expect(sold[0]?.generated2024).toBe(sold[0]?.generated);
    const { rows: ends } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE id = ANY ($1::int[]) AND ends_at > starts_at', [DEMO_EVENTS.map((e) => e.id)]);
    expect(ends[0]?.n).toBe(26);

    const feedback = await get<AdminFeedbackResponse>('/api/admin/feedback');
    expect(feedback.total).toBeGreaterThanOrEqual(30);
    const times = feedback.feedback.map((f) => Date.parse(f.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('gives the seeded decisions and status changes their audit history', async () => {
    const restricted = await get<AdminAccountsResponse>('/api/admin/accounts?status=Restricted');
    const audit = await get<AuditResponse>(`/api/admin/accounts/${restricted.accounts[0]?.id}/audit`);
    expect(audit.entries[0]).toMatchObject({ action: 'account.status', before: { status: 'Active' }, after: { status: 'Restricted' }, actor: { email: 'admin@demo.local' } });
    const rejected = await get<AdminEventsResponse>('/api/admin/events?status=Rejected');
    const eventAudit = await get<AuditResponse>(`/api/admin/events/${rejected.events[0]?.id}/audit`);
    expect(eventAudit.entries[0]).toMatchObject({ action: 'event.reject', after: { status: 'Rejected', reason: rejected.events[0]?.rejectionReason } });
    // Every decision on record has its audit row.
    const { rows } = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events e WHERE e.reviewed_by IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM audit_trail a WHERE a.event_id = e.id AND a.action IN ('event.approved', 'event.rejected') AND a.actor_user_id = e.reviewed_by)`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
