// Holds last HOLD_MINUTES (10) on the app's clock; then their seats are free again, the order
// shows expired and paying it is refused. Time is moved with the app's offset clock.
import type { BookedSeatsResponse, OrderResponse } from '@sports/contracts';
import { startHoldSweeper } from '../src/booking';
import { bookSeats, sweepExpiredHolds } from '../src/booking/booking.service';
import type { BookingDeps } from '../src/booking/booking.service';
import { offsetClock } from '../src/clock';
import type { OffsetClock } from '../src/clock';
import { migrate } from '../src/db';
import { book, createEvent, json, newSession, serviceDeps, signedInUsers, startBookingApp } from './support/booking';
import type { SessionClaims } from '../src/auth/session-token';
import type { BookingApp, Session } from './support/booking';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';
import { checkStorm, stormRequests, timed } from './support/storm';

const MINUTE = 60_000;

describe('hold expiry', () => {
  let app: BookingApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    app = await startBookingApp();
    [alice, bob] = await Promise.all([newSession(app), newSession(app)]);
  });
  afterAll(async () => {
    await app.stop();
  });
  afterEach(() => app.clock.reset());

  const bookedSeats = async (eventId: number, sectionId: number): Promise<number[]> =>
    (await json<BookedSeatsResponse>(await app.request('GET', `/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=${sectionId}`))).body.bookedSeats;

  const pay = (cookie: string, orderId: number, key: string) =>
    app.request('POST', `/api/orders/${orderId}/pay`, { cookie, headers: { 'Idempotency-Key': key }, body: { paymentMethod: 'visa', paymentType: 'full' } });

  it('a hold keeps its seats for 10 minutes, then frees them: shown expired, pay gets 410, others can book', async () => {
    const eventId = await createEvent(app.db);
    const held = await book(app, alice.cookie, eventId, 2, [4, 5, 6]);
    expect(held.status).toBe(200);
    const orderId = held.body.order?.orderId as number;

    app.clock.advance(10 * MINUTE - 1_000);
    expect(await bookedSeats(eventId, 2)).toEqual([4, 5, 6]);
    expect((await book(app, bob.cookie, eventId, 2, [5])).body.alreadyBooked).toEqual([5]);

    app.clock.advance(1_000);
    // expires_at <= now: over. Nothing swept it yet, and the seats already read as free.
    expect(await bookedSeats(eventId, 2)).toEqual([]);
    const order = await json<OrderResponse>(await app.request('GET', `/api/orders/${orderId}`, { cookie: alice.cookie }));
    expect(order.body.order.status).toBe('expired');
    expect(await json(await pay(alice.cookie, orderId, 'expired-hold-pay-1'))).toEqual({ status: 410, body: { success: false, error: 'Your hold has expired. Please select seats again.' } });

    // Bob's booking frees the expired hold's seats in its own transaction, then takes one.
    const bobs = await book(app, bob.cookie, eventId, 2, [5]);
    expect(bobs.status).toBe(200);
    const { rows } = await app.db.query<{ status: string; live: boolean[] }>(
      'SELECT o.status, array_agg(s.live ORDER BY s.seat_number) AS live FROM orders o JOIN order_seats s ON s.order_id = o.id WHERE o.id = $1 GROUP BY o.status',
      [orderId],
    );
    expect(rows).toEqual([{ status: 'expired', live: [false, false, false] }]);
    expect(await bookedSeats(eventId, 2)).toEqual([5]);
    // Still 410 once swept, and the expired order never comes back.
    expect((await pay(alice.cookie, orderId, 'expired-hold-pay-2')).status).toBe(410);
    expect((await book(app, alice.cookie, eventId, 2, [4, 6])).status).toBe(200);
  });

  it('a paid ticket never expires', async () => {
    const eventId = await createEvent(app.db);
    const held = await book(app, alice.cookie, eventId, 3, [1]);
    expect((await pay(alice.cookie, held.body.order?.orderId as number, 'paid-never-expires')).status).toBe(200);
    app.clock.advance(24 * 60 * MINUTE);
    expect(await bookedSeats(eventId, 3)).toEqual([1]);
    expect((await book(app, bob.cookie, eventId, 3, [1])).body.alreadyBooked).toEqual([1]);
  });

  describe('the periodic sweep (in a schema of its own: a moved clock must not expire other suites\' holds)', () => {
    let s: FreshSchema;
    let deps: BookingDeps;
    let clock: OffsetClock;
    let users: SessionClaims[];
    let eventId: number;
    beforeAll(async () => {
      s = await freshSchema();
      await migrate(s.db);
      await s.db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (1, 'Lower Box A', 150, 'lower', 1, 1, 10, 10)`);
      users = await signedInUsers(s.db, 'sweep', 3);
      const e = await s.db.query<{ id: number }>(`INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('concert', 'Sweep', 'x', now() + interval '30 days', 50, 'Approved') RETURNING id`);
      eventId = (e.rows[0] as { id: number }).id;
      clock = offsetClock();
      deps = serviceDeps(s.db, clock);
    });
    afterAll(async () => {
      await s?.drop();
    });

    it('expires due holds and only those; several processes sweeping at once share the work', async () => {
      const early = await bookSeats(deps, users[0] as SessionClaims, { event_id: eventId, section_id: 1, seat_numbers: [1, 2] });
      clock.advance(5 * MINUTE);
      const late = await bookSeats(deps, users[1] as SessionClaims, { event_id: eventId, section_id: 1, seat_numbers: [3] });
      clock.advance(5 * MINUTE);
      const sweeps = await Promise.all([1, 2, 3].map(() => sweepExpiredHolds(deps)));
      expect(sweeps.reduce((n, r) => n + r.orders, 0)).toBe(1);
      expect(sweeps.reduce((n, r) => n + r.seats, 0)).toBe(2);
      const { rows } = await s.db.query<{ id: number; status: string }>('SELECT id, status FROM orders ORDER BY id');
      expect(rows).toEqual([
        { id: early.body.order?.orderId, status: 'expired' },
        { id: late.body.order?.orderId, status: 'held' },
      ]);
      const live = await s.db.query<{ seat_number: number }>('SELECT seat_number FROM order_seats WHERE live ORDER BY 1');
      expect(live.rows.map((r) => r.seat_number)).toEqual([3]);
    });

    it('runs on a timer in each API process (HOLD_SWEEP_SECONDS) and stops with it', async () => {
      const held = await bookSeats(deps, users[2] as SessionClaims, { event_id: eventId, section_id: 1, seat_numbers: [40] });
      clock.advance(11 * MINUTE);
      const sweeper = startHoldSweeper(deps, 1);
      try {
        for (let waited = 0; waited < 5_000; waited += 100) {
          const { rows } = await s.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [held.body.order?.orderId]);
          if (rows[0]?.status === 'expired') break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await sweeper.stop();
      }
      const { rows } = await s.db.query<{ status: string; live: boolean }>('SELECT o.status, s.live FROM orders o JOIN order_seats s ON s.order_id = o.id WHERE o.id = $1', [held.body.order?.orderId]);
      expect(rows).toEqual([{ status: 'expired', live: false }]);
    });
  });

  it('a storm over seats whose holds just expired: no seat twice, no errors', async () => {
    const eventId = await createEvent(app.db);
    const users = await Promise.all(Array.from({ length: 10 }, () => newSession(app)));
    // Expired holds on 1..30 before the storm.
    for (let i = 0; i < 10; i += 1) expect((await book(app, users[i]?.cookie as string, eventId, 5, [i * 3 + 1, i * 3 + 2, i * 3 + 3])).status).toBe(200);
    app.clock.advance(10 * MINUTE);
    const requests = stormRequests({ count: 100, users: 10, range: 30, maxSeats: 4, seed: 11 });
    const results = await Promise.all(
      requests.map((r) =>
        timed(async () => {
          const { status, body } = await book(app, users[r.user]?.cookie as string, eventId, 5, r.seats);
          return { status, booked: body.booked ?? [], alreadyBooked: body.alreadyBooked ?? [], ...(body.order ? { orderId: body.order.orderId } : {}) };
        }),
      ),
    );
    const report = await checkStorm(app.db, eventId, 5, app.clock.now(), requests, results);
    expect(report.others).toEqual([]);
    expect(report.doubles).toEqual([]);
    expect(report.wrongRefusals).toEqual([]);
    expect(report.successes).toBeGreaterThan(0);
    // The unique index itself never saw two live rows for one seat.
    const dup = await app.db.query('SELECT seat_number FROM order_seats WHERE event_id = $1 AND live GROUP BY seat_number HAVING count(*) > 1', [eventId]);
    expect(dup.rows).toEqual([]);
  }, 60_000);
});
