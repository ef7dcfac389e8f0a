// One held order paid from several places at once, each with its own Idempotency-Key
// (two tabs, a double tap on two devices, a retry library that makes a fresh key). Exactly one
// payment succeeds; every other request answers at once with a clear 409; none is a 5xx; and
// /api/health answers 200 throughout. One function, raceFailures, says whether a race held; a control
// runs the landed lock order (attempt row first, then the order row) on the landed schema and shows
// that the same function reports its failure.
import type { OrderResponse } from '@sports/contracts';
import { MESSAGES } from '../src/booking/booking.service';
import { createDb } from '../src/db';
import { retrying } from '../src/db/retry';
import type { Db } from '../src/db';
import { book, createEvent, newSession, startBookingApp } from './support/booking';
import type { BookingApp, Session } from './support/booking';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';
import { applyLandedMigrations } from './support/landed-migrations';

interface PayAnswer {
  status: number;
  error?: string;
  retryAfter: string | null;
  ms: number;
}

interface RaceVerdict {
  paid: number;
  /** 409s that say why: already paid, or a payment in progress. */
  clearRefusals: number;
  serverErrors: number;
  /** Anything else (another status, a 409 without a clear message). */
  unclear: PayAnswer[];
  slowestMs: number;
}

const CLEAR_409 = new Set<string>([MESSAGES.alreadyPaid, MESSAGES.paymentInProgress]);

function judge(answers: PayAnswer[]): RaceVerdict {
  const verdict: RaceVerdict = { paid: 0, clearRefusals: 0, serverErrors: 0, unclear: [], slowestMs: Math.max(...answers.map((a) => a.ms)) };
  for (const a of answers) {
    if (a.status === 200) verdict.paid += 1;
    else if (a.status === 409 && a.error !== undefined && CLEAR_409.has(a.error)) verdict.clearRefusals += 1;
    else if (a.status >= 500) verdict.serverErrors += 1;
    else verdict.unclear.push(a);
  }
  return verdict;
}

/**
 * The slowest answer a race may take. Refusals answer at once, so this is room for a 2-core machine
 * kept busy by other work (answers of 2-3 s were seen there). The landed lock order fails the race
 * anyway: its deadlocks (deadlock_timeout, 1 s, each) run calls out of retries into 5xx answers.
 * The latency an idle machine must meet is bench:booking-faults' (the p99 of 50 racing payments,
 * at most 1 s).
 */
const SLOWEST_ANSWER_MS = 5_000;

/** Why a race of payments of one order did not hold; empty when it did. The main tests and the control use it. */
function raceFailures(answers: PayAnswer[]): string[] {
  const verdict = judge(answers);
  const failures: string[] = [];
  if (verdict.paid !== 1) failures.push(`${verdict.paid} payments succeeded, not exactly 1`);
  if (verdict.clearRefusals !== answers.length - 1) failures.push(`${verdict.clearRefusals} clear 409s of the ${answers.length - 1} expected`);
  if (verdict.serverErrors > 0) failures.push(`${verdict.serverErrors} answers were 5xx`);
  if (verdict.unclear.length > 0) failures.push(`unclear answers: ${JSON.stringify(verdict.unclear)}`);
  if (verdict.slowestMs >= SLOWEST_ANSWER_MS) failures.push(`the slowest answer took ${Math.round(verdict.slowestMs)} ms (bound ${SLOWEST_ANSWER_MS} ms)`);
  return failures;
}

describe('paying one order from many places at once, each with its own key', () => {
  let app: BookingApp;
  let buyer: Session;
  let eventId: number;
  let nextSeat = 1;
  beforeAll(async () => {
    app = await startBookingApp();
    buyer = await newSession(app);
    eventId = await createEvent(app.db, { price: 120 });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  /** Pays one fresh hold from `parallel` places at once, polling /api/health until every payment answered. */
  async function race(parallel: number): Promise<{ orderId: number; answers: PayAnswer[]; health: number[] }> {
    const seats = [nextSeat++, nextSeat++];
    const held = await book(app, buyer.cookie, eventId, 4, seats);
    expect(held.status).toBe(200);
    const orderId = held.body.order?.orderId as number;
    let racing = true;
    const polling = (async () => {
      const statuses: number[] = [];
      do {
        const res = await app.request('GET', '/api/health');
        await res.text();
        statuses.push(res.status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      } while (racing);
      return statuses;
    })();
    const paying = Promise.all(
      Array.from({ length: parallel }, async (_, i): Promise<PayAnswer> => {
        const started = performance.now();
        const res = await app.request('POST', `/api/orders/${orderId}/pay`, {
          cookie: buyer.cookie,
          headers: { 'Idempotency-Key': `race-${orderId}-${i}-${Math.random().toString(36).slice(2)}` },
          body: { paymentMethod: i % 2 ? 'gcash' : 'visa', paymentType: 'full' },
        });
        const body = (await res.json()) as { error?: string };
        return { status: res.status, ...(body.error !== undefined ? { error: body.error } : {}), retryAfter: res.headers.get('Retry-After'), ms: performance.now() - started };
      }),
    );
    const answers = await paying.finally(() => {
      racing = false;
    });
    return { orderId, answers, health: await polling };
  }

  it.each([10, 50])('%i parallel payments: exactly one paid, every other a clear 409 at once, no 5xx, health 200 throughout', async (parallel) => {
    const { orderId, answers, health } = await race(parallel);
    // No request queued behind another's payment: the 18 s of the landed code are gone.
    expect(raceFailures(answers)).toEqual([]);
    expect(health.length).toBeGreaterThan(0);
    expect(health.filter((status) => status !== 200)).toEqual([]);
    // "In progress" tells the client when to look again.
    for (const a of answers.filter((x) => x.error === MESSAGES.paymentInProgress)) expect(a.retryAfter).toBe('1');

    const { rows } = await app.db.query(
      `SELECT o.status, o.pending_attempt_id, (SELECT count(*)::int FROM tickets WHERE order_id = $1) AS tickets,
              (SELECT array_agg(state ORDER BY state) FROM payment_attempts WHERE order_id = $1) AS attempts,
              (SELECT count(*)::int FROM order_seats WHERE order_id = $1 AND live) AS live_seats
       FROM orders o WHERE o.id = $1`,
      [orderId],
    );
    // One settled attempt (the refusals stored nothing), one ticket per seat, the seats still live.
    expect(rows).toEqual([{ status: 'paid', pending_attempt_id: null, tickets: 2, attempts: ['paid'], live_seats: 2 }]);
    // The winner's answer is what the order reads now.
    const order = (await (await app.request('GET', `/api/orders/${orderId}`, { cookie: buyer.cookie })).json()) as OrderResponse;
    expect(order.order.status).toBe('paid');
  }, 60_000);

  describe("control: the landed code's lock order (attempt row, then order row) on the landed schema", () => {
    let s: FreshSchema;
    let db: Db;
    beforeAll(async () => {
      s = await freshSchema();
      // The released schema as it was before payment attempts were settled outside the order's lock.
      await applyLandedMigrations(s.db, { below: '0103' });
      db = createDb(s.url, { max: 12 });
    }, 60_000);
    afterAll(async () => {
      await db?.close();
      await s?.drop();
    });

    it('deadlocks under 10 parallel payments with different keys, and raceFailures reports it', async () => {
      const { rows: users } = await db.query<{ id: number }>(`INSERT INTO users (email, first_name, last_name) VALUES ('landed@test.local', 'L', 'P') RETURNING id`);
      const userId = (users[0] as { id: number }).id;
      await db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (1, 'Upper Box D', 183, 'upper', 1, 1, 10, 10)`);
      const { rows: events } = await db.query<{ id: number }>(
        `INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('sports', 'Landed', 'x', now() + interval '30 days', 100, 'Approved') RETURNING id`,
      );
      const { rows: orders } = await db.query<{ id: number }>(
        `INSERT INTO orders (user_id, event_id, section_id, seat_count, total_amount, created_at, expires_at) VALUES ($1, $2, 1, 1, 100, now(), now() + interval '10 minutes') RETURNING id`,
        [userId, (events[0] as { id: number }).id],
      );
      const orderId = (orders[0] as { id: number }).id;

      let deadlocks = 0;
      const answers = await Promise.all(
        Array.from({ length: 10 }, async (_, i): Promise<PayAnswer> => {
          const started = performance.now();
          try {
            const status = await retrying(() =>
              landedPay(db, userId, orderId, `landed-key-${i}`).catch((err: unknown) => {
                if ((err as { code?: string }).code === '40P01') deadlocks += 1;
                throw err;
              }),
            );
            return { status, ...(status === 409 ? { error: MESSAGES.alreadyPaid } : {}), retryAfter: null, ms: performance.now() - started };
          } catch (err) {
            // The landed app answered an unexpected error with 500.
            return { status: 500, error: (err as Error).message, retryAfter: null, ms: performance.now() - started };
          }
        }),
      );
      expect(deadlocks).toBeGreaterThan(0);
      // The deadlocks cost seconds of waiting (deadlock_timeout is 1 s) and run calls out of
      // retries: the criteria the main tests pass report the landed lock order as failing.
      const failures = raceFailures(answers);
      console.log(`control (landed lock order): ${deadlocks} deadlocks; ${failures.join('; ')}`);
      expect(failures).not.toEqual([]);
    }, 60_000);
  });
});

/** The landed pay transaction's statements in its order (claim the key, then lock the order). */
async function landedPay(db: Db, userId: number, orderId: number, key: string): Promise<number> {
  return db.withTransaction(async (tx) => {
    await tx.query(
      `INSERT INTO payment_attempts (user_id, idempotency_key, order_id, request_hash, created_at) VALUES ($1, $2, $3, repeat('a', 64), now())
       ON CONFLICT (user_id, idempotency_key) DO NOTHING`,
      [userId, key, orderId],
    );
    await tx.query('SELECT 1 FROM payment_attempts WHERE user_id = $1 AND idempotency_key = $2 FOR UPDATE', [userId, key]);
    const { rows } = await tx.query<{ status: string }>('SELECT status FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
    if (rows[0]?.status === 'paid') return 409;
    await tx.query(
      `UPDATE orders SET status = 'paid', payment_method = 'gcash', payment_type = 'full', payment_reference = 'landed', paid_at = now(),
              ticket_id = substr(md5(random()::text), 1, 22) WHERE id = $1`,
      [orderId],
    );
    await tx.query(`UPDATE payment_attempts SET status_code = 200, response = '{}' WHERE user_id = $1 AND idempotency_key = $2`, [userId, key]);
    return 200;
  });
}
