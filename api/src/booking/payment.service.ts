// POST /api/orders/:id/pay: pay a hold, exactly once per idempotency key, the way a real payment
// provider works: the order goes held -> being paid (the attempt recorded) ->
// paid, or back to held when the provider refuses; no database lock is held while the provider
// is asked, and its answer settles the attempt idempotently however often it arrives.
import { createHash } from 'node:crypto';
import { CHOOSE_PAYMENT_METHOD, PRICING_MESSAGES, totalChangedMessage } from '@sports/contracts';
import type { OrderChoicesRequest, OrderResponse, PaymentMethod } from '@sports/contracts';
import { sessionRefused } from '../auth/auth.middleware';
import type { SessionClaims } from '../auth/session-token';
import { AppError, badRequest, notFound } from '../errors';
import type { Queryable, TransactionOptions } from '../db';
import { formatPesos } from '../mail/pesos';
import { sendTicketMailAfterPayment, ticketMailDueAt } from '../mail/owed-ticket-mail';
import { createBatches } from '../db/batches';
import type { Batches } from '../db/batches';
import * as repo from './payment.repository';
import { retrying } from '../db/retry';
import * as orders from '../orders/order.repository';
import { toSummary } from '../orders/order-summary';
import { issueTickets } from '../orders/ticket-issue';
import { refundSaleOfCancelledEvent } from '../orders/refund-request';
import { MESSAGES, paymentInProgress } from './booking.service';
import type { BookingDeps } from './booking.service';
import { checkChoices, priceHeldOrder, retryingTakenIdNumbers } from './order-choices.service';
import type { Choice } from './order-choices.service';
import { readHeldForChoices } from './order-choices.repository';
import type { PaymentRequest, ProviderAnswer } from './payment';

export interface PayInput {
  /** Required unless the order is free (total 0); a free order records none. */
  paymentMethod?: PaymentMethod | undefined;
  paymentType: 'full';
  /** The order's choices, priced in the payment's transaction (PUT /api/orders/:id/tickets otherwise). */
  tickets?: OrderChoicesRequest['tickets'] | undefined;
  promoCode?: string | null | undefined;
  /** The total the buyer was shown (pesos): required with choices; a payment of another total is refused. */
  expectedTotal?: number | undefined;
}

/** The provider name recorded on the attempt that pays a free order: no provider is asked. */
export const FREE_PROVIDER = 'free';

/** The answer as the exact JSON text sent (a retry gets these same bytes back). */
export interface PayResult {
  status: number;
  body: string;
}

/** What makes two pay requests "the same": the order and the body's fields. */
export function requestHash(orderId: number, input: PayInput): string {
  const { paymentMethod, paymentType, tickets, promoCode, expectedTotal } = input;
  return createHash('sha256').update(JSON.stringify({ orderId, paymentMethod, paymentType, tickets, promoCode, expectedTotal })).digest('hex');
}

/** The choices a pay request carries (null: none), each checked; they need the total the buyer saw. */
function choicesOf(input: PayInput): Choice[] | null {
  if (input.tickets === undefined && input.promoCode === undefined) return null;
  if (input.tickets === undefined || input.expectedTotal === undefined) throw badRequest(PRICING_MESSAGES.expectedTotal);
  return checkChoices({ tickets: input.tickets });
}

const centavos = (pesos: number): number => Math.round(pesos * 100);

/** A retry of a key whose payment is with the provider waits this long for that answer, then asks the provider itself. */
const SAME_KEY_WAIT_MS = 1_000;
const SAME_KEY_POLL_MS = 20;
/**
 * An attempt the provider says it never saw, started this long ago, never reached it (its process
 * died first): nothing was charged, and it is settled as refused. Younger ones may still be on
 * their way to the provider.
 */
export const UNSEEN_ATTEMPT_GRACE_MS = 60_000;

const providerUnavailable = (): AppError => new AppError(503, MESSAGES.paymentUnavailable, { 'Retry-After': '2' });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function paymentRequest(attempt: repo.PaymentAttempt): PaymentRequest {
  if (attempt.payment_method === null || attempt.amount === null) throw new Error(`payment attempt ${attempt.id} has no method or amount`);
  return { attemptId: attempt.id, orderId: attempt.order_id, userId: attempt.user_id, amount: attempt.amount, method: attempt.payment_method, paymentType: 'full' };
}

const stored = (attempt: repo.PaymentAttempt): PayResult | null =>
  attempt.status_code !== null && attempt.response !== null ? { status: attempt.status_code, body: attempt.response } : null;

/** Payments of concurrent requests go to PostgreSQL in batches of at most this many (db/batches.ts). */
const PAY_BATCH_MAX = 32;
/**
 * Batches of each step (claims, settlements) one process has in flight at once. One: while it is
 * in flight the next batch gathers, so the busier the sale the more each transaction carries
 * (with two, batches were half the size and a sale cost half as much again).
 */
const PAY_BATCHES_IN_FLIGHT = 1;

/** The claims' and settlements' statements are prepared, over the arrays of a batch: planned once per connection. */
const BATCH_TRANSACTION: TransactionOptions = { genericPlans: true };

/** A request's claim of an order for its payment. */
interface Claim {
  /** The caller's session, from its cookie: the claim's first statement checks it. */
  sessionId: string;
  userId: number;
  orderId: number;
  key: string;
  hash: string;
  input: PayInput;
  now: Date;
  /**
   * Prices the order's choices in the claim's transaction and returns its total: a payment with
   * choices goes alone, and any refusal of it is thrown, undoing the pricing.
   */
  price?: (tx: Queryable) => Promise<number>;
}

/** The attempt a claim found (`fresh`: started by it) or the reason it was refused. */
type Claimed = { attempt: repo.PaymentAttempt; fresh: boolean; free: Settled | null } | { refusal: AppError };

type FinalAnswer = Exclude<ProviderAnswer, { status: 'pending' }>;

/** A provider's answer for an attempt, to settle. */
interface Settlement {
  attemptId: string;
  answer: FinalAnswer;
}

interface PaymentBatches {
  claims: Batches<Claim, Claimed>;
  settlements: Batches<Settlement, Settled>;
}

const batchesOfDeps = new WeakMap<BookingDeps, PaymentBatches>();

/** This process's payment batches (db/batches.ts): claims, and settlements of confirmed payments. */
function batchesOf(deps: BookingDeps): PaymentBatches {
  let batches = batchesOfDeps.get(deps);
  if (!batches) {
    const options = { maxBatch: PAY_BATCH_MAX, maxInFlight: PAY_BATCHES_IN_FLIGHT };
    batches = {
      // One claim per order and per key in a batch: a twin waits for the next batch, and then finds its attempt.
      claims: createBatches((claims: Claim[]) => claimPayments(deps, claims), {
        ...options,
        fits: (batch, claim) => batch.every((c) => c.orderId !== claim.orderId && (c.userId !== claim.userId || c.key !== claim.key)),
      }),
      settlements: createBatches((settlements: Settlement[]) => settlePayments(deps, settlements), options),
    };
    batchesOfDeps.set(deps, batches);
  }
  return batches;
}

/**
 * Pays `orderId` for the caller (the claims of its session cookie):
 * - no live session of an Active account: 401, as any signed-in route answers;
 * - the key was used before by this user: same request -> its answer, byte for byte (a payment
 *   of that key still with the provider is waited for a moment, then looked up at the provider);
 *   different request -> 422;
 * - another user's (or no) order: 404, like a missing one;
 * - already paid: 409; being paid under another key: 409 with Retry-After; hold expired: 410.
 *   These refusals are not stored: a retry is refused again for the same reason;
 * - otherwise the order is marked as being paid, the provider is asked, and its answer settles
 *   the attempt: 200 with the ticket (signed QR), or 402 when the provider refused (the order is
 *   a plain hold again). The settled answer is stored under the key.
 * Choices sent with the payment (`tickets`, `promoCode`) are priced in its first transaction, as
 * PUT /api/orders/:id/tickets would price them and with its refusals; with or without them, an
 * `expectedTotal` that is not the order's total is refused (409) and nothing changes.
 * Concurrent payments of one process are claimed together and settled together (batchesOf): one
 * transaction for each batch of claims and one for each batch of settlements. A payment with
 * choices is claimed alone. Concurrent requests of one order do not queue behind each other: the
 * second finds the order row locked and is answered at once.
 */
export async function payOrder(deps: BookingDeps, caller: SessionClaims, orderId: number, key: string, input: PayInput): Promise<PayResult> {
  const { userId, sessionId } = caller;
  const claim: Claim = { sessionId, userId, orderId, key, hash: requestHash(orderId, input), input, now: deps.clock.now() };
  const choices = choicesOf(input);
  let claimed: Claimed;
  if (choices) {
    let eventId: number | null = null;
    claim.price = async (tx) => {
      const held = await readHeldForChoices(tx, orderId);
      if (!held) throw notFound(MESSAGES.orderNotFound);
      eventId = held.event_id;
      return priceHeldOrder(deps, tx, { orderId, userId, now: claim.now, held, choices, promoCode: input.promoCode });
    };
    [claimed] = (await retryingTakenIdNumbers(deps, { choices, now: claim.now, eventId: () => eventId }, () => claimPayments(deps, [claim]))) as [Claimed];
  } else {
    claimed = await batchesOf(deps).claims.add(claim);
  }
  if ('refusal' in claimed) throw claimed.refusal;
  const { attempt, fresh, free } = claimed;
  if (free) return afterSettlement(deps, free);
  if (!fresh) return answerOf(deps, attempt, claim.hash);

  let answer: ProviderAnswer;
  try {
    answer = await deps.payments.start(paymentRequest(attempt));
  } catch (err) {
    // Whether it charged is unknown: the attempt stays pending until a retry or the reconciliation asks.
    deps.logger?.warn({ err, attemptId: attempt.id }, 'payment provider did not answer');
    throw providerUnavailable();
  }
  if (answer.status === 'pending') throw paymentInProgress();
  return afterSettlement(deps, await batchesOf(deps).settlements.add({ attemptId: attempt.id, answer }));
}

/** Claims the orders of these requests in one transaction (see payOrder); in the claims' order. */
function claimPayments(deps: BookingDeps, claims: readonly Claim[]): Promise<Claimed[]> {
  return retrying(() => deps.db.withTransaction((tx) => claimInTransaction(deps, tx, claims), BATCH_TRANSACTION));
}

/** Why an order cannot be paid now (null: it can); `busy`: another transaction holds its row. */
function refusalOf(order: repo.PayableOrder | undefined, busy: boolean, now: Date): AppError | null {
  // Another key's request holding the order is paying it or settling its payment: this one is
  // answered at once, not queued behind it (a queue of many waited past lock_timeout into 503s).
  if (!order) return busy ? paymentInProgress() : notFound(MESSAGES.orderNotFound);
  if (order.status === 'paid') return new AppError(409, MESSAGES.alreadyPaid);
  if (order.pending_attempt_id !== null) return paymentInProgress();
  if (order.status === 'expired' || order.expires_at.getTime() <= now.getTime()) return new AppError(410, MESSAGES.holdExpired);
  if (order.event_cancelled) return new AppError(409, MESSAGES.eventCancelled);
  return null;
}

async function claimInTransaction(deps: BookingDeps, tx: Queryable, claims: readonly Claim[]): Promise<Claimed[]> {
  // The same key sent twice at once: the second waits for the first, then answers as it did.
  await repo.lockPaymentKeys(tx, claims.map((c) => repo.paymentKeyLock(c.userId, c.key)));
  const found = await repo.findClaims(tx, claims);
  const results: (Claimed | undefined)[] = found.map(({ account, attempt }) => {
    if (account !== 'Active') return { refusal: sessionRefused(account) };
    return attempt ? { attempt, fresh: false, free: null } : undefined;
  });
  const open = claims.filter((_, i) => !results[i]);
  if (open.length === 0) return results as Claimed[];

  const locked = await repo.lockOrdersForPayment(tx, open);
  const notLocked = open.filter((c) => !locked.has(c.orderId));
  const busy = notLocked.length ? await repo.orderIdsOfUsers(tx, notLocked) : new Set<number>();
  const now = deps.clock.now();
  const starting: { index: number; attempt: repo.NewAttempt }[] = [];
  for (const [index, c] of claims.entries()) {
    if (results[index]) continue;
    // A claim that priced choices is alone in its transaction: its refusal is thrown, undoing the pricing.
    const refuse = (refusal: AppError): void => {
      if (c.price) throw refusal;
      results[index] = { refusal };
    };
    const order = locked.get(c.orderId);
    const refusal = refusalOf(order, busy.has(c.orderId), c.now);
    if (refusal || !order) {
      refuse(refusal ?? notFound(MESSAGES.orderNotFound));
      continue;
    }
    const amount = c.price ? await c.price(tx) : order.total_amount;
    const { expectedTotal, paymentMethod } = c.input;
    if (expectedTotal !== undefined && centavos(expectedTotal) !== centavos(amount)) {
      refuse(new AppError(409, totalChangedMessage(formatPesos(amount))));
      continue;
    }
    // A free order (total 0) is paid at once with no method and no provider; any
    // other needs its method. The database refuses a paid order with a price and no method.
    const isFree = amount === 0;
    if (!isFree && !paymentMethod) {
      refuse(badRequest(CHOOSE_PAYMENT_METHOD));
      continue;
    }
    starting.push({
      index,
      attempt: { userId: c.userId, key: c.key, orderId: c.orderId, requestHash: c.hash, method: isFree ? null : (paymentMethod ?? null), amount, provider: isFree ? FREE_PROVIDER : deps.payments.name },
    });
  }

  const started = await repo.startAttempts(tx, starting.map((s) => s.attempt), now);
  const free: { index: number; settling: Settling }[] = [];
  for (const [k, { index }] of starting.entries()) {
    const attempt = started[k];
    if (attempt) {
      results[index] = { attempt, fresh: true, free: null };
      if (attempt.amount === 0) free.push({ index, settling: { attempt, answer: { status: 'confirmed', reference: `free:${attempt.id}` } } });
      continue;
    }
    // The key was claimed for another order meanwhile (we waited for it on the unique index).
    const other = (await repo.findClaims(tx, [claims[index] as Claim]))[0]?.attempt;
    if (!other) throw new Error('payment attempt vanished');
    results[index] = { attempt: other, fresh: false, free: null };
  }
  if (free.length) {
    const events = await repo.lockEventsOfOrders(tx, free.map((f) => f.settling.attempt.order_id));
    const settled = await settleInTransaction(deps, tx, free.map((f) => f.settling), events);
    for (const { index, settling } of free) results[index] = { attempt: settling.attempt, fresh: true, free: settled.get(settling.attempt.id) ?? null };
  }
  return results as Claimed[];
}

/** The answer for a request whose key already has an attempt. */
async function answerOf(deps: BookingDeps, attempt: repo.PaymentAttempt, hash: string): Promise<PayResult> {
  if (attempt.request_hash !== hash) throw new AppError(422, MESSAGES.keyReused);
  const done = stored(attempt);
  if (done) return done;
  // The first request with this key is with the provider right now, or its process died there.
  const deadline = Date.now() + SAME_KEY_WAIT_MS;
  while (Date.now() < deadline) {
    await sleep(SAME_KEY_POLL_MS);
    const now = await repo.findAttemptById(deps.db, attempt.id);
    const answer = now && stored(now);
    if (answer) return answer;
  }
  const settled = await reconcile(deps, attempt);
  if (!settled) throw paymentInProgress();
  return settled;
}

/**
 * Asks the provider about a pending attempt and settles it when the provider has decided (the
 * return from the provider's page, or the reconciliation). null while it is still undecided.
 */
async function reconcile(deps: BookingDeps, attempt: repo.PaymentAttempt): Promise<PayResult | null> {
  let answer;
  try {
    answer = await deps.payments.lookup(paymentRequest(attempt));
  } catch (err) {
    deps.logger?.warn({ err, attemptId: attempt.id }, 'payment provider lookup failed');
    return null;
  }
  if (answer.status === 'pending') return null;
  if (answer.status === 'unknown') {
    if (deps.clock.now().getTime() - attempt.created_at.getTime() < UNSEEN_ATTEMPT_GRACE_MS) return null;
    return settlePayment(deps, attempt.id, { status: 'refused', reason: 'the provider never saw this attempt' });
  }
  return settlePayment(deps, attempt.id, answer);
}

/**
 * The provider's answer for an attempt (from `start`, a lookup, or a confirmation callback):
 * confirmed -> the order is paid with a random ticket id and 200 with the ticket is stored;
 * refused -> the order is a plain hold again and 402 is stored. Idempotent: an attempt already
 * settled keeps (and answers) its first answer.
 */
export async function settlePayment(deps: BookingDeps, attemptId: string, answer: FinalAnswer): Promise<PayResult> {
  const [settled] = await settlePayments(deps, [{ attemptId, answer }]);
  return afterSettlement(deps, settled as Settled);
}

/** Settles these attempts in one transaction (see settlePayment); in their order. */
function settlePayments(deps: BookingDeps, settlements: readonly Settlement[]): Promise<Settled[]> {
  return retrying(() =>
    deps.db.withTransaction(async (tx) => {
      const locked = await repo.lockAttempts(tx, settlements.map((s) => s.attemptId));
      const open = new Map<string, Settling>();
      const cancelled = new Map<number, repo.EventCancellation | null>();
      for (const { attemptId, answer } of settlements) {
        const found = locked.get(attemptId);
        if (!found) throw new Error(`no payment attempt ${attemptId}`);
        cancelled.set(found.attempt.order_id, found.cancelled);
        if (!stored(found.attempt)) open.set(attemptId, { attempt: found.attempt, answer });
      }
      const settled = await settleInTransaction(deps, tx, [...open.values()], cancelled);
      return settlements.map(({ attemptId }) => {
        const done = stored((locked.get(attemptId) as repo.LockedAttempt).attempt);
        return done ? { result: done, paid: null } : (settled.get(attemptId) as Settled);
      });
    }, BATCH_TRANSACTION),
  );
}

interface Settled {
  result: PayResult;
  /** The order this settlement made paid and when its mail is due (it goes out after the commit). */
  paid: { orderId: number; ticketMailDueAt: Date } | null;
}

/** A pending attempt and the provider's answer for it. */
interface Settling {
  attempt: repo.PaymentAttempt;
  answer: FinalAnswer;
}

/**
 * Settles pending attempts whose order rows and event rows this transaction has locked, each once;
 * by attempt id. `cancelled`: the cancellation of each order's event (null: not cancelled).
 */
async function settleInTransaction(
  deps: BookingDeps,
  tx: Queryable,
  settling: readonly Settling[],
  cancelled: ReadonlyMap<number, repo.EventCancellation | null>,
): Promise<Map<string, Settled>> {
  const now = deps.clock.now();
  const settled = new Map<string, Settled>();
  const answers: repo.AttemptAnswer[] = [];
  const confirmed: { attempt: repo.PaymentAttempt; reference: string }[] = [];
  for (const { attempt, answer } of settling) {
    if (answer.status === 'confirmed') {
      confirmed.push({ attempt, reference: answer.reference });
      continue;
    }
    deps.logger?.info({ attemptId: attempt.id, orderId: attempt.order_id, reason: answer.reason }, 'payment refused');
    await repo.releasePending(tx, attempt.order_id, attempt.id);
    const body = JSON.stringify({ success: false, error: MESSAGES.paymentRefused });
    answers.push({ attemptId: attempt.id, state: 'refused', reference: null, statusCode: 402, response: body });
    settled.set(attempt.id, { result: { status: 402, body }, paid: null });
  }
  if (confirmed.length) {
    const orderIds = confirmed.map((c) => c.attempt.order_id);
    // The event rows were read under a share lock: a cancellation either committed before (such a
    // sale is refunded at once, below) or waits for this commit and then refunds it with the others.
    // A sale refunded at once (its event was cancelled) owes no ticket mail.
    const dueAt = ticketMailDueAt(now);
    const mailDue = (orderId: number): Date | null => (cancelled.get(orderId) ? null : dueAt);
    const seats = await repo.markPaid(
      tx,
      confirmed.map(({ attempt, reference }) => ({ attemptId: attempt.id, orderId: attempt.order_id, method: attempt.payment_method, reference, ticketMailDueAt: mailDue(attempt.order_id) })),
      now,
    );
    let seatCount = 0;
    for (const { attempt } of confirmed) {
      const n = seats.get(attempt.order_id);
      if (n === undefined) throw new Error(`order ${attempt.order_id} is not being paid by attempt ${attempt.id}`);
      seatCount += n;
    }
    await issueTickets(tx, orderIds, seatCount);
    for (const orderId of orderIds) {
      const event = cancelled.get(orderId);
      if (event) await refundSaleOfCancelledEvent(tx, orderId, event, deps.payments.name, now);
    }
    const rows = await orders.findOrders(tx, orderIds);
    for (const { attempt, reference } of confirmed) {
      const row = rows.get(attempt.order_id);
      if (!row) throw new Error(`order ${attempt.order_id} vanished`);
      const response: OrderResponse = { success: true, order: toSummary(row, now, deps.signer) };
      const body = JSON.stringify(response);
      answers.push({ attemptId: attempt.id, state: 'paid', reference, statusCode: 200, response: body });
      const due = mailDue(attempt.order_id);
      settled.set(attempt.id, { result: { status: 200, body }, paid: due && { orderId: attempt.order_id, ticketMailDueAt: due } });
    }
  }
  if (answers.length) await repo.settleAttempts(tx, answers, now);
  return settled;
}

/**
 * After the commit: an order paid just now gets its confirmation mail, sent holding no
 * database lock and never awaited by the payment: a mailer that fails is logged, the ticket stands.
 */
function afterSettlement(deps: BookingDeps, settled: Settled): PayResult {
  if (settled.paid) sendTicketMailAfterPayment(deps, settled.paid.orderId, settled.paid.ticketMailDueAt);
  return settled.result;
}

/**
 * Settles attempts pending for more than `olderThanMs` by asking the provider (a payment whose
 * process died, or whose confirmation never came): run by the periodic sweep, so a hold being
 * paid does not keep its seats forever. Returns how many were settled.
 */
export async function reconcilePendingPayments(deps: BookingDeps, options: { olderThanMs: number; limit?: number }): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - options.olderThanMs);
  let settled = 0;
  for (const attempt of await repo.findStalePendingAttempts(deps.db, before, options.limit ?? 100)) {
    if (await reconcile(deps, attempt)) settled += 1;
  }
  return settled;
}
