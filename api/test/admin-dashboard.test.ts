// The dashboard's sales chart and cards over HTTP: months in Asia/Manila, zero months shown, the
// years with sales, what counts as created and sold, and bad years refused.
// (Exact numbers on the demo data: admin-seed.test.ts, on a database of its own.)
import { randomBytes } from 'node:crypto';
import type { AdminDashboardResponse, SalesResponse } from '@sports/contracts';
import { createUser, getWith, login } from './support/accounts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

// Argon2 logins and a first migration are slow on a busy machine.
jest.setTimeout(30_000);

/** A year no other suite sells in. */
const YEAR = 2037;

describe('admin dashboard', () => {
  let app: TestApp;
  let cookie: string;
  let eventId: number;

  beforeAll(async () => {
    app = await startTestApp();
    const admin = await createUser(app.db, { role: 'Admin' });
    cookie = (await login(app, admin.email, admin.password)).cookie;
    const buyer = await createUser(app.db);
    const { rows } = await app.db.query<{ id: number }>(
      `INSERT INTO events (genre, title, description, starts_at, status) VALUES ('sports', $1, 'Dashboard test', '${YEAR}-12-31T10:00:00Z', 'Approved') RETURNING id`,
      [`Dashboard ${randomBytes(4).toString('hex')}`],
    );
    eventId = (rows[0] as { id: number }).id;
    // Paid: Jan 1st 00:30 in Manila (still Dec 31st in UTC), two in March, one in December; one
    // hold that lapsed in May (created, never sold).
    const orders: [string, string | null][] = [
      [`${YEAR}-01-01T00:30:00+08:00`, 'paid'],
      [`${YEAR}-03-10T12:00:00+08:00`, 'paid'],
      [`${YEAR}-03-31T23:59:00+08:00`, 'paid'],
      [`${YEAR}-12-31T23:00:00+08:00`, 'paid'],
      [`${YEAR}-05-05T12:00:00+08:00`, null],
    ];
    for (const [at, paid] of orders) {
      await app.db.query(
        `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, ticket_id)
         VALUES ($1, $2, 1, $3, 1, 100, $4::timestamptz - interval '5 minutes', $4::timestamptz + interval '5 minutes', $5, $6, $7, $8)`,
        [buyer.id, eventId, paid ? 'paid' : 'expired', at, paid ? 'gcash' : null, paid ? 'full' : null, paid ? at : null, paid ? randomBytes(16).toString('base64url') : null],
      );
    }
  }, 60_000);
  afterAll(async () => {
    await app.db.query('DELETE FROM orders WHERE event_id = $1', [eventId]);
    await app.db.query('DELETE FROM events WHERE id = $1', [eventId]);
    await app.stop();
  });

  const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const res = await getWith(app, path, cookie);
    return { status: res.status, body: (await res.json()) as T };
  };

  it('counts tickets sold per month of the year in Asia/Manila, all 12 months with the zeros', async () => {
    const { status, body } = await get<SalesResponse>(`/api/admin/dashboard/sales?year=${YEAR}`);
    expect(status).toBe(200);
    expect(body.year).toBe(YEAR);
    expect(body.months.map((m) => m.tickets)).toEqual([1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(body.months.map((m) => [m.month, m.label])).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((label, i) => [i + 1, label]));
    expect(body.total).toBe(4);
    expect(body.years).toContain(YEAR);
    expect(body.years).not.toContain(YEAR - 1);
    expect([...body.years].sort((a, b) => a - b)).toEqual(body.years);
  });

  it('answers a year without sales with twelve zeros', async () => {
    const { body } = await get<SalesResponse>('/api/admin/dashboard/sales?year=2001');
    expect([body.year, body.total, body.months.length, body.months.every((m) => m.tickets === 0)]).toEqual([2001, 0, 12, true]);
    expect(body.years).not.toContain(2001);
  });

  it('refuses a year that is not one (400)', async () => {
    for (const year of ['24', '20x4', '1999', '2101', '2024.5', '']) {
      const res = await get<{ success: boolean; error: string }>(`/api/admin/dashboard/sales?year=${year}`);
      expect([year, res.status, res.body.success]).toEqual([year, 400, false]);
    }
    expect((await get(`/api/admin/dashboard/sales?year=2024&year=2025`)).status).toBe(400);
  });

  it('counts every order as a ticket created and only paid ones as sold', async () => {
    const before = (await get<AdminDashboardResponse>('/api/admin/dashboard')).body;
    expect(before.cards.ticketsCreated).toBeGreaterThanOrEqual(before.cards.ticketsSold + 1);
    const buyer = await createUser(app.db);
    await app.db.query(
      `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at)
       VALUES ($1, $2, 2, 'expired', 1, 100, now() - interval '1 hour', now() - interval '50 minutes')`,
      [buyer.id, eventId],
    );
    const after = (await get<AdminDashboardResponse>('/api/admin/dashboard')).body;
    // Other suites write at the same time: at least our lapsed hold was added, and sold did not follow it.
    expect(after.cards.ticketsCreated).toBeGreaterThanOrEqual(before.cards.ticketsCreated + 1);
    expect(after.cards.accountsCreated).toBeGreaterThanOrEqual(before.cards.accountsCreated + 1);
    expect(after.organizations.recent.length).toBeLessThanOrEqual(5);
    expect(after.inquiries.pending.length).toBeLessThanOrEqual(5);
    expect(after.inquiries.total).toBeGreaterThanOrEqual(after.inquiries.pending.length);
  });
});
