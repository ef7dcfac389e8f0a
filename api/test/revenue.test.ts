// Revenue (PRODUCT §11): the organizer's dashboard figures and the admin's, against amounts
// computed by hand for a small fixture (a Regular ticket, a Senior Citizen ticket with the law's
// discount, a promo code, a Student ticket, a refunded order, sales on both sides of a Manila
// midnight), read from the queue's tail and again once folded into the totals; and the orders CSV.
import type { AdminRevenueResponse, OrganizerRevenueResponse, RevenueFigures } from '@sports/contracts';
import { ORDERS_CSV_HEADER, adminRevenueResponseSchema, organizerRevenueResponseSchema } from '@sports/contracts';
import type { Queryable } from '../src/db';
import { adminRevenue } from '../src/admin/revenue.service';
import { foldAllRevenue } from '../src/orders/revenue';
import { createUser } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { ownEvent, signedIn, signedInAs } from './support/organizer';
import type { Person } from './support/organizer';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Line {
  seat: number;
  category?: 'regular' | 'student' | 'senior';
  idNumber?: string;
  /** base, discount, kind: the line's amounts; none: an unpriced seat (a Regular ticket at total / seats). */
  priced?: [number, number, 'law' | 'category' | 'code' | null];
}

interface Sale {
  event: number;
  section: number;
  buyer: number;
  paidAt: Date;
  total: number;
  lines: Line[];
  promoCodeId?: number;
  refundedAt?: Date;
}

/** A sold order straight in the database, with its line amounts on its seats, and its refund. */
async function sell(db: Queryable, s: Sale): Promise<number> {
  const refunded = s.refundedAt !== undefined;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, promo_code_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz - interval '5 minutes', $7::timestamptz + interval '5 minutes', 'gcash', 'full', $7, $8) RETURNING id`,
    [s.buyer, s.event, s.section, refunded ? 'refunded' : 'paid', s.lines.length, s.total, s.paidAt, s.promoCodeId ?? null],
  );
  const orderId = (rows[0] as { id: number }).id;
  for (const l of s.lines) {
    const [base, discount, kind] = l.priced ?? [null, null, null];
    await db.query(
      `INSERT INTO order_seats (order_id, event_id, section_id, seat_number, live, category, id_number, base_price, discount, discount_kind, price)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $8::numeric - $9::numeric)`,
      [orderId, s.event, s.section, l.seat, !refunded, l.category ?? 'regular', l.idNumber ?? null, base, discount, kind],
    );
  }
  if (s.refundedAt) {
    await db.query(
      `INSERT INTO refunds (order_id, amount, reason, provider, state, provider_reference, created_at, settled_at)
       VALUES ($1, $2, 'buyer_cancelled', 'test', 'refunded', 'R-1', $3, $3)`,
      [orderId, s.total, s.refundedAt],
    );
  }
  return orderId;
}

const figures = (tickets: number, gross: number, d: [number, number, number], refunds: [number, number], net: number): RevenueFigures => ({
  tickets,
  gross,
  discounts: { law: d[0], category: d[1], code: d[2] },
  refundedTickets: refunds[0],
  refunds: refunds[1],
  net,
});

describe('revenue', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let concert: number;
  let fair: number;
  let foreign: number;
  let labels: Map<number, string>;
  // Manila dates: the day before yesterday (day 1) and yesterday (day 2), as the app's clock tells.
  const manila = (offsetDays: number): string => new Date(Date.now() + 8 * HOUR + offsetDays * DAY).toISOString().slice(0, 10);
  const day1 = manila(-2);
  const day2 = manila(-1);
  const at = (day: string, time: string): Date => new Date(`${day}T${time}:00+08:00`);

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other] = await Promise.all([signedIn(app, 'Organizer'), signedIn(app, 'Organizer')]);
    const buyer = await createUser(app.db, { firstName: '=HYPERLINK("x")' });
    concert = await ownEvent(app.db, owner.id, { title: 'Revenue concert' });
    fair = await ownEvent(app.db, owner.id, { title: 'Revenue fair' });
    foreign = await ownEvent(app.db, other.id, { title: 'Someone else’s' });
    const { rows: code } = await app.db.query<{ id: number }>(
      `INSERT INTO promo_codes (event_id, code, kind, value, created_at, created_by) VALUES ($1, 'SAVE10', 'percent', 10, now(), $2) RETURNING id`,
      [concert, owner.id],
    );
    const { rows: secs } = await app.db.query<{ id: number; label: string }>('SELECT id, label FROM sections WHERE id IN (1, 2)');
    labels = new Map(secs.map((s) => [s.id, s.label]));
    const b = buyer.id;
    // Day 1, 23:30 in Manila: a Regular ticket at 500 (section 1).
    await sell(app.db, { event: concert, section: 1, buyer: b, paidAt: at(day1, '23:30'), total: 500, lines: [{ seat: 1, priced: [500, 0, null] }] });
    // Day 2, 00:30 (the same UTC date): a Senior Citizen ticket, 20% off by law.
    await sell(app.db, { event: concert, section: 1, buyer: b, paidAt: at(day2, '00:30'), total: 400, lines: [{ seat: 2, category: 'senior', idNumber: '1234-5678', priced: [500, 100, 'law'] }] });
    // Day 2, 10:00, with SAVE10 (section 2): a Regular ticket 10% off by the code, a Student one 20% off by its category.
    await sell(app.db, {
      event: concert, section: 2, buyer: b, paidAt: at(day2, '10:00'), total: 510, promoCodeId: code[0]?.id as number,
      lines: [{ seat: 1, priced: [300, 30, 'code'] }, { seat: 2, category: 'student', priced: [300, 60, 'category'] }],
    });
    // Day 1, 12:00: an unpriced seat (a Regular ticket at its order's total), refunded on day 2 at 15:00.
    await sell(app.db, { event: concert, section: 2, buyer: b, paidAt: at(day1, '12:00'), total: 300, lines: [{ seat: 3 }], refundedAt: at(day2, '15:00') });
    // Another event of the same organizer, and another organizer's.
    await sell(app.db, { event: fair, section: 1, buyer: b, paidAt: at(day2, '09:00'), total: 200, lines: [{ seat: 1, priced: [200, 0, null] }] });
    await sell(app.db, { event: foreign, section: 1, buyer: b, paidAt: at(day2, '09:00'), total: 999, lines: [{ seat: 1, priced: [999, 0, null] }] });
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const revenue = async (query = '', cookie = owner.cookie) => json<OrganizerRevenueResponse>(await app.request('GET', `/api/organizer/dashboard/revenue${query}`, { cookie }));

  // Concert: gross 500 + 500 + 300 + 300 + 300 = 1900; discounts law 100, category 60, code 30;
  // refunds 300 (one ticket); net 1900 - 190 - 300 = 1410. Fair: 200.
  const concertTotal = figures(5, 1900, [100, 60, 30], [1, 300], 1410);

  async function expectConcertFigures(): Promise<void> {
    const { status, body } = await revenue(`?eventId=${concert}`);
    expect(status).toBe(200);
    organizerRevenueResponseSchema.parse(body);
    expect(body.eventId).toBe(concert);
    expect(body.total).toEqual(concertTotal);
    expect(body.events).toEqual([{ id: concert, name: 'Revenue concert', ...concertTotal }]);
    expect(body.sections).toEqual([
      { id: 1, name: labels.get(1), ...figures(2, 1000, [100, 0, 0], [0, 0], 900) },
      { id: 2, name: labels.get(2), ...figures(3, 900, [0, 60, 30], [1, 300], 510) },
    ]);
    expect(body.categories).toEqual([
      { category: 'regular', ...figures(3, 1100, [0, 0, 30], [1, 300], 770) },
      { category: 'senior', ...figures(1, 500, [100, 0, 0], [0, 0], 400) },
      { category: 'student', ...figures(1, 300, [0, 60, 0], [0, 0], 240) },
    ]);
    // Manila days: day 1 sold the 500 ticket at 23:30 and the later refunded 300 one; day 2 sold
    // 400 + 270 + 240 and refunded 300.
    const days = new Map(body.days.map((d) => [d.date, d]));
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)?.date).toBe(manila(0));
    expect(days.get(day1)).toEqual({ date: day1, tickets: 2, sales: 800, refunds: 0 });
    expect(days.get(day2)).toEqual({ date: day2, tickets: 3, sales: 910, refunds: 300 });
    expect(body.days.filter((d) => d.date !== day1 && d.date !== day2).every((d) => d.tickets === 0 && d.sales === 0 && d.refunds === 0)).toBe(true);
  }

  it('computes gross, discounts by kind, refunds and net of one event, per section, category and Manila day', async () => {
    await expectConcertFigures();
  });

  it('gives the same figures once the queue is folded into the totals', async () => {
    await foldAllRevenue(app.db);
    const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM revenue_queue q JOIN orders o ON o.id = q.order_id WHERE o.event_id = $1', [concert]);
    expect(rows[0]?.n).toBe(0);
    await expectConcertFigures();
  });

  it('adds the caller’s events up, each event apart, never another organizer’s', async () => {
    const { body } = await revenue();
    expect(body.eventId).toBeNull();
    expect(body.total).toEqual(figures(6, 2100, [100, 60, 30], [1, 300], 1610));
    expect(body.events.map((e) => [e.name, e.net])).toEqual([['Revenue concert', 1410], ['Revenue fair', 200]]);
    const { body: theirs } = await revenue('', other.cookie);
    expect(theirs.total).toEqual(figures(1, 999, [0, 0, 0], [0, 0], 999));
  });

  it('refuses another organizer’s event (404), bad ids (400), anonymous callers and other roles', async () => {
    expect(await revenue(`?eventId=${concert}`, other.cookie)).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    expect((await revenue('?eventId=abc')).status).toBe(400);
    expect((await app.request('GET', '/api/organizer/dashboard/revenue')).status).toBe(401);
    expect((await revenue('', (await signedIn(app, 'Participant')).cookie)).status).toBe(403);
    const fresh = await signedIn(app, 'Organizer');
    const { body } = await revenue('', fresh.cookie);
    expect([body.total, body.events, body.sections, body.categories]).toEqual([figures(0, 0, [0, 0, 0], [0, 0], 0), [], [], []]);
  });

  it('exports one CSV line per ticket with its price line, refund status and formula-safe fields', async () => {
    const res = await app.request('GET', `/api/organizer/events/${concert}/orders.csv`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="orders-event-${concert}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const lines = text.slice(1).split('\r\n').filter(Boolean).map((l) => l.slice(1, -1).split('","'));
    expect(lines[0]).toEqual([...ORDERS_CSV_HEADER]);
    // By payment time: the refunded one (day 1 noon), the Regular (23:30), the Senior, the two of SAVE10.
    const body = lines.slice(1).map((l) => [l[1], l[4] !== '', l[5], l[6], l[7], l[8], l[9], l[10], l[11]]);
    expect(body).toEqual([
      [`${day1} 12:00`, true, 'Regular', '300.00', '0.00', '', '', '300.00', 'Refunded'],
      [`${day1} 23:30`, true, 'Regular', '500.00', '0.00', '', '', '500.00', ''],
      [`${day2} 00:30`, true, 'Senior Citizen', '500.00', '100.00', 'Law (Senior Citizen, PWD)', '', '400.00', ''],
      [`${day2} 10:00`, true, 'Regular', '300.00', '30.00', 'Promo code', 'SAVE10', '270.00', ''],
      [`${day2} 10:00`, true, 'Student', '300.00', '60.00', 'Category', 'SAVE10', '240.00', ''],
    ]);
    expect(lines[1]?.[0]).toMatch(/^TXN-\d+$/);
    expect(lines[1]?.[3]).toBe(labels.get(2));
    // The buyer's first name starts with = : neutralised with an apostrophe, quotes doubled.
    expect(lines[1]?.[2]).toBe(`'=HYPERLINK(""x"") Tester`);
  });

  it('refuses the CSV of another organizer’s event and of other roles', async () => {
    const theirs = await app.request('GET', `/api/organizer/events/${concert}/orders.csv`, { cookie: other.cookie });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ success: false, error: 'Event not found' });
    expect((await app.request('GET', `/api/organizer/events/${concert}/orders.csv`, { cookie: await signedInAs(app, 'admin@demo.local') })).status).toBe(403);
    expect((await app.request('GET', '/api/organizer/events/0/orders.csv', { cookie: owner.cookie })).status).toBe(400);
  });

  it('gives the admin every organizer’s figures together', async () => {
    // In one snapshot (other suites sell meanwhile): the figures before and after this sale differ by exactly it.
    class Rollback extends Error {}
    let before: AdminRevenueResponse | undefined;
    let after: AdminRevenueResponse | undefined;
    await app.db
      .withTransaction(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        before = await adminRevenue(tx);
        await sell(tx, { event: fair, section: 2, buyer: owner.id, paidAt: at(day2, '11:00'), total: 450, lines: [{ seat: 9, category: 'senior', idNumber: '8765-4321', priced: [500, 100, 'law'] }, { seat: 10 }] });
        after = await adminRevenue(tx);
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    const b = before as AdminRevenueResponse;
    const a = after as AdminRevenueResponse;
    // 500 (100 off by law) + an unpriced seat at 450 / 2 = 225.
    expect(a.total.tickets - b.total.tickets).toBe(2);
    expect(a.total.gross - b.total.gross).toBeCloseTo(725, 2);
    expect(a.total.discounts.law - b.total.discounts.law).toBeCloseTo(100, 2);
    expect(a.total.net - b.total.net).toBeCloseTo(625, 2);
    expect(a.total.refunds - b.total.refunds).toBeCloseTo(0, 2);
    const senior = (r: AdminRevenueResponse) => r.categories.find((c) => c.category === 'senior')?.gross ?? 0;
    expect(senior(a) - senior(b)).toBeCloseTo(500, 2);
    const dayOf = (r: AdminRevenueResponse) => r.days.find((d) => d.date === day2)?.sales ?? 0;
    expect(dayOf(a) - dayOf(b)).toBeCloseTo(625, 2);

    const admin = await signedInAs(app, 'admin@demo.local');
    const res = await json<AdminRevenueResponse>(await app.request('GET', '/api/admin/dashboard/revenue', { cookie: admin }));
    expect(res.status).toBe(200);
    adminRevenueResponseSchema.parse(res.body);
    expect(res.body.total.gross).toBeGreaterThanOrEqual(2100 + 999);
    expect((await app.request('GET', '/api/admin/dashboard/revenue', { cookie: owner.cookie })).status).toBe(403);
  });

  it('keeps a sale whose seats are not all written yet in the queue until they are', async () => {
    const buyer = owner.id;
    const { rows } = await app.db.query<{ id: number }>(
      `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at)
       VALUES ($1, $2, 3, 'paid', 2, 100, now() - interval '1 hour', now(), 'gcash', 'full', now()) RETURNING id`,
      [buyer, fair],
    );
    const orderId = rows[0]?.id as number;
    await app.db.query('INSERT INTO order_seats (order_id, event_id, section_id, seat_number) VALUES ($1, $2, 3, 1)', [orderId, fair]);
    await foldAllRevenue(app.db);
    const queued = async () => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM revenue_queue WHERE order_id = $1', [orderId])).rows[0]?.n;
    expect(await queued()).toBe(1);
    await app.db.query('INSERT INTO order_seats (order_id, event_id, section_id, seat_number) VALUES ($1, $2, 3, 2)', [orderId, fair]);
    await foldAllRevenue(app.db);
    expect(await queued()).toBe(0);
    const { body } = await revenue(`?eventId=${fair}`);
    expect(body.total).toEqual(figures(3, 300, [0, 0, 0], [0, 0], 300));
  });
});
