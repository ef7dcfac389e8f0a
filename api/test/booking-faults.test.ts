// Booking and payment survive the faults of a sale day. Each fault hits a storm of buyers
// who book seats and pay their holds (retrying with the same call and key on a retryable error):
//   - PostgreSQL backends terminated (pg_terminate_backend) at random moments;
//   - an API process killed with SIGKILL mid-storm, then started again;
//   - PostgreSQL restarted mid-storm.
// After each: every client got an answer or a retryable error, never a 500; pay retries with the
// same key converge on one answer, one paid order, one set of tickets; and the database holds the
// invariants of checkBookingInvariants (sold + held + free = capacity, no order without its seats,
// no live seat without its order). bench/booking-faults.mjs runs the same faults many more times.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { checkBookingInvariants } from '../src/booking/invariants';
import { createDb, DatabaseBusyError, migrate } from '../src/db';
import type { Db } from '../src/db';
import { REPO_ROOT, startApiProcess, stopApiProcess } from './support/api-process';
import type { ApiProcess } from './support/api-process';
import { createEvent, newSession, signedInUsers, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { bookAndPayStorm, judgeStorm, repeatPayments, startOwnPostgres } from './support/faults';
import type { ClientOutcome, OwnPostgres } from './support/faults';
import { closedPort, freshSchema, testDatabaseUrl } from './support/helpers';
import type { FreshSchema } from './support/helpers';
import { prng } from './support/storm';

const SECTION = 5; // Upper Box F, 250 seats
const STORM = { range: 120, maxSeats: 3 };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Everything a run must show, checked together so a failure names all that went wrong. */
async function expectSurvived(db: Db, eventId: number, outcomes: ClientOutcome[], urls: string[], cookies: string[]): Promise<void> {
  await repeatPayments(urls, cookies, outcomes);
  const judged = judgeStorm(outcomes);
  const { violations } = await checkBookingInvariants(db, eventId);
  // Every 200 a buyer saw is a paid order with the ticket it showed.
  const shown = outcomes.filter((o) => o.payStatus === 200).map((o) => JSON.parse(o.payAnswers[0] as string) as { order: { orderId: number; tickets: { ticketId: string }[] } });
  const { rows } = await db.query<{ id: number; tickets: string[] }>(
    `SELECT o.id, ARRAY(SELECT t.id FROM tickets t WHERE t.order_id = o.id ORDER BY t.seat_number) AS tickets FROM orders o WHERE o.event_id = $1 AND o.status = 'paid'`,
    [eventId],
  );
  const tickets = new Map(rows.map((r) => [r.id, r.tickets.join(',')]));
  const lost = shown.filter((a) => tickets.get(a.order.orderId) !== a.order.tickets.map((t) => t.ticketId).join(',')).map((a) => a.order.orderId);
  expect({ bad: judged.bad, unsettled: judged.unsettled, divergent: judged.divergent, violations, lost }).toEqual({ bad: [], unsettled: 0, divergent: 0, violations: [], lost: [] });
  expect(judged.booked).toBeGreaterThan(0);
  expect(judged.paid).toBeGreaterThan(0);
  expect(judged.paid).toBe(rows.length);
}

describe('faults during a booking and payment storm', () => {
  describe('control: the invariant check sees each kind of damage', () => {
    let s: FreshSchema;
    beforeAll(async () => {
      s = await freshSchema();
      await migrate(s.db);
    }, 60_000);
    afterAll(async () => {
      await s?.drop();
    });

    it('a seat live twice, an order short of its seats, a live seat of an expired order, a paid order without its attempt', async () => {
      await s.db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (1, 'Lower Box A', 150, 'lower', 1, 1, 10, 10)`);
      const [user] = await signedInUsers(s.db, 'control', 1);
      const { rows } = await s.db.query<{ id: number }>(`INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('sports', 'C', 'x', now() + interval '9 days', 10, 'Approved') RETURNING id`);
      const eventId = (rows[0] as { id: number }).id;
      expect((await checkBookingInvariants(s.db, eventId)).violations).toEqual([]);
      await s.db.query('DROP INDEX order_seats_live_key');
      const order = async (status: string, seatCount: number, seats: number[]) => {
        const paid = status === 'paid' ? `, 'gcash', 'full', now(), substr(md5(random()::text), 1, 22)` : ', NULL, NULL, NULL, NULL';
        const { rows: o } = await s.db.query<{ id: number }>(
          `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, ticket_id)
           VALUES ($1, $2, 1, $3, $4, 0, now(), now() + interval '10 minutes'${paid}) RETURNING id`,
          [user?.userId, eventId, status, seatCount],
        );
        const id = (o[0] as { id: number }).id;
        await s.db.query('INSERT INTO order_seats (order_id, event_id, section_id, seat_number) SELECT $1, $2, 1, unnest($3::int[])', [id, eventId, seats]);
      };
      await order('held', 2, [1, 2]);
      await order('held', 1, [2]);
      await order('held', 3, [5, 6]);
      await order('expired', 1, [9]);
      await order('paid', 1, [12]);
      const { violations, sections } = await checkBookingInvariants(s.db, eventId);
      expect(sections).toEqual([{ sectionId: 1, capacity: 150, sold: 1, held: 6, free: 144 }]);
      expect(violations.map((v) => v.split(':')[0])).toEqual([
        'section 1',
        'live seats of a held or paid order != seat_count, or an expired order with live seats',
        'an order whose seat rows are not seat_count',
        'a live seat whose order is not held or paid',
        'a paid order without one ticket per seat or without exactly one paid attempt',
      ]);
    });
  });

  describe('PostgreSQL backends terminated at random moments', () => {
    const applicationName = `fault-terminate-${randomBytes(3).toString('hex')}`;
    let app: BookingApp;
    let killer: Db;
    let cookies: string[];
    beforeAll(async () => {
      app = await startBookingApp({ poolMax: 6, dbOptions: { applicationName } });
      killer = createDb(testDatabaseUrl(), { max: 1 });
      cookies = (await Promise.all(Array.from({ length: 8 }, () => newSession(app)))).map((s) => s.cookie);
    }, 60_000);
    afterAll(async () => {
      await killer?.close();
      await app?.stop();
    });

    // One seeded run here; bench/booking-faults.mjs repeats the faults many times with other seeds.
    it.each([1])('run %i: answers or retryable errors only, payments converge, invariants hold', async (run) => {
      const eventId = await createEvent(app.db);
      const random = prng(run);
      let storming = true;
      let terminated = 0;
      const killing = (async () => {
        while (storming) {
          await sleep(30 + Math.floor(random() * 150));
          try {
            const { rows } = await killer.query<{ done: boolean }>(
              `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = $1 ORDER BY random() LIMIT $2`,
              [applicationName, random() < 0.1 ? 6 : 1],
            );
            terminated += rows.filter((r) => r.done).length;
          } catch (error) {
            // The injector's own connection can time out on a loaded machine (CI saw it once): it tries again.
            if (!(error instanceof DatabaseBusyError)) throw error;
          }
        }
      })();
      const outcomes = await bookAndPayStorm({ urls: () => [app.url], cookies, eventId, sectionId: SECTION, ...STORM, clients: 60, seed: 900 + run });
      storming = false;
      await killing;
      expect(terminated).toBeGreaterThan(0);
      await expectSurvived(app.db, eventId, outcomes, [app.url], cookies);
    }, 180_000);
  });

  describe('an API process killed with SIGKILL mid-storm, then started again', () => {
    let app: BookingApp;
    let cookies: string[];
    const processes: ApiProcess[] = [];
    const env = (): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      LOG_LEVEL: 'silent',
      DATABASE_POOL_MAX: '4',
      HOLD_SWEEP_SECONDS: '0',
      MAX_SEATS_PER_ACCOUNT: '100000',
    });
    beforeAll(async () => {
      app = await startBookingApp();
      cookies = (await Promise.all(Array.from({ length: 8 }, () => newSession(app)))).map((s) => s.cookie);
      const ports = await Promise.all([closedPort(), closedPort()]);
      processes.push(...(await Promise.all(ports.map((port) => startApiProcess(env(), port)))));
    }, 180_000);
    afterAll(async () => {
      await Promise.all(processes.map(stopApiProcess));
      await app?.stop();
    });

    it.each([1, 2])('run %i: the other process and the restarted one finish every client; invariants hold', async (run) => {
      const eventId = await createEvent(app.db);
      const urls = () => processes.map((p) => p.url);
      const storm = bookAndPayStorm({ urls, cookies, eventId, sectionId: SECTION, ...STORM, clients: 60, seed: 700 + run });
      // Killed while the storm is under way: after its first hold (a fixed delay sometimes let a
      // fast machine finish the storm first, and then no call had anything to retry).
      for (let waited = 0; waited < 10_000 && !(await app.db.query('SELECT 1 FROM orders WHERE event_id = $1 LIMIT 1', [eventId])).rowCount; waited += 5) await sleep(5);
      await sleep(Math.floor(prng(run)() * 30));
      const victim = processes[0] as ApiProcess;
      victim.child.kill('SIGKILL');
      await victim.exited;
      processes[0] = await startApiProcess(env(), Number(new URL(victim.url).port));
      const outcomes = await storm;
      expect(outcomes.reduce((n, o) => n + o.retries, 0)).toBeGreaterThan(0);
      await expectSurvived(app.db, eventId, outcomes, urls(), cookies);
    }, 180_000);
  });

  describe('PostgreSQL restarted mid-storm', () => {
    const dataDir = path.join(REPO_ROOT, '.data', `fault-pg-${randomBytes(3).toString('hex')}`);
    let pg: OwnPostgres;
    let app: BookingApp;
    let cookies: string[];
    beforeAll(async () => {
      pg = await startOwnPostgres(REPO_ROOT, dataDir);
      app = await startBookingApp({ prepare: false, config: { databaseUrl: pg.url('faults') } });
      await migrate(app.db);
      await app.db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (${SECTION}, 'Upper Box F', 250, 'upper', 1, 1, 10, 10)`);
      cookies = (await Promise.all(Array.from({ length: 8 }, () => newSession(app)))).map((s) => s.cookie);
    }, 180_000);
    afterAll(async () => {
      await app?.stop();
      await pg?.stop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('clients get 503 with Retry-After while it is down, then finish; invariants hold', async () => {
      const eventId = await createEvent(app.db);
      const storm = bookAndPayStorm({ urls: () => [app.url], cookies, eventId, sectionId: SECTION, ...STORM, clients: 60, seed: 500, maxRetries: 300 });
      await sleep(150);
      await pg.stop();
      await sleep(300);
      pg = await startOwnPostgres(REPO_ROOT, dataDir, pg.port);
      const outcomes = await storm;
      expect(outcomes.reduce((n, o) => n + o.retries, 0)).toBeGreaterThan(0);
      await expectSurvived(app.db, eventId, outcomes, [app.url], cookies);
    }, 180_000);
  });
});
