// A payment provider shaped like a real one. No database lock is held while the provider
// is asked; the order goes held -> being paid (attempt recorded) -> paid, or back to held on a
// refusal; the provider's confirmation settles it idempotently; a hold that runs out while its
// payment is pending is settled by the provider's answer and never sold twice; a payment whose
// process died converges on one paid order. Runs the services in a schema of its own (it moves
// the clock and sweeps), with scripted providers.
import type { OrderResponse } from '@sports/contracts';
import type { SessionClaims } from '../src/auth/session-token';
import { bookSeats, bookedSeats, getOrder, MESSAGES, sweepExpiredHolds } from '../src/booking/booking.service';
import type { BookingDeps } from '../src/booking/booking.service';
import { payOrder, reconcilePendingPayments, settlePayment, UNSEEN_ATTEMPT_GRACE_MS } from '../src/booking/payment.service';
import type { PayResult } from '../src/booking/payment.service';
import { RecordOnlyProvider } from '../src/booking/payment';
import type { PaymentProvider, PaymentRequest, ProviderAnswer, RefundAnswer, RefundRequest } from '../src/booking/payment';
import { offsetClock } from '../src/clock';
import type { OffsetClock } from '../src/clock';
import { createDb, migrate } from '../src/db';
import { AppError } from '../src/errors';
import { serviceDeps, signedInUsers } from './support/booking';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';

const MINUTE = 60_000;
const GCASH = { paymentMethod: 'gcash', paymentType: 'full' } as const;

/** A provider whose answers the test scripts; it remembers what it was asked. */
class ScriptedProvider implements PaymentProvider {
  readonly name = 'scripted';
  started: PaymentRequest[] = [];
  onStart: (p: PaymentRequest) => Promise<ProviderAnswer> = async (p) => ({ status: 'confirmed', reference: `scripted:${p.attemptId}` });
  onLookup: (p: PaymentRequest) => Promise<ProviderAnswer | { status: 'unknown' }> = async () => ({ status: 'pending' });
  start(p: PaymentRequest) {
    this.started.push(p);
    return this.onStart(p);
  }
  lookup(p: PaymentRequest) {
    return this.onLookup(p);
  }
  async refund(r: RefundRequest): Promise<RefundAnswer> {
    return { status: 'refunded', reference: `scripted-refund:${r.refundId}` };
  }
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string; headers: Record<string, string> }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, message: err.message, headers: { ...err.headers } };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('payment through a provider shaped like a real one', () => {
  let s: FreshSchema;
  let clock: OffsetClock;
  let provider: ScriptedProvider;
  let deps: BookingDeps;
  let users: SessionClaims[];
  let eventId: number;
  let nextSeat = 1;
  beforeAll(async () => {
    s = await freshSchema();
    await migrate(s.db);
    await s.db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (1, 'Upper Box D', 183, 'upper', 1, 1, 10, 10)`);
    users = await signedInUsers(s.db, 'provider', 4);
    const e = await s.db.query<{ id: number }>(`INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('sports', 'Provider', 'x', now() + interval '30 days', 100, 'Approved') RETURNING id`);
    eventId = (e.rows[0] as { id: number }).id;
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  });
  beforeEach(() => {
    clock = offsetClock();
    provider = new ScriptedProvider();
    deps = { ...serviceDeps(s.db, clock), payments: provider };
  });

  async function hold(user = 0, count = 2): Promise<{ orderId: number; seats: number[] }> {
    const seats = Array.from({ length: count }, () => nextSeat++);
    const { status, body } = await bookSeats(deps, users[user] as SessionClaims, { event_id: eventId, section_id: 1, seat_numbers: seats });
    expect(status).toBe(200);
    return { orderId: body.order?.orderId as number, seats };
  }
  const userId = (i: number) => (users[i] as SessionClaims).userId;
  const caller = (i: number) => users[i] as SessionClaims;
  const orderState = async (orderId: number) =>
    (
      await s.db.query<{ status: string; paying: boolean; attempts: string[] | null; live: number }>(
        `SELECT status, pending_attempt_id IS NOT NULL AS paying,
                (SELECT array_agg(state ORDER BY id) FROM payment_attempts WHERE order_id = $1) AS attempts,
                (SELECT count(*)::int FROM order_seats WHERE order_id = $1 AND live) AS live
         FROM orders WHERE id = $1`,
        [orderId],
      )
    ).rows[0];

  it('holds no database lock while the provider is asked, with the attempt recorded and the order marked as being paid', async () => {
    const { orderId } = await hold();
    const other = createDb(s.url, { max: 1 });
    const seen: unknown[] = [];
    provider.onStart = async (p) => {
      // Another connection can lock the order and the attempt at once: nothing of ours holds them.
      seen.push(
        await other.withTransaction(async (tx) => {
          const order = await tx.query('SELECT status, pending_attempt_id::text AS attempt FROM orders WHERE id = $1 FOR UPDATE NOWAIT', [p.orderId]);
          const attempt = await tx.query('SELECT state, amount::float8 AS amount, payment_method FROM payment_attempts WHERE id = $1 FOR UPDATE NOWAIT', [p.attemptId]);
          return { order: order.rows[0], attempt: attempt.rows[0] };
        }),
      );
      return { status: 'confirmed', reference: `scripted:${p.attemptId}` };
    };
    try {
      const paid = await payOrder(deps, caller(0), orderId, 'no-lock-while-asking', GCASH);
      expect(paid.status).toBe(200);
      const attemptId = provider.started[0]?.attemptId;
      expect(seen).toEqual([{ order: { status: 'held', attempt: attemptId }, attempt: { state: 'pending', amount: 200, payment_method: 'gcash' } }]);
      expect(await orderState(orderId)).toEqual({ status: 'paid', paying: false, attempts: ['paid'], live: 2 });
    } finally {
      await other.close();
    }
  });

  it('a pending payment outlives its hold: never expired or sold to another, then settled by the confirmation, idempotently', async () => {
    const { orderId, seats } = await hold(0);
    provider.onStart = async () => ({ status: 'pending' });
    const first = await refusal(payOrder(deps, caller(0), orderId, 'pending-key-0001', GCASH));
    expect(first).toEqual({ status: 409, message: MESSAGES.paymentInProgress, headers: { 'Retry-After': '1' } });
    // The same key waits a moment for the provider, then answers "in progress" too; another key is refused at once.
    expect((await refusal(payOrder(deps, caller(0), orderId, 'pending-key-0001', GCASH))).status).toBe(409);
    expect(await refusal(payOrder(deps, caller(0), orderId, 'other-key-0002', GCASH))).toMatchObject({ status: 409, message: MESSAGES.paymentInProgress });
    expect(provider.started).toHaveLength(1);
    expect((await getOrder(deps, userId(0), orderId)).status).toBe('held');

    // The hold's ten minutes run out while the provider still has it.
    clock.advance(30 * MINUTE);
    expect(await sweepExpiredHolds(deps)).toEqual({ orders: 0, seats: 0 });
    expect(await bookedSeats(deps, eventId, 1)).toEqual(expect.arrayContaining(seats));
    const rival = await bookSeats(deps, users[1] as SessionClaims, { event_id: eventId, section_id: 1, seat_numbers: seats });
    expect(rival).toMatchObject({ status: 409, body: { alreadyBooked: seats } });
    expect((await getOrder(deps, userId(0), orderId)).status).toBe('held');

    // The provider's confirmation (a webhook), twice: one ticket, one stored answer.
    const attemptId = provider.started[0]?.attemptId as string;
    const confirmed = await settlePayment(deps, attemptId, { status: 'confirmed', reference: 'provider-ref-1' });
    expect(confirmed.status).toBe(200);
    expect(await settlePayment(deps, attemptId, { status: 'confirmed', reference: 'provider-ref-1' })).toEqual(confirmed);
    expect(await settlePayment(deps, attemptId, { status: 'refused', reason: 'late and wrong' })).toEqual(confirmed);
    const order = (JSON.parse(confirmed.body) as OrderResponse).order;
    expect(order).toMatchObject({ orderId, status: 'paid', paymentMethod: 'gcash', seats });
    // The buyer's retry with the first key gets the same bytes.
    expect(await payOrder(deps, caller(0), orderId, 'pending-key-0001', GCASH)).toEqual(confirmed);
    expect(await orderState(orderId)).toEqual({ status: 'paid', paying: false, attempts: ['paid'], live: 2 });
  });

  it('a refusal makes the order a plain hold again: its answer is stored, another key may pay, an expired one is freed by the sweep', async () => {
    const { orderId } = await hold(2);
    provider.onStart = async () => ({ status: 'refused', reason: 'insufficient funds' });
    const refused = await payOrder(deps, caller(2), orderId, 'refused-key-0001', GCASH);
    expect(refused).toEqual({ status: 402, body: JSON.stringify({ success: false, error: MESSAGES.paymentRefused }) });
    expect(await payOrder(deps, caller(2), orderId, 'refused-key-0001', GCASH)).toEqual(refused);
    expect(await orderState(orderId)).toEqual({ status: 'held', paying: false, attempts: ['refused'], live: 2 });
    provider.onStart = async (p) => ({ status: 'confirmed', reference: `scripted:${p.attemptId}` });
    expect((await payOrder(deps, caller(2), orderId, 'refused-key-0002', GCASH)).status).toBe(200);
    expect(await orderState(orderId)).toEqual({ status: 'paid', paying: false, attempts: ['refused', 'paid'], live: 2 });

    // Refused after the hold ran out: the hold is over, and the sweep frees its seats.
    const late = await hold(2);
    provider.onStart = async () => ({ status: 'pending' });
    await refusal(payOrder(deps, caller(2), late.orderId, 'late-refusal-0001', GCASH));
    clock.advance(11 * MINUTE);
    await settlePayment(deps, provider.started.at(-1)?.attemptId as string, { status: 'refused', reason: 'timed out at the bank' });
    expect(await refusal(payOrder(deps, caller(2), late.orderId, 'late-refusal-0002', GCASH))).toMatchObject({ status: 410 });
    await sweepExpiredHolds(deps);
    expect(await orderState(late.orderId)).toEqual({ status: 'expired', paying: false, attempts: ['refused'], live: 0 });
  });

  it('a process that dies after recording the attempt: a retry with the same key converges on one paid order', async () => {
    const { orderId } = await hold(3);
    provider.onStart = async () => {
      throw new Error('socket hang up');
    };
    expect(await refusal(payOrder(deps, caller(3), orderId, 'crash-key-0001', GCASH))).toEqual({ status: 503, message: MESSAGES.paymentUnavailable, headers: { 'Retry-After': '2' } });
    expect(await orderState(orderId)).toEqual({ status: 'held', paying: true, attempts: ['pending'], live: 2 });
    // The retry finds the attempt pending, waits a moment, then asks the provider what became of it.
    provider.onLookup = async (p) => ({ status: 'confirmed', reference: `scripted:${p.attemptId}` });
    const retries = await Promise.all([1, 2, 3].map(() => payOrder(deps, caller(3), orderId, 'crash-key-0001', GCASH)));
    expect(retries.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(retries.map((r) => r.body)).size).toBe(1);
    expect(provider.started).toHaveLength(1);
    expect(await orderState(orderId)).toEqual({ status: 'paid', paying: false, attempts: ['paid'], live: 2 });
  });

  it('the record-only provider confirms a retry of an attempt its process never finished', async () => {
    const { orderId } = await hold(3, 1);
    const crashing = new ScriptedProvider();
    crashing.onStart = async () => {
      throw new Error('process killed');
    };
    await refusal(payOrder({ ...deps, payments: crashing }, caller(3), orderId, 'record-only-crash-01', GCASH));
    const recordOnly = { ...deps, payments: new RecordOnlyProvider() };
    const retried: PayResult = await payOrder(recordOnly, caller(3), orderId, 'record-only-crash-01', GCASH);
    expect(retried.status).toBe(200);
    expect((JSON.parse(retried.body) as OrderResponse).order.status).toBe('paid');
  });

  it('the sweep settles payments stuck with the provider: confirmed when it says so, refused when it never saw them', async () => {
    const confirmedLater = await hold(1, 1);
    const neverSeen = await hold(1, 1);
    provider.onStart = async () => ({ status: 'pending' });
    await refusal(payOrder(deps, caller(1), confirmedLater.orderId, 'stuck-key-0001', GCASH));
    await refusal(payOrder(deps, caller(1), neverSeen.orderId, 'stuck-key-0002', GCASH));
    const [known] = provider.started;
    provider.onLookup = async (p) => (p.attemptId === known?.attemptId ? { status: 'confirmed', reference: 'late-confirmation' } : { status: 'unknown' });
    // Too young to give up on: the one the provider never saw may still be on its way there.
    expect(await reconcilePendingPayments(deps, { olderThanMs: 0 })).toBe(1);
    expect(await orderState(confirmedLater.orderId)).toMatchObject({ status: 'paid', attempts: ['paid'] });
    expect(await orderState(neverSeen.orderId)).toMatchObject({ status: 'held', paying: true });
    clock.advance(UNSEEN_ATTEMPT_GRACE_MS);
    expect(await reconcilePendingPayments(deps, { olderThanMs: 0 })).toBe(1);
    expect(await orderState(neverSeen.orderId)).toEqual({ status: 'held', paying: false, attempts: ['refused'], live: 1 });
  });
});
