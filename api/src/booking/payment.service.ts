// POST /api/orders/:id/pay: pay a hold, exactly once per idempotency key, the way a real payment
// provider works: the order goes held -> being paid (the attempt recorded) ->
// paid, or back to held when the provider refuses; no database lock is held while the provider
// is asked, and its answer settles the attempt idempotently however often it arrives.
import { createHash } from 'node:crypto';
import { CHOOSE_PAYMENT_METHOD, PRICING_MESSAGES, totalChangedMessage } from '@sports/contracts';
import type { OrderChoicesRequest, OrderResponse, PaymentMethod } from '@sports/contracts';
import { AppError, badRequest, notFound } from '../errors';
import type { Queryable } from '../db';
import { formatPesos } from '../mail/pesos';
import { sendTicketMailAfterPayment, ticketMailDueAt } from '../mail/owed-ticket-mail';
import * as repo from './booking.repository';
import { isLockBusy, retrying } from '../db/retry';
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

/**
 * Pays `orderId` for `userId`:
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
 * Concurrent requests of one order queue for a moment on the order row (the first lock any
 * payment takes), so they neither deadlock nor wait on the provider.
 */
export async function payOrder(deps: BookingDeps, userId: number, orderId: number, key: string, input: PayInput): Promise<PayResult> {
  const { db, clock } = deps;
  const hash = requestHash(orderId, input);
  const earlier = await repo.findAttempt(db, userId, key);
  if (earlier) return answerOf(deps, earlier, hash);

  const now = clock.now();
  const choices = choicesOf(input);
  let eventId: number | null = null;
  const claim = () =>
    retrying(() =>
      db.withTransaction(async (tx) => {
        // The same key sent twice at once: the second waits for the first, then answers as it did.
        await repo.lockPaymentKey(tx, userId, key);
        const claimed = await repo.findAttempt(tx, userId, key);
        if (claimed) return { attempt: claimed, fresh: false, free: null };
        // Another key's request holding the order is paying it or settling its payment: this one is
        // answered at once, not queued behind it (a queue of many waited past lock_timeout into 503s).
        const order = await repo.lockOrderForPayment(tx, orderId, userId, { nowait: true }).catch((err: unknown) => {
          throw isLockBusy(err) ? paymentInProgress() : err;
        });
        if (!order) throw notFound(MESSAGES.orderNotFound);
        if (order.status === 'paid') throw new AppError(409, MESSAGES.alreadyPaid);
        if (order.pending_attempt_id !== null) throw paymentInProgress();
        if (order.status === 'expired' || order.expires_at.getTime() <= now.getTime()) throw new AppError(410, MESSAGES.holdExpired);
        if (order.event_cancelled) throw new AppError(409, MESSAGES.eventCancelled);
        let amount = order.total_amount;
        if (choices) {
          const held = await readHeldForChoices(tx, orderId);
          if (!held) throw notFound(MESSAGES.orderNotFound);
          eventId = held.event_id;
          amount = await priceHeldOrder(deps, tx, { orderId, userId, now, held, choices, promoCode: input.promoCode });
        }
        if (input.expectedTotal !== undefined && centavos(input.expectedTotal) !== centavos(amount)) throw new AppError(409, totalChangedMessage(formatPesos(amount)));
        // A free order (total 0) is paid at once with no method and no provider; any
        // other needs its method. The database refuses a paid order with a price and no method.
        const isFree = amount === 0;
        if (!isFree && !input.paymentMethod) throw badRequest(CHOOSE_PAYMENT_METHOD);
        const started = await repo.startAttempt(tx, {
          userId,
          key,
          orderId,
          requestHash: hash,
          method: isFree ? null : (input.paymentMethod ?? null),
          amount,
          provider: isFree ? FREE_PROVIDER : deps.payments.name,
          now,
        });
        if (started && isFree) return { attempt: started, fresh: true, free: await settleInTransaction(deps, tx, started, { status: 'confirmed', reference: `free:${started.id}` }) };
        if (started) return { attempt: started, fresh: true, free: null };
        // The key was claimed for another order meanwhile (we waited for it on the unique index).
        const other = await repo.findAttempt(tx, userId, key);
        if (!other) throw new Error('payment attempt vanished');
        return { attempt: other, fresh: false, free: null };
      }),
    );
  const { attempt, fresh, free } = choices ? await retryingTakenIdNumbers(deps, { choices, now, eventId: () => eventId }, claim) : await claim();
  if (free) return afterSettlement(deps, free);
  if (!fresh) return answerOf(deps, attempt, hash);

  let answer: ProviderAnswer;
  try {
    answer = await deps.payments.start(paymentRequest(attempt));
  } catch (err) {
    // Whether it charged is unknown: the attempt stays pending until a retry or the reconciliation asks.
    deps.logger?.warn({ err, attemptId: attempt.id }, 'payment provider did not answer');
    throw providerUnavailable();
  }
  if (answer.status === 'pending') throw paymentInProgress();
  return settlePayment(deps, attempt.id, answer);
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
export async function settlePayment(deps: BookingDeps, attemptId: string, answer: Exclude<ProviderAnswer, { status: 'pending' }>): Promise<PayResult> {
  const { db } = deps;
  const first = await repo.findAttemptById(db, attemptId);
  if (!first) throw new Error(`no payment attempt ${attemptId}`);
  const settled = await retrying(() =>
    db.withTransaction(async (tx) => {
      // Same lock order as payOrder: the order row, then the attempt row.
      await repo.lockOrderForPayment(tx, first.order_id, first.user_id);
      const attempt = await repo.findAttemptById(tx, attemptId, true);
      if (!attempt) throw new Error(`no payment attempt ${attemptId}`);
      const done = stored(attempt);
      if (done) return { result: done, paid: null };
      return settleInTransaction(deps, tx, attempt, answer);
    }),
  );
  return afterSettlement(deps, settled);
}

interface Settled {
  result: PayResult;
  /** The order this settlement made paid and when its mail is due (it goes out after the commit). */
  paid: { orderId: number; ticketMailDueAt: Date } | null;
}

/** Settles a pending attempt whose order row this transaction has locked. */
async function settleInTransaction(deps: BookingDeps, tx: Queryable, attempt: repo.PaymentAttempt, answer: Exclude<ProviderAnswer, { status: 'pending' }>): Promise<Settled> {
  const attemptId = attempt.id;
  const now = deps.clock.now();
  if (answer.status === 'refused') {
    deps.logger?.info({ attemptId, orderId: attempt.order_id, reason: answer.reason }, 'payment refused');
    await repo.releasePending(tx, attempt.order_id, attemptId);
    const body = JSON.stringify({ success: false, error: MESSAGES.paymentRefused });
    await repo.settleAttempt(tx, { attemptId, state: 'refused', reference: null, statusCode: 402, response: body, now });
    return { result: { status: 402, body }, paid: null };
  }
  // The event row is read under a share lock: a cancellation either committed before (this sale is
  // refunded at once, below) or waits for this commit and then refunds it with the others.
  const cancelled = await repo.lockEventOfOrder(tx, attempt.order_id);
  // A sale refunded at once (its event was cancelled) owes no ticket mail.
  const dueAt = cancelled ? null : ticketMailDueAt(now);
  const seats = await repo.markPaid(tx, { attemptId, orderId: attempt.order_id, method: attempt.payment_method, reference: answer.reference, paidAt: now, ticketMailDueAt: dueAt });
  if (seats === null) throw new Error(`order ${attempt.order_id} is not being paid by attempt ${attemptId}`);
  await issueTickets(tx, [attempt.order_id], seats);
  if (cancelled) await refundSaleOfCancelledEvent(tx, attempt.order_id, cancelled, deps.payments.name, now);
  const row = await orders.findOrder(tx, attempt.order_id);
  if (!row) throw new Error(`order ${attempt.order_id} vanished`);
  const response: OrderResponse = { success: true, order: toSummary(row, now, deps.signer) };
  const body = JSON.stringify(response);
  await repo.settleAttempt(tx, { attemptId, state: 'paid', reference: answer.reference, statusCode: 200, response: body, now });
  return { result: { status: 200, body }, paid: dueAt && { orderId: attempt.order_id, ticketMailDueAt: dueAt } };
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
