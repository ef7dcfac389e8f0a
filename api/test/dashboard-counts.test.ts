// One definition of a ticket sold on every dashboard (docs/dashboards.md): a live ticket (one seat)
// of a paid order. Each card and chart of the admin's and the organizer's dashboards, and their
// revenue, is compared with that count read straight from the tickets table of a demo install
// with a ticket given away. (Refunds leave the count with the order's status: api/test/revenue.test.ts.)
import type { AdminDashboardResponse, AdminRevenueResponse, DashboardResponse, OrganizerRevenueResponse, SalesResponse } from '@sports/contracts';
import type { Queryable } from '../src/db';
import { migrate } from '../src/db';
import { seedDemo } from '../src/demo/seed-demo';
import { getWith, login } from './support/accounts';
import { freshSchema, startTestApp } from './support/helpers';
import type { FreshSchema, TestApp } from './support/helpers';

jest.setTimeout(60_000);

/** Live tickets of paid orders, for the events `where` picks (`e`). */
async function ticketsSold(db: Queryable, where = 'true', params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = o.event_id
     WHERE o.status = 'paid' AND t.transferred_at IS NULL AND ${where}`,
    params,
  );
  return rows[0]?.n ?? 0;
}

describe('every dashboard counts tickets sold the same way', () => {
  let s: FreshSchema;
  let app: TestApp;
  let admin: string;
  let organizer: string;
  let organizerId: number;

  beforeAll(async () => {
    s = await freshSchema();
    await migrate(s.db);
    await seedDemo(s.db);
    app = await startTestApp({ databaseUrl: s.url, prepare: false });
    admin = (await login(app, 'admin@demo.local', 'demo-pass-2025')).cookie;
    organizer = (await login(app, 'organizer@demo.local', 'demo-pass-2025')).cookie;
    organizerId = (await s.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'organizer@demo.local'")).rows[0]?.id as number;
    // A ticket given away: the seat is sold once, whoever holds it now.
    const given = (
      await s.db.query<{ id: string; order_id: number; seat_number: number }>(
        `UPDATE tickets SET transferred_at = now() WHERE id = (
           SELECT t.id FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = o.event_id
           WHERE o.status = 'paid' AND e.organizer_user_id = $1 ORDER BY t.order_id DESC LIMIT 1)
         RETURNING id, order_id, seat_number`,
        [organizerId],
      )
    ).rows[0];
    if (!given) throw new Error('the demo organizer has no paid ticket');
    await s.db.query(
      `INSERT INTO tickets (id, order_id, seat_number, code, holder_user_id)
       VALUES ('givenAwayTicketNew0001', $1, $2, '23456789AB', (SELECT id FROM users WHERE email = 'visitor@demo.local'))`,
      [given.order_id, given.seat_number],
    );
  });
  afterAll(async () => {
    await app?.stop();
    await s?.drop();
  });

  const get = async <T>(path: string, cookie: string): Promise<T> => {
    const res = await getWith(app, path, cookie);
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  it("the admin's cards, organizations, monthly chart and revenue", async () => {
    const sold = await ticketsSold(s.db);
    const dash = await get<AdminDashboardResponse>('/api/admin/dashboard', admin);
    expect(dash.cards.ticketsSold).toBe(sold);
    const created = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_seats')).rows[0]?.n;
    expect(dash.cards.ticketsCreated).toBe(created);
    const organizers = "EXISTS (SELECT 1 FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = e.organizer_user_id AND r.name = 'Organizer')";
    expect(dash.organizations.tickets).toBe(await ticketsSold(s.db, organizers));
    for (const o of dash.organizations.recent) expect([o.email, o.tickets]).toEqual([o.email, await ticketsSold(s.db, 'e.organizer_user_id = $1', [o.id])]);

    const { years } = await get<SalesResponse>('/api/admin/dashboard/sales', admin);
    let charted = 0;
    for (const year of years) charted += (await get<SalesResponse>(`/api/admin/dashboard/sales?year=${year}`, admin)).total;
    expect(charted).toBe(sold);

    const revenue = await get<AdminRevenueResponse>('/api/admin/dashboard/revenue', admin);
    expect(revenue.total.tickets).toBe(sold);
  });

  it("the organizer's cards, section chart, progress and revenue", async () => {
    const sold = await ticketsSold(s.db, 'e.organizer_user_id = $1', [organizerId]);
    expect(sold).toBeGreaterThan(0);
    const dash = await get<DashboardResponse>('/api/organizer/dashboard', organizer);
    expect(dash.cards.all).toBe(sold);
    expect(dash.charts.reservedByType.reduce((n, r) => n + r.tickets, 0)).toBe(sold);
    expect(dash.charts.reservationProgress.at(-1)?.cumulative).toBe(sold);
    const revenue = await get<OrganizerRevenueResponse>('/api/organizer/dashboard/revenue', organizer);
    expect(revenue.total.tickets).toBe(sold);
  });
});
