// Payments of concurrent requests of one process go to PostgreSQL together (payment.service.ts:
// claims in one transaction per batch, settlements in one per batch). Each request still gets its
// own answer: a batch mixing a payment that goes through with refusals of every kind (a session
// that ended among them: the batch checks the sessions itself) answers each
// as a payment alone would, and pays only what it should. Their statements are planned once per
// connection, not once per batch.
import { CHOOSE_PAYMENT_METHOD } from '@sports/contracts';
import type { OrderResponse } from '@sports/contracts';
import { MESSAGES } from '../src/booking/booking.service';
import { payOrder } from '../src/booking/payment.service';
import type { PayResult } from '../src/booking/payment.service';
import { createDb } from '../src/db';
import type { Db } from '../src/db';
import { AppError, MESSAGES as ERROR_MESSAGES } from '../src/errors';
import { verifySessionToken } from '../src/auth/session-token';
import type { SessionClaims } from '../src/auth/session-token';
import { book, createEvent, newSession, serviceDeps, startBookingApp } from './support/booking';
import { testDatabaseUrl } from './support/helpers';
import type { BookingApp, Session } from './support/booking';

/** `db`, counting the transactions begun through it. */
function counting(db: Db): { db: Db; transactions: () => number } {
  let transactions = 0;
  return {
    transactions: () => transactions,
    db: {
      ...db,
      withTransaction: (fn, options) => {
        transactions += 1;
        return db.withTransaction(fn, options);
      },
    },
  };
}

/** A payment's outcome: its status and answer, or the refusal it threw (status and message). */
async function outcome(paying: Promise<PayResult>): Promise<{ status: number; body: { success: boolean; error?: string; order?: OrderResponse['order'] } }> {
  try {
    const { status, body } = await paying;
    return { status, body: JSON.parse(body) as { success: boolean; order?: OrderResponse['order'] } };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, body: { success: false, error: err.message } };
  }
}

const pay = { paymentMethod: 'gcash', paymentType: 'full' } as const;

describe('payments batched in one process', () => {
  let app: BookingApp;
  let eventId: number;
  let nextSeat = 1;
  beforeAll(async () => {
    app = await startBookingApp();
    eventId = await createEvent(app.db, { price: 200 });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  /** The claims of a buyer's session cookie. */
  const claimsOf = (buyer: Session): SessionClaims => verifySessionToken(app.config.jwtSecret, buyer.cookie.slice('session='.length)) as SessionClaims;

  /** A fresh buyer holding two seats of the event. */
  async function buyerWithHold(): Promise<{ buyer: Session; orderId: number }> {
    const buyer = await newSession(app);
    const held = await book(app, buyer.cookie, eventId, 4, [nextSeat++, nextSeat++]);
    expect(held.status).toBe(200);
    return { buyer, orderId: held.body.order?.orderId as number };
  }

  it('12 buyers paying at once each get their own paid order and tickets, in fewer transactions than 2 per payment', async () => {
    const holds = await Promise.all(Array.from({ length: 12 }, buyerWithHold));
    const { db, transactions } = counting(app.db);
    const deps = serviceDeps(db);
    const answers = await Promise.all(holds.map(({ buyer, orderId }) => outcome(payOrder(deps, claimsOf(buyer), orderId, `batch-${orderId}`, pay))));
    expect(answers.map((a) => [a.status, a.body.order?.orderId, a.body.order?.status, a.body.order?.tickets?.length])).toEqual(holds.map((h) => [200, h.orderId, 'paid', 2]));
    expect(transactions()).toBeLessThan(2 * holds.length);
    const { rows } = await app.db.query<{ paid: number; tickets: number; owed: number }>(
      `SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid, (SELECT count(*)::int FROM tickets WHERE order_id = ANY ($1)) AS tickets,
              (SELECT count(*)::int FROM ticket_mails_owed WHERE order_id = ANY ($1)) AS owed
       FROM orders WHERE id = ANY ($1)`,
      [holds.map((h) => h.orderId)],
    );
    // Each paid once, two tickets each, and each ticket mail owed until it is sent (serviceDeps sends none).
    expect(rows[0]).toEqual({ paid: 12, tickets: 24, owed: 12 });
  }, 60_000);

  it('a batch mixing refusals of every kind answers each request as it would alone, and pays only the payable', async () => {
    const [ok, others, expired, paid, noMethod, twin, first, second, signedOut] = await Promise.all(Array.from({ length: 9 }, buyerWithHold));
    if (!ok || !others || !expired || !paid || !noMethod || !twin || !first || !second || !signedOut) throw new Error('holds missing');
    await app.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [claimsOf(signedOut.buyer).sessionId]);
    const deps = serviceDeps(app.db);
    expect((await outcome(payOrder(deps, claimsOf(paid.buyer), paid.orderId, `mix-paid-${paid.orderId}`, pay))).status).toBe(200);
    await app.db.query(`UPDATE orders SET created_at = now() - interval '1 hour', expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.orderId]);

    // Two payments first, so that the rest wait for them and go together.
    const answers = await Promise.all([
      outcome(payOrder(deps, claimsOf(first.buyer), first.orderId, `mix-first-${first.orderId}`, pay)),
      outcome(payOrder(deps, claimsOf(second.buyer), second.orderId, `mix-second-${second.orderId}`, pay)),
      outcome(payOrder(deps, claimsOf(ok.buyer), ok.orderId, `mix-ok-${ok.orderId}`, pay)),
      outcome(payOrder(deps, claimsOf(ok.buyer), others.orderId, `mix-others-${others.orderId}`, pay)),
      outcome(payOrder(deps, claimsOf(expired.buyer), expired.orderId, `mix-expired-${expired.orderId}`, pay)),
      outcome(payOrder(deps, claimsOf(paid.buyer), paid.orderId, `mix-again-${paid.orderId}`, pay)),
      outcome(payOrder(deps, claimsOf(noMethod.buyer), noMethod.orderId, `mix-nomethod-${noMethod.orderId}`, { paymentType: 'full' })),
      outcome(payOrder(deps, claimsOf(twin.buyer), twin.orderId, `mix-twin-${twin.orderId}`, pay)),
      outcome(payOrder(deps, claimsOf(twin.buyer), twin.orderId, `mix-twin-${twin.orderId}`, pay)),
      outcome(payOrder(deps, claimsOf(signedOut.buyer), signedOut.orderId, `mix-signed-out-${signedOut.orderId}`, pay)),
    ]);
    expect(answers.map((a) => [a.status, a.body.error ?? a.body.order?.status])).toEqual([
      [200, 'paid'],
      [200, 'paid'],
      [200, 'paid'],
      [404, MESSAGES.orderNotFound],
      [410, MESSAGES.holdExpired],
      [409, MESSAGES.alreadyPaid],
      [400, CHOOSE_PAYMENT_METHOD],
      [200, 'paid'],
      [200, 'paid'],
      [401, ERROR_MESSAGES.sessionEnded],
    ]);
    // The same key sent twice at once: one payment, one answer, byte for byte.
    expect(answers[8]).toEqual(answers[7]);
    const { rows } = await app.db.query<{ id: number; status: string; attempts: number }>(
      `SELECT o.id, o.status, (SELECT count(*)::int FROM payment_attempts a WHERE a.order_id = o.id) AS attempts FROM orders o WHERE o.id = ANY ($1) ORDER BY o.id`,
      [[ok, others, expired, noMethod, twin, signedOut].map((h) => h.orderId)],
    );
    expect(rows).toEqual(
      [
        { id: ok.orderId, status: 'paid', attempts: 1 },
        { id: others.orderId, status: 'held', attempts: 0 },
        { id: expired.orderId, status: 'held', attempts: 0 },
        { id: noMethod.orderId, status: 'held', attempts: 0 },
        { id: twin.orderId, status: 'paid', attempts: 1 },
        { id: signedOut.orderId, status: 'held', attempts: 0 },
      ].sort((a, b) => a.id - b.id),
    );
  }, 60_000);

  it("the claims' and settlements' statements run their generic plan, made once per connection, and the setting ends with each transaction", async () => {
    const holds = await Promise.all(Array.from({ length: 7 }, buyerWithHold));
    // One connection: every payment's statements run on it, and its prepared statements can be read back.
    const db = createDb(testDatabaseUrl(), { max: 1 });
    try {
      const deps = serviceDeps(db);
      for (const { buyer, orderId } of holds) expect((await outcome(payOrder(deps, claimsOf(buyer), orderId, `plans-${orderId}`, pay))).status).toBe(200);
      const { rows } = await db.query<{ name: string; generic_plans: string; custom_plans: string }>(
        `SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'pay-%' OR name IN ('issue-tickets', 'orders-by-ids') ORDER BY name`,
      );
      const statements = ['issue-tickets', 'orders-by-ids', 'pay-find-claims', 'pay-lock-attempts', 'pay-lock-keys', 'pay-lock-orders', 'pay-mark-paid', 'pay-settle-attempts', 'pay-start-attempts'];
      // Without it, PostgreSQL plans a prepared statement for its parameters on its first five runs at least.
      expect(rows.map((r) => [r.name, Number(r.generic_plans), Number(r.custom_plans)])).toEqual(statements.map((name) => [name, holds.length, 0]));
      const { rows: after } = await db.query<{ mode: string }>(`SELECT current_setting('plan_cache_mode') AS mode`);
      expect(after).toEqual([{ mode: 'auto' }]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
