// PRODUCT §4 / §8: no seat is ever held or sold twice, even under hundreds of simultaneous
// requests, and every refusal names exactly the seats that were taken. A control run shows the
// same checker catches double booking once the database guard is gone.
import { systemClock } from '../src/clock';
import type { Db } from '../src/db';
import { migrate } from '../src/db';
import * as repo from '../src/booking/booking.repository';
import { bookSeats } from '../src/booking/booking.service';
import type { BookingDeps } from '../src/booking/booking.service';
import { book, createEvent, newSession, serviceDeps, signedInUsers, startBookingApp } from './support/booking';
import type { SessionClaims } from '../src/auth/session-token';
import type { BookingApp } from './support/booking';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';
import { checkStorm, stormRequests, timed } from './support/storm';
import type { StormRequest, StormResult } from './support/storm';
import { prng } from './support/storm';

const STORM = { count: 200, users: 20, range: 60, maxSeats: 4 };
const SECTION = 1;

describe('booking under concurrency', () => {
  let app: BookingApp;
  let second: BookingApp;
  let cookies: string[];
  beforeAll(async () => {
    app = await startBookingApp();
    // A second app instance on the same database: requests alternate between the two.
    second = await startBookingApp({ prepare: false });
    cookies = (await Promise.all(Array.from({ length: STORM.users }, () => newSession(app)))).map((u) => u.cookie);
  }, 60_000);
  afterAll(async () => {
    await second?.stop();
    await app?.stop();
  });

  async function httpStorm(eventId: number, requests: StormRequest[]): Promise<StormResult[]> {
    return Promise.all(
      requests.map((request, i) =>
        timed(async () => {
          const { status, body } = await book(i % 2 ? second : app, cookies[request.user] as string, eventId, SECTION, request.seats);
          return { status, booked: body.booked ?? [], alreadyBooked: body.alreadyBooked ?? [], ...(body.order ? { orderId: body.order.orderId } : {}) };
        }),
      ),
    );
  }

  it.each([20250401, 7])('200 simultaneous overlapping requests from 20 users (seed %i): no seat twice, exact refusals', async (seed) => {
    const eventId = await createEvent(app.db);
    const requests = stormRequests({ ...STORM, seed });
    const results = await httpStorm(eventId, requests);
    const report = await checkStorm(app.db, eventId, SECTION, app.clock.now(), requests, results);

    expect(report.others).toEqual([]);
    expect(report.doubles).toEqual([]);
    expect(report.successes + report.refusals).toBe(STORM.count);
    expect(report.successes).toBeGreaterThan(0);
    expect(report.refusals).toBeGreaterThan(0);
    expect(report.wrongRefusals).toEqual([]);
    expect(report.lostSuccesses).toEqual([]);
    expect(report.heldSeats).toBe(report.grantedSeats);
    // Nothing left behind by the refused requests.
    const { rows } = await app.db.query<{ orders: number }>('SELECT count(*)::int AS orders FROM orders WHERE event_id = $1', [eventId]);
    expect(rows[0]?.orders).toBe(report.successes);
  }, 60_000);

  it('after a storm, a second storm on the taken seats is refused naming exactly requested ∩ held seats', async () => {
    const eventId = await createEvent(app.db);
    const first = stormRequests({ ...STORM, seed: 99 });
    await httpStorm(eventId, first);
    const { rows } = await app.db.query<{ seat_number: number }>('SELECT seat_number FROM order_seats WHERE event_id = $1 AND live ORDER BY 1', [eventId]);
    const held = rows.map((r) => r.seat_number);
    const free = Array.from({ length: 183 }, (_, i) => i + 1).filter((seat) => !held.includes(seat));
    // Each request: up to 3 held seats plus one free seat nobody else asks for, so none can win
    // and each names exactly the held ones, while all of them race on the same rows.
    const random = prng(5);
    const requests: StormRequest[] = Array.from({ length: 100 }, (_, i) => {
      const some = new Set<number>();
      const want = 1 + Math.floor(random() * 3);
      while (some.size < want) some.add(held[Math.floor(random() * held.length)] as number);
      return { user: i % STORM.users, seats: [free[i] as number, ...some] };
    });
    const results = await httpStorm(eventId, requests);
    const report = await checkStorm(app.db, eventId, SECTION, app.clock.now(), requests, results);
    expect(report.refusals).toBe(100);
    expect(report.refusalsUnlikeEndState).toBe(0);
    expect(report.wrongRefusals).toEqual([]);
    expect(report.doubles).toEqual([]);
    expect(report.heldSeats).toBe(held.length);
  }, 60_000);

  it('the same seats requested by everyone at once: exactly one winner', async () => {
    const eventId = await createEvent(app.db);
    const requests = Array.from({ length: 50 }, (_, i) => ({ user: i % STORM.users, seats: i % 2 ? [9, 3, 6] : [6, 9, 3] }));
    const results = await httpStorm(eventId, requests);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.alreadyBooked)).toEqual(Array.from({ length: 49 }, () => [3, 6, 9]));
  }, 60_000);

  describe('control: the checker catches double booking once the database guard is removed', () => {
    let s: FreshSchema;
    let deps: BookingDeps;
    let eventId: number;
    let users: SessionClaims[];
    beforeAll(async () => {
      s = await freshSchema();
      await migrate(s.db);
      await s.db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (1, 'Upper Box D', 183, 'upper', 1, 1, 10, 10)`);
      users = await signedInUsers(s.db, 'control', STORM.users);
      const { rows: events } = await s.db.query<{ id: number }>(
        `INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('sports', 'Control', 'x', now() + interval '30 days', 100, 'Approved') RETURNING id`,
      );
      eventId = (events[0] as { id: number }).id;
      // The guard this suite is about:
      await s.db.query('DROP INDEX order_seats_live_key');
      deps = serviceDeps(s.db);
    }, 60_000);
    afterAll(async () => {
      await s?.drop();
    });
    beforeEach(async () => {
      await s.db.query('DELETE FROM order_seats; DELETE FROM orders;');
    });

    async function judge(requests: StormRequest[], results: StormResult[]) {
      return checkStorm(s.db, eventId, 1, systemClock.now(), requests, results);
    }

    it('the production insert path without the unique index sells seats twice, and the checker says so', async () => {
      const requests = stormRequests({ ...STORM, seed: 20250401 });
      const results = await Promise.all(
        requests.map(async (r): Promise<StormResult> => {
          const { status, body } = await bookSeats(deps, users[r.user] as SessionClaims, { event_id: eventId, section_id: 1, seat_numbers: r.seats });
          return { status, booked: body.booked, alreadyBooked: body.alreadyBooked, ...(body.order ? { orderId: body.order.orderId } : {}) };
        }),
      );
      const report = await judge(requests, results);
      expect(report.doubles.length).toBeGreaterThan(0);
      expect(report.heldSeats).toBeGreaterThan(new Set(requests.flatMap((r) => r.seats)).size);
    }, 60_000);

    it('a check-then-insert implementation (read the taken seats, then insert) sells seats twice under the same storm', async () => {
      const requests = stormRequests({ ...STORM, seed: 20250401 });
      const results = await Promise.all(requests.map((r) => checkThenInsert(s.db, (users[r.user] as SessionClaims).userId, eventId, r.seats)));
      const report = await judge(requests, results);
      expect(report.doubles.length).toBeGreaterThan(0);
    }, 60_000);
  });
});

/** The classic mistake PRODUCT §4 forbids: look, then insert, in JavaScript. */
async function checkThenInsert(db: Db, userId: number, eventId: number, seatNumbers: number[]): Promise<StormResult> {
  const seats = [...seatNumbers].sort((a, b) => a - b);
  const now = systemClock.now();
  return db.withTransaction(async (tx) => {
    const taken = new Set(await repo.findTakenSeats(tx, eventId, 1, now));
    const clash = seats.filter((seat) => taken.has(seat));
    if (clash.length) return { status: 409, booked: [], alreadyBooked: clash };
    // Any latency between the check and the insert (here: a few ms) is a window for a race.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO orders (user_id, event_id, section_id, seat_count, total_amount, created_at, expires_at)
       VALUES ($1, $2, 1, $3, 0, $4, $5) RETURNING id`,
      [userId, eventId, seats.length, now, new Date(now.getTime() + 600_000)],
    );
    const orderId = (rows[0] as { id: number }).id;
    await tx.query('INSERT INTO order_seats (order_id, event_id, section_id, seat_number) SELECT $1, $2, 1, unnest($3::int[])', [orderId, eventId, seats]);
    return { status: 200, booked: seats, alreadyBooked: [], orderId };
  });
}
