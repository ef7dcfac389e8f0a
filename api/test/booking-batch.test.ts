// Concurrent holds of one API process go to PostgreSQL as one statement (book_holds, in
// api/sql/functions), each request all-or-nothing with its own answer and its own exact list of taken
// seats; a lone request goes at once (no timer); batches and single calls lock in one order, so
// they never deadlock (the mixed storm runs in a database of its own and PostgreSQL's deadlock count
// there must not move: `retrying` would otherwise hide deadlocks by trying again). A control shows the storm checker catches double booking on this path once
// the database guard is gone. (The HTTP storm and refusal tests of booking-concurrency.test.ts
// run through batches too: they send hundreds of calls at once.)
import { randomBytes } from 'node:crypto';
import type { SessionClaims } from '../src/auth/session-token';
import * as repo from '../src/booking/booking.repository';
import { retrying } from '../src/db/retry';
import { createHoldBatcher, MAX_BATCH_SEATS } from '../src/booking/hold-seats';
import type { Db } from '../src/db';
import { createDb, migrate } from '../src/db';
import { lockSections } from '../src/organizer/seat-plan.repository';
import { signedInUsers } from './support/booking';
import { freshSchema, testDatabaseUrl } from './support/helpers';
import type { FreshSchema } from './support/helpers';
import { checkStorm, prng, stormRequests, timed } from './support/storm';
import type { StormRequest, StormResult } from './support/storm';

const STORM = { count: 240, users: 24, range: 70, maxSeats: 4 };
/** application_name of the mixed storm's connections. */
const STORM_CONNECTIONS = 'batch-storm';

/**
 * A database of its own (every other suite shares the test database, and pg_stat_database counts
 * deadlocks per database, so one of theirs, such as payment-race's control, would count here).
 */
async function freshDatabase(): Promise<FreshSchema> {
  const name = `batch_${randomBytes(6).toString('hex')}`;
  // Creating and dropping a database takes what it takes on a busy machine: no statement timeout.
  const admin = createDb(testDatabaseUrl(), { max: 1, statementTimeoutMillis: 0, lockTimeoutMillis: 0 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { max: 4 });
  return {
    schema: 'public',
    url: url.toString(),
    db,
    async drop() {
      await db.close();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

describe('batched holds', () => {
  let s: FreshSchema;
  let users: SessionClaims[];
  let nextEvent: () => Promise<number>;
  beforeAll(async () => {
    s = await freshDatabase();
    await migrate(s.db);
    await s.db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (1, 'Upper Box D', 183, 'upper', 1, 1, 10, 10)`);
    users = await signedInUsers(s.db, 'batch', STORM.users);
    nextEvent = async () =>
      (
        (
          await s.db.query<{ id: number }>(
            `INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('sports', 'Batch', 'x', now() + interval '30 days', 100, 'Approved') RETURNING id`,
          )
        ).rows[0] as { id: number }
      ).id;
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  });

  const hold = (user: number, eventId: number, seats: number[]): repo.NewHold => {
    const now = new Date();
    return { ...(users[user] as SessionClaims), eventId, sectionId: 1, seats: [...seats].sort((a, b) => a - b), now, expiresAt: new Date(now.getTime() + 600_000), cap: 100_000 };
  };

  /** The db, with the number of requests of every booking statement sent through it. */
  function counting(db: Db): { db: Db; batches: number[] } {
    const batches: number[] = [];
    return {
      batches,
      db: {
        ...db,
        query: (text, params) => {
          if (typeof text === 'object' && text.name === 'booking_book_holds') batches.push((params?.[0] as unknown[]).length);
          return db.query(text, params);
        },
      },
    };
  }

  it('a lone request goes to PostgreSQL at once and alone; calls arriving meanwhile go together as the next statement', async () => {
    const eventId = await nextEvent();
    const { db, batches } = counting(s.db);
    const batcher = createHoldBatcher(db, { maxBatch: 64, maxInFlight: 1 });
    const first = batcher.holdSeats(hold(0, eventId, [1, 2]));
    // Sent in the same tick: no timer waits for company.
    expect(batches).toEqual([1]);
    const others = [3, 4, 5, 6, 7].map((seat, i) => batcher.holdSeats(hold(i + 1, eventId, [seat, 2])));
    expect(batches).toEqual([1]);
    expect((await first).kind).toBe('held');
    const answers = await Promise.all(others);
    expect(batches).toEqual([1, 5]);
    // Each with its own answer: seat 2 is the first request's.
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ kind: 'taken', seats: [2] })));
    // At most maxBatch per statement.
    const small = counting(s.db);
    const capped = createHoldBatcher(small.db, { maxBatch: 2, maxInFlight: 1 });
    await Promise.all([10, 11, 12, 13, 14].map((seat, i) => capped.holdSeats(hold(i, eventId, [seat]))));
    expect(small.batches).toEqual([1, 2, 2]);
  });

  it('within a batch each request is all or nothing and names exactly the seats taken before it', async () => {
    const eventId = await nextEvent();
    const answers = await repo.bookHolds(s.db, [
      hold(0, eventId, [1, 2, 3]),
      hold(1, eventId, [3, 4]),
      hold(2, eventId, [4, 5]),
      hold(3, eventId, [2, 4, 6]),
      { ...hold(4, eventId, [7]), sessionId: '00000000-0000-4000-8000-000000000000' },
      { ...hold(5, eventId, [8]), eventId: 999_999 },
    ]);
    expect(answers.map((a) => (a.kind === 'held' ? 'held' : a))).toEqual(['held', { kind: 'taken', seats: [3] }, 'held', { kind: 'taken', seats: [2, 4] }, { kind: 'no-session' }, { kind: 'no-event' }]);
    const { rows } = await s.db.query<{ seat_number: number }>('SELECT seat_number FROM order_seats WHERE event_id = $1 AND live ORDER BY 1', [eventId]);
    expect(rows.map((r) => r.seat_number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a batch of independent requests goes in one pass: a request with a taken seat or over the cap is answered as one by one', async () => {
    const eventId = await nextEvent();
    expect((await repo.bookHolds(s.db, [hold(0, eventId, [10, 11])]))[0]?.kind).toBe('held');
    // The cap is the process's, one for the batch: 2 seats per account here.
    const answers = await repo.bookHolds(
      s.db,
      [hold(1, eventId, [1, 2]), hold(2, eventId, [11, 12]), hold(3, eventId, [30, 31, 32]), hold(4, eventId, [40])].map((h) => ({ ...h, cap: 2 })),
    );
    expect(answers.map((a) => (a.kind === 'held' ? 'held' : a))).toEqual(['held', { kind: 'taken', seats: [11] }, { kind: 'capped', mayTake: 2 }, 'held']);
    const { rows } = await s.db.query<{ seat_number: number }>('SELECT seat_number FROM order_seats WHERE event_id = $1 AND live ORDER BY 1', [eventId]);
    expect(rows.map((r) => r.seat_number)).toEqual([1, 2, 10, 11, 40]);
    // Every hold has its order, with its seats, and nothing else was written.
    const { rows: orders } = await s.db.query<{ n: number; seats: number }>(
      'SELECT count(*)::int AS n, sum((SELECT count(*) FROM order_seats os WHERE os.order_id = o.id))::int AS seats FROM orders o WHERE o.event_id = $1',
      [eventId],
    );
    expect(orders[0]).toEqual({ n: 3, seats: 5 });
  });

  it('in one pass, a seat another transaction commits meanwhile sends its request one by one: taken, named exactly, nothing left behind', async () => {
    const eventId = await nextEvent();
    const other = users[5] as SessionClaims;
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    let commit!: () => void;
    const commitNow = new Promise<void>((resolve) => (commit = resolve));
    // A writer that takes no seat lock (none in the product does): the pass cannot see its seat.
    const writer = s.db.withTransaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at)
         VALUES ($1, $2, 1, 'held', 1, 100, now(), now() + interval '10 minutes') RETURNING id`,
        [other.userId, eventId],
      );
      await tx.query('INSERT INTO order_seats (order_id, event_id, section_id, seat_number) VALUES ($1, $2, 1, 7)', [(rows[0] as { id: number }).id, eventId]);
      inserted();
      await commitNow;
    });
    await insertedNow;
    const booking = repo.bookHolds(s.db, [hold(0, eventId, [6, 7]), hold(1, eventId, [8])]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await writer;
    const answers = await booking;
    expect(answers.map((a) => (a.kind === 'held' ? 'held' : a))).toEqual([{ kind: 'taken', seats: [7] }, 'held']);
    const { rows } = await s.db.query<{ seat_number: number }>('SELECT seat_number FROM order_seats WHERE event_id = $1 AND live ORDER BY 1', [eventId]);
    expect(rows.map((r) => r.seat_number)).toEqual([7, 8]);
  });

  /**
   * The storm through three "processes" (batchers) plus single calls (a batch of one each), all at
   * once on overlapping seats, judged like the HTTP storms.
   */
  async function mixedStorm(db: Db, eventId: number, seed: number): Promise<{ requests: StormRequest[]; results: StormResult[]; batches: number[] }> {
    const { db: counted, batches } = counting(db);
    const processes = [1, 2, 3].map(() => createHoldBatcher(counted, { maxBatch: 64, maxInFlight: 1, run: retrying }));
    const requests = stormRequests({ ...STORM, seed });
    const random = prng(seed);
    const results = await Promise.all(
      requests.map((r) =>
        timed(async () => {
          const h = hold(r.user, eventId, r.seats);
          const way = Math.floor(random() * 4);
          try {
            const [answer] = way === 3 ? await retrying(() => repo.bookHolds(counted, [h])) : [await (processes[way] as (typeof processes)[number]).holdSeats(h)];
            if (answer?.kind === 'held') return { status: 200, booked: h.seats, alreadyBooked: [], orderId: answer.orderId };
            if (answer?.kind === 'taken') return { status: 409, booked: [], alreadyBooked: answer.seats };
            return { status: 0, booked: [], alreadyBooked: [] };
          } catch {
            return { status: 500, booked: [], alreadyBooked: [] };
          }
        }),
      ),
    );
    return { requests, results, batches };
  }

  /**
   * PostgreSQL's deadlock count for this database, once the storm's connections have ended: a backend
   * reports its counters when it exits (or when idle, up to seconds later; pg_stat_force_next_flush
   * acts only on the backend that calls it), and pg_stat_clear_snapshot drops a cached reading.
   */
  async function deadlocks(): Promise<number> {
    for (let waited = 0; ; waited += 50) {
      const { rows } = await s.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [STORM_CONNECTIONS],
      );
      if (rows[0]?.n === 0) break;
      if (waited > 10_000) throw new Error("the storm's connections did not end");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await s.db.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await s.db.query<{ deadlocks: string }>('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()');
    const count = Number(rows[0]?.deadlocks);
    if (!Number.isInteger(count)) throw new Error('pg_stat_database has no deadlock count for this database');
    return count;
  }

  it.each([3, 17])('batches and single calls on overlapping seats (seed %i): no seat twice, exact refusals, no deadlock', async (seed) => {
    const eventId = await nextEvent();
    const deadlocksBefore = await deadlocks();
    // The storm on connections of its own, ended after it so that they report their deadlocks.
    const stormDb = createDb(s.url, { max: 4, applicationName: STORM_CONNECTIONS });
    const { requests, results, batches } = await mixedStorm(stormDb, eventId, seed).finally(() => stormDb.close());
    // `retrying` tries a deadlocked statement again, so the answers alone would not show one.
    expect(await deadlocks()).toBe(deadlocksBefore);
    const report = await checkStorm(s.db, eventId, 1, new Date(), requests, results);
    expect(report.others).toEqual([]);
    expect(report.doubles).toEqual([]);
    expect(report.wrongRefusals).toEqual([]);
    expect(report.lostSuccesses).toEqual([]);
    expect(report.successes).toBeGreaterThan(0);
    expect(report.refusals).toBeGreaterThan(0);
    // Both paths were taken: statements of one request and statements of many.
    expect(batches.filter((n) => n === 1).length).toBeGreaterThan(0);
    expect(Math.max(...batches)).toBeGreaterThan(1);
  }, 60_000);

  it(`a batch carries at most ${MAX_BATCH_SEATS} seats (each seat is an advisory lock); a bigger request still goes, alone`, async () => {
    const eventId = await nextEvent();
    const { db, batches } = counting(s.db);
    const seats = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    const batcher = createHoldBatcher(db, { maxBatch: 64, maxInFlight: 1 });
    await Promise.all([seats(1, 10), seats(11, 100), seats(1, 100), seats(101, 60), seats(1, 300), seats(181, 2)].map((list, i) => batcher.holdSeats(hold(i, eventId, list))));
    // The first alone (nothing in flight); then 100 + 100, as 60 more would pass 256; then 60, as
    // 300 more would; then the 300 alone, as 2 more would too; then the 2.
    expect(batches).toEqual([1, 2, 1, 1, 1]);
  });

  describe('locks: a batch waits only for a batch that wants one of its seats', () => {
    const waitAtMost = (ms: number) => async <T>(fn: (tx: Parameters<Parameters<Db['withTransaction']>[0]>[0]) => Promise<T>) =>
      s.db.withTransaction(async (tx) => {
        await tx.query(`SET LOCAL lock_timeout = '${ms}ms'`);
        return fn(tx);
      });

    it('other seats of the section go while a batch is uncommitted; its seats and Apply Event wait for it', async () => {
      const eventId = await nextEvent();
      let booked!: () => void;
      const bookedNow = new Promise<void>((resolve) => (booked = resolve));
      let commit!: () => void;
      const commitNow = new Promise<void>((resolve) => (commit = resolve));
      const open = s.db.withTransaction(async (tx) => {
        const answers = await repo.bookHolds(tx, [hold(0, eventId, [1, 2])]);
        booked();
        await commitNow;
        return answers;
      });
      await bookedNow;
      const brief = waitAtMost(300);
      try {
        // Seats 3 and 4 of the same section: no wait on the batch holding 1 and 2.
        expect((await brief((tx) => repo.bookHolds(tx, [hold(1, eventId, [3, 4])])))[0]?.kind).toBe('held');
        // Seat 2: waits for that batch (and gives up here at lock_timeout).
        await expect(brief((tx) => repo.bookHolds(tx, [hold(2, eventId, [2, 5])]))).rejects.toMatchObject({ code: '55P03' });
        // Apply Event's lock of the section waits for the booking in flight.
        await expect(brief((tx) => lockSections(tx, eventId, [1]))).rejects.toMatchObject({ code: '55P03' });
      } finally {
        commit();
      }
      expect((await open)[0]?.kind).toBe('held');
      // Committed: seat 2 is taken, named exactly; Apply Event's lock is free.
      expect(await repo.bookHolds(s.db, [hold(2, eventId, [2, 5])])).toEqual([{ kind: 'taken', seats: [2] }]);
      await waitAtMost(300)((tx) => lockSections(tx, eventId, [1]));
    });

    it('a booking waits while Apply Event holds the section', async () => {
      const eventId = await nextEvent();
      let locked!: () => void;
      const lockedNow = new Promise<void>((resolve) => (locked = resolve));
      let end!: () => void;
      const endNow = new Promise<void>((resolve) => (end = resolve));
      const applying = s.db.withTransaction(async (tx) => {
        await lockSections(tx, eventId, [1]);
        locked();
        await endNow;
      });
      await lockedNow;
      try {
        await expect(waitAtMost(300)((tx) => repo.bookHolds(tx, [hold(0, eventId, [9])]))).rejects.toMatchObject({ code: '55P03' });
      } finally {
        end();
      }
      await applying;
      expect((await repo.bookHolds(s.db, [hold(0, eventId, [9])]))[0]?.kind).toBe('held');
    });
  });

  describe('control: without the live-seat unique index', () => {
    let c: FreshSchema;
    beforeAll(async () => {
      c = await freshSchema();
      await migrate(c.db);
      await c.db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (1, 'Upper Box D', 183, 'upper', 1, 1, 10, 10)`);
      // The same accounts (ids and sessions) in the control's schema.
      for (const u of users) {
        await c.db.query(`INSERT INTO users (id, email, first_name, last_name) VALUES ($1, $2, 'T', 'U')`, [u.userId, `control-${u.userId}@test.local`]);
        await c.db.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [u.sessionId, u.userId]);
      }
      await c.db.query('DROP INDEX order_seats_live_key');
    }, 60_000);
    afterAll(async () => {
      await c?.drop();
    });

    it('the same mixed storm sells seats twice, and the checker says so', async () => {
      const { rows } = await c.db.query<{ id: number }>(
        `INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('sports', 'Control', 'x', now() + interval '30 days', 100, 'Approved') RETURNING id`,
      );
      const eventId = (rows[0] as { id: number }).id;
      const { requests, results } = await mixedStorm(c.db, eventId, 3);
      const report = await checkStorm(c.db, eventId, 1, new Date(), requests, results);
      expect(report.doubles.length).toBeGreaterThan(0);
    }, 60_000);
  });
});
