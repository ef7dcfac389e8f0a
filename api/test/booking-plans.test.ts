// The booking statement is planned once. pg_stat_statements (on a PostgreSQL of this
// test's own, started with it preloaded) counts plans and calls of every statement, nested ones
// inside book_holds included: over many book calls each is planned a few times per connection at
// most (PostgreSQL keeps the generic plan), and the expiry of due holds is not run at all unless
// an expired hold is in a seat's way. A control runs the released single-request book_hold, whose
// expiry sweep ran, and was planned, on every call.
import { rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { SessionClaims } from '../src/auth/session-token';
import * as repo from '../src/booking/booking.repository';
import { createHoldBatcher } from '../src/booking/hold-seats';
import { createDb, migrate } from '../src/db';
import type { Db } from '../src/db';
import { REPO_ROOT } from './support/api-process';
import { signedInUsers } from './support/booking';
import { startOwnPostgres } from './support/faults';
import { landedBookHoldSql } from './support/landed-migrations';
import type { OwnPostgres } from './support/faults';

const CALLS = 200;
const POOL = 2;

interface Counted {
  query: string;
  calls: number;
  plans: number;
}

describe('the booking statement is planned once, not per call', () => {
  const dataDir = path.join(REPO_ROOT, '.data', `plans-pg-${randomBytes(3).toString('hex')}`);
  let pg: OwnPostgres;
  let db: Db;
  let users: SessionClaims[];
  let eventId: number;
  beforeAll(async () => {
    pg = await startOwnPostgres(REPO_ROOT, dataDir);
    const setup = createDb(pg.url('postgres'), { max: 1 });
    await setup.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    await setup.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
    await setup.query(`ALTER SYSTEM SET pg_stat_statements.track_planning = on`);
    await setup.close();
    await pg.stop();
    pg = await startOwnPostgres(REPO_ROOT, dataDir, pg.port);
    db = createDb(pg.url('faults'), { max: POOL });
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await migrate(db);
    await db.query(
      `INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height)
       SELECT g, 'Section ' || g, 1000, 'upper', 1, 1, 10, 10 FROM generate_series(1, 13) g`,
    );
    users = await signedInUsers(db, 'plans', 10);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('sports', 'Plans', 'x', now() + interval '30 days', 100, 'Approved') RETURNING id`,
    );
    eventId = (rows[0] as { id: number }).id;
    // Statistics like a sale's: many accounts with a few live holds each, most of them on this
    // event (where a generic plan's guesses and a custom plan's differ most), analysed.
    await db.query(`INSERT INTO users (email, first_name, last_name) SELECT 'filler-' || g || '@test.local', 'F', 'U' FROM generate_series(1, 5000) g`);
    await db.query(
      `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at)
       SELECT u.id, $1, 1 + g % 13, 'held', 1, 100, now(), now() + interval '10 minutes' + g * interval '1 ms'
       FROM generate_series(1, 40000) g JOIN users u ON u.email = 'filler-' || (1 + g % 5000) || '@test.local'`,
      [eventId],
    );
    await db.query('ANALYZE');
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    await pg?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const counts = async (like: string): Promise<Counted[]> =>
    (await db.query<Counted>(`SELECT query, calls::int, plans::int FROM pg_stat_statements WHERE query LIKE $1 ORDER BY query`, [like])).rows;
  const total = (rows: Counted[]) => rows.reduce((t, r) => ({ calls: t.calls + r.calls, plans: t.plans + r.plans }), { calls: 0, plans: 0 });

  it(`${CALLS} book calls: every statement of book_holds planned a few times per connection, the expiry of due holds never run`, async () => {
    await db.query('SELECT pg_stat_statements_reset()');
    const batcher = createHoldBatcher(db, { maxBatch: 64, maxInFlight: POOL });
    const now = new Date();
    // Two at a time, so both connections of the pool take part; seats never overlap.
    for (let i = 0; i < CALLS; i += 2) {
      const answers = await Promise.all(
        [i, i + 1].map((n) => batcher.holdSeats({ ...(users[n % 10] as SessionClaims), eventId, sectionId: 1, seats: [(n % 500) * 2 + 1, (n % 500) * 2 + 2], now, expiresAt: new Date(now.getTime() + 600_000), cap: 100_000 })),
      );
      expect(answers.map((a) => a.kind)).toEqual(['held', 'held']);
    }
    // And as many in batches that go one by one (two requests of one account), on other seats.
    for (let i = 0; i < CALLS; i += 2) {
      const pair = [i, i + 1].map((n) => ({ ...(users[(i / 2) % 10] as SessionClaims), eventId, sectionId: 2, seats: [(n % 500) * 2 + 1, (n % 500) * 2 + 2], now, expiresAt: new Date(now.getTime() + 600_000), cap: 100_000 }));
      expect((await repo.bookHolds(db, pair)).map((a) => a.kind)).toEqual(['held', 'held']);
    }
    const outer = total(await counts('WITH req AS%'));
    expect(outer.calls).toBeGreaterThanOrEqual(CALLS);
    // The one-pass path: the batch qualifies, is routed, and goes in one statement.
    const qualify = total(await counts('SELECT coalesce(bool_and(r.replaces = %'));
    const route = total(await counts('v_one_by_one := %ARRAY(%'));
    const onePass = total(await counts('WITH passing AS%'));
    // The one-by-one path.
    const inserts = total(await counts('INSERT INTO orders (id, user_id, event_id, section_id, status%'));
    const seats = total(await counts('WITH inserted AS%'));
    const cap = total(await counts('SELECT coalesce(sum(o.seat_count)%'));
    const expiry = total(await counts('WITH due AS%'));
    for (const statement of [outer, qualify, route, onePass, inserts, seats, cap]) {
      expect(statement.calls).toBeGreaterThanOrEqual(CALLS / 2);
      // A custom plan for each of the first five runs on a connection, then the kept generic one.
      expect(statement.plans).toBeLessThanOrEqual(6 * POOL);
    }
    expect(expiry).toEqual({ calls: 0, plans: 0 });
  }, 120_000);

  it('an expired hold in the way is expired then, once, and the seat is booked', async () => {
    const past = new Date(Date.now() - 3_600_000);
    const [old] = await repo.bookHolds(db, [{ ...(users[0] as SessionClaims), eventId, sectionId: 1, seats: [999], now: past, expiresAt: new Date(past.getTime() + 600_000), cap: 100_000 }]);
    expect(old?.kind).toBe('held');
    await db.query('SELECT pg_stat_statements_reset()');
    const now = new Date();
    const [again] = await repo.bookHolds(db, [{ ...(users[1] as SessionClaims), eventId, sectionId: 1, seats: [999], now, expiresAt: new Date(now.getTime() + 600_000), cap: 100_000 }]);
    expect(again?.kind).toBe('held');
    expect(total(await counts('WITH due AS%')).calls).toBe(1);
  }, 60_000);

  it('control: the landed book_hold ran and planned its expiry sweep on every call, and the count shows it', async () => {
    // The released function, under another name, beside the new one.
    await db.query(landedBookHoldSql('landed_book_hold'));
    await db.query('SELECT pg_stat_statements_reset()');
    const user = (users[2] as SessionClaims).userId;
    for (let i = 0; i < 50; i += 1) {
      await db.query(`SELECT * FROM landed_book_hold($1, $2, 1, ARRAY[$3::int], now(), now() + interval '10 minutes')`, [user, eventId, 500 + i]);
    }
    const sweep = total(await counts('WITH due AS%'));
    expect(sweep.calls).toBe(50);
    expect(sweep.plans).toBeGreaterThanOrEqual(45);
  }, 60_000);
});
