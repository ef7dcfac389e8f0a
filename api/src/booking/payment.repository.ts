// SQL of payments. Each statement takes a batch (payments of concurrent requests go to PostgreSQL
// together, payment.service.ts); a single payment is a batch of one.
//
// Lock order, everywhere: order rows in order of their ids (FOR NO KEY UPDATE: a payment changes no
// key, and the foreign keys of payment_attempts only need KEY SHARE, which it does not block), each
// attempt row after its order row, and event rows (FOR SHARE: a cancellation waits for the payment
// or the payment sees it) after their order rows. No lock is held while the provider is asked.
import type { AccountStatus, OrderStatus, PaymentMethod } from '@sports/contracts';
import { liveSessionCondition } from '../auth/sessions.repository';
import type { NamedStatement, Queryable } from '../db';

/** What a payment needs of an order, locked for the rest of the transaction. */
export interface PayableOrder {
  id: number;
  status: OrderStatus;
  expires_at: Date;
  total_amount: number;
  pending_attempt_id: string | null;
  /** Its event was cancelled (read without a lock: settling the payment checks again under one). */
  event_cancelled: boolean;
}

export interface OrderOfUser {
  orderId: number;
  userId: number;
}

/**
 * The orders (each only when it is the user's), locked for paying them, by id. A row another
 * transaction holds is skipped, not waited for: orderIdsOfUsers then tells a busy order from a missing one.
 */
const LOCK_ORDERS: NamedStatement = {
  name: 'pay-lock-orders',
  text: `SELECT o.id, o.status, o.expires_at, o.total_amount::float8 AS total_amount, o.pending_attempt_id::text,
                (SELECT e.cancelled_at FROM events e WHERE e.id = o.event_id) IS NOT NULL AS event_cancelled
         FROM orders o JOIN unnest($1::int[], $2::int[]) AS x(order_id, user_id) ON o.id = x.order_id AND o.user_id = x.user_id
         ORDER BY o.id FOR NO KEY UPDATE OF o SKIP LOCKED`,
};

export async function lockOrdersForPayment(db: Queryable, orders: readonly OrderOfUser[]): Promise<Map<number, PayableOrder>> {
  const { rows } = await db.query<PayableOrder>(LOCK_ORDERS, [orders.map((o) => o.orderId), orders.map((o) => o.userId)]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which of the orders exist and are the user's (no lock). */
export async function orderIdsOfUsers(db: Queryable, orders: readonly OrderOfUser[]): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN unnest($1::int[], $2::int[]) AS x(order_id, user_id) ON o.id = x.order_id AND o.user_id = x.user_id`,
    [orders.map((o) => o.orderId), orders.map((o) => o.userId)],
  );
  return new Set(rows.map((r) => r.id));
}

/** The name of the advisory lock of one account's Idempotency-Key (lockPaymentKeys). */
export const paymentKeyLock = (userId: number, key: string): string => `payment-key:${userId}:${key}`;

/**
 * Payments with one Idempotency-Key, one at a time: a transaction-scoped advisory lock per key
 * (paymentKeyLock), taken in one order, so a request sent twice waits for its twin and then finds
 * the attempt it claimed.
 */
const LOCK_KEYS: NamedStatement = {
  name: 'pay-lock-keys',
  text: 'SELECT pg_advisory_xact_lock(k.h) FROM (SELECT DISTINCT hashtextextended(x, 0) AS h FROM unnest($1::text[]) x ORDER BY 1) k',
};

export async function lockPaymentKeys(db: Queryable, keys: readonly string[]): Promise<void> {
  await db.query(LOCK_KEYS, [keys]);
}

/** A cancelled event, as a sale refunded at once tells its buyer. */
export interface EventCancellation {
  title: string;
  starts_at: Date;
  reason: string;
}

interface EventRow {
  event_title: string;
  event_starts_at: Date;
  cancel_reason: string | null;
}

const EVENT_COLUMNS = 'e.title AS event_title, e.starts_at AS event_starts_at, e.cancel_reason';

const cancellationOf = (e: EventRow): EventCancellation | null => (e.cancel_reason !== null ? { title: e.event_title, starts_at: e.event_starts_at, reason: e.cancel_reason } : null);

/**
 * The cancellation of each order's event (null: not cancelled), by order id, the event rows
 * share-locked until the commit: taken after the order rows.
 */
export async function lockEventsOfOrders(db: Queryable, orderIds: readonly number[]): Promise<Map<number, EventCancellation | null>> {
  const { rows } = await db.query<EventRow & { order_id: number }>(
    `SELECT o.id AS order_id, ${EVENT_COLUMNS} FROM orders o JOIN events e ON e.id = o.event_id WHERE o.id = ANY ($1::int[]) ORDER BY e.id FOR SHARE OF e`,
    [orderIds],
  );
  return new Map(rows.map((r) => [r.order_id, cancellationOf(r)]));
}

export type AttemptState = 'pending' | 'paid' | 'refused';

export interface PaymentAttempt {
  /** bigint, as text. */
  id: string;
  order_id: number;
  user_id: number;
  request_hash: string;
  state: AttemptState;
  payment_method: PaymentMethod | null;
  amount: number | null;
  created_at: Date;
  status_code: number | null;
  /** The exact JSON text stored (json keeps the bytes as written). */
  response: string | null;
}

/** The columns of a PaymentAttempt, of the table (or alias) `t`. */
const attemptColumns = (t: string): string =>
  `${t}.id::text AS id, ${t}.order_id, ${t}.user_id, ${t}.request_hash, ${t}.state, ${t}.payment_method, ${t}.amount::float8 AS amount, ${t}.created_at, ${t}.status_code, ${t}.response::text AS response`;
const ATTEMPT_COLUMNS = attemptColumns('payment_attempts');
const ATTEMPT_COLUMNS_OF_A = attemptColumns('a');

/** A request's claim: the caller's session (from its cookie, not yet checked) and Idempotency-Key. */
export interface ClaimKey {
  sessionId: string;
  userId: number;
  key: string;
}

export interface ClaimFound {
  /** The status of the account whose live session this is; null: no live session. */
  account: AccountStatus | null;
  /** The attempt of the account's key, if any (no lock). */
  attempt: PaymentAttempt | null;
}

/** For each claim, in their order: whether its session is live (and its account's status), and the attempt of its key. */
const FIND_CLAIMS: NamedStatement = {
  name: 'pay-find-claims',
  text: `SELECT x.n, (SELECT u.status FROM sessions s JOIN users u ON u.id = s.user_id WHERE ${liveSessionCondition('x.session_id', 'x.user_id')}) AS account,
                ${ATTEMPT_COLUMNS_OF_A}
         FROM unnest($1::uuid[], $2::int[], $3::text[]) WITH ORDINALITY AS x(session_id, user_id, key, n)
         LEFT JOIN payment_attempts a ON a.user_id = x.user_id AND a.idempotency_key = x.key`,
};

export async function findClaims(db: Queryable, claims: readonly ClaimKey[]): Promise<ClaimFound[]> {
  const { rows } = await db.query<PaymentAttempt & { n: string; account: AccountStatus | null }>(FIND_CLAIMS, [
    claims.map((c) => c.sessionId),
    claims.map((c) => c.userId),
    claims.map((c) => c.key),
  ]);
  const found = new Map(rows.map(({ n, account, ...attempt }) => [Number(n), { account, attempt: attempt.id === null ? null : attempt }]));
  return claims.map((_, i) => found.get(i + 1) ?? { account: null, attempt: null });
}

export async function findAttemptById(db: Queryable, attemptId: string): Promise<PaymentAttempt | null> {
  const { rows } = await db.query<PaymentAttempt>(`SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE id = $1`, [attemptId]);
  return rows[0] ?? null;
}

/** An attempt to settle, and the cancellation of its order's event (null: not cancelled). */
export interface LockedAttempt {
  attempt: PaymentAttempt;
  cancelled: EventCancellation | null;
}

/**
 * The settlement's locks, in one statement: by attempt id, each attempt locked after its order
 * row, then its event row share-locked until the commit (a cancellation waits for the settlement,
 * or the settlement sees it).
 */
const LOCK_ATTEMPTS: NamedStatement = {
  name: 'pay-lock-attempts',
  text: `SELECT ${ATTEMPT_COLUMNS_OF_A}, ${EVENT_COLUMNS}
         FROM orders o JOIN payment_attempts a ON a.order_id = o.id JOIN events e ON e.id = o.event_id
         WHERE a.id = ANY ($1::bigint[]) ORDER BY o.id FOR NO KEY UPDATE OF o FOR UPDATE OF a FOR SHARE OF e`,
};

export async function lockAttempts(db: Queryable, attemptIds: readonly string[]): Promise<Map<string, LockedAttempt>> {
  const { rows } = await db.query<PaymentAttempt & EventRow>(LOCK_ATTEMPTS, [attemptIds]);
  return new Map(
    rows.map(({ event_title, event_starts_at, cancel_reason, ...attempt }) => [attempt.id, { attempt, cancelled: cancellationOf({ event_title, event_starts_at, cancel_reason }) }]),
  );
}

export interface NewAttempt {
  userId: number;
  key: string;
  orderId: number;
  requestHash: string;
  /** null for a free order (total 0). */
  method: PaymentMethod | null;
  amount: number;
  provider: string;
}

/**
 * Records pending attempts under (user, key) and marks each order as being paid by its attempt;
 * the order rows must be locked by this transaction, one attempt per order. Null where the key is
 * already taken (a request of the same key for another order committed first; this one waited for
 * it on the unique index). In the attempts' order.
 */
const START_ATTEMPTS: NamedStatement = {
  name: 'pay-start-attempts',
  text: `WITH attempt AS (
           INSERT INTO payment_attempts (user_id, idempotency_key, order_id, request_hash, state, payment_method, amount, provider, created_at)
           SELECT x.user_id, x.key, x.order_id, x.request_hash, 'pending', x.method, x.amount, x.provider, $8
           FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::numeric[], $7::text[]) WITH ORDINALITY
                AS x(user_id, key, order_id, request_hash, method, amount, provider, n)
           ORDER BY x.n
           ON CONFLICT (user_id, idempotency_key) DO NOTHING
           RETURNING ${ATTEMPT_COLUMNS}
         ), marked AS (
           UPDATE orders SET pending_attempt_id = attempt.id::bigint FROM attempt WHERE orders.id = attempt.order_id RETURNING orders.id
         )
         SELECT attempt.* FROM attempt JOIN marked ON marked.id = attempt.order_id`,
};

export async function startAttempts(db: Queryable, attempts: readonly NewAttempt[], now: Date): Promise<(PaymentAttempt | null)[]> {
  const { rows } = await db.query<PaymentAttempt>(START_ATTEMPTS, [
      attempts.map((a) => a.userId),
      attempts.map((a) => a.key),
      attempts.map((a) => a.orderId),
      attempts.map((a) => a.requestHash),
      attempts.map((a) => a.method),
      attempts.map((a) => a.amount),
      attempts.map((a) => a.provider),
      now,
    ],
  );
  const started = new Map(rows.map((a) => [a.order_id, a]));
  return attempts.map((a) => started.get(a.orderId) ?? null);
}

export interface Confirmation {
  attemptId: string;
  orderId: number;
  /** null for a free order (total 0). */
  method: PaymentMethod | null;
  reference: string;
  /** Until then the paying process sends the ticket mail, then the sweep may (owed-ticket-mail.ts); null: no mail is owed. */
  ticketMailDueAt: Date | null;
}

/**
 * The orders being paid by these attempts are paid at `paidAt` (their tickets are issued next);
 * returns each one's number of seats by order id. An order not being paid by its attempt (any
 * more) is missing. Order rows locked first.
 */
const MARK_PAID: NamedStatement = {
  name: 'pay-mark-paid',
  text: `WITH paid AS (
           UPDATE orders o SET status = 'paid', payment_method = x.method, payment_type = 'full', payment_reference = x.reference, paid_at = $6, pending_attempt_id = NULL
           FROM unnest($1::int[], $2::bigint[], $3::text[], $4::text[], $5::timestamptz[]) AS x(order_id, attempt_id, method, reference, due_at)
           WHERE o.id = x.order_id AND o.status = 'held' AND o.pending_attempt_id = x.attempt_id
           RETURNING o.id, o.seat_count, x.due_at
         ), owed AS (
           INSERT INTO ticket_mails_owed (order_id, due_at) SELECT id, due_at FROM paid WHERE due_at IS NOT NULL
         )
         SELECT id, seat_count FROM paid`,
};

export async function markPaid(db: Queryable, confirmations: readonly Confirmation[], paidAt: Date): Promise<Map<number, number>> {
  const { rows } = await db.query<{ id: number; seat_count: number }>(MARK_PAID, [
      confirmations.map((c) => c.orderId),
      confirmations.map((c) => c.attemptId),
      confirmations.map((c) => c.method),
      confirmations.map((c) => c.reference),
      confirmations.map((c) => c.ticketMailDueAt),
      paidAt,
    ],
  );
  return new Map(rows.map((r) => [r.id, r.seat_count]));
}

/** The order is a plain hold again (a refused payment); its expiry applies again from now on. */
export async function releasePending(db: Queryable, orderId: number, attemptId: string): Promise<void> {
  await db.query('UPDATE orders SET pending_attempt_id = NULL WHERE id = $1 AND pending_attempt_id = $2', [orderId, attemptId]);
}

export interface AttemptAnswer {
  attemptId: string;
  state: 'paid' | 'refused';
  reference: string | null;
  statusCode: number;
  response: string;
}

/** Stores the final answer of pending attempts (the one every retry with its key gets). */
const SETTLE_ATTEMPTS: NamedStatement = {
  name: 'pay-settle-attempts',
  text: `UPDATE payment_attempts a SET state = x.state, provider_reference = x.reference, status_code = x.status_code, response = x.response::json, settled_at = $6
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[]) AS x(id, state, reference, status_code, response)
         WHERE a.id = x.id AND a.state = 'pending'`,
};

export async function settleAttempts(db: Queryable, answers: readonly AttemptAnswer[], now: Date): Promise<void> {
  await db.query(SETTLE_ATTEMPTS, [answers.map((a) => a.attemptId), answers.map((a) => a.state), answers.map((a) => a.reference), answers.map((a) => a.statusCode), answers.map((a) => a.response), now],
  );
}

/** Attempts still pending that started at or before `before`, oldest first (the reconciliation). */
export async function findStalePendingAttempts(db: Queryable, before: Date, limit: number): Promise<PaymentAttempt[]> {
  const { rows } = await db.query<PaymentAttempt>(
    `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts WHERE state = 'pending' AND created_at <= $1 ORDER BY created_at LIMIT $2`,
    [before, limit],
  );
  return rows;
}
