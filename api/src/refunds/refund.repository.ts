// Refunds (table refunds) after they were requested (orders/refund-request.ts): the ones pending,
// settling one, and what cancelling an event affects. Lock order, everywhere: the event row, then
// order rows.
import type { Queryable } from '../db';
import { EVENT_OVER_AT } from '../db/event-sql';

/** A pending refund, as the provider is asked about it. */
export interface PendingRefund {
  id: string;
  order_id: number;
  amount: number;
  provider: string;
  payment_reference: string | null;
}

/** Pending refunds, oldest first (of one event, or one order, when given). */
export async function findPendingRefunds(db: Queryable, limit: number, of: { eventId?: number | undefined; orderId?: number | undefined }): Promise<PendingRefund[]> {
  const { rows } = await db.query<PendingRefund>(
    `SELECT r.id::text AS id, r.order_id, r.amount::float8 AS amount, r.provider, o.payment_reference
     FROM refunds r JOIN orders o ON o.id = r.order_id
     WHERE r.state = 'pending' AND ($2::int IS NULL OR o.event_id = $2) AND ($3::int IS NULL OR r.order_id = $3)
     ORDER BY r.created_at, r.id LIMIT $1`,
    [limit, of.eventId ?? null, of.orderId ?? null],
  );
  return rows;
}

/** A refund settled just now, with what its mail and audit row need. */
export interface SettledRefund {
  order_id: number;
  event_id: number;
  amount: number;
  reason: 'event_cancelled' | 'buyer_cancelled';
  email: string;
  first_name: string;
  event_title: string;
}

/** Settles a pending refund and its order as refunded; null when it was settled before (by another run). */
export async function settleRefund(db: Queryable, refundId: string, reference: string, now: Date): Promise<SettledRefund | null> {
  const { rows } = await db.query<SettledRefund>(
    `WITH r AS (
       UPDATE refunds SET state = 'refunded', provider_reference = $2, settled_at = $3
       WHERE id = $1 AND state = 'pending'
       RETURNING order_id, amount, reason
     ), o AS (
       UPDATE orders o SET status = 'refunded' FROM r WHERE o.id = r.order_id AND o.status = 'refund_pending'
       RETURNING o.id, o.event_id, o.user_id
     )
     SELECT o.id AS order_id, o.event_id, r.amount::float8 AS amount, r.reason, u.email, u.first_name, e.title AS event_title
     FROM r JOIN o ON o.id = r.order_id JOIN users u ON u.id = o.user_id JOIN events e ON e.id = o.event_id`,
    [refundId, reference, now],
  );
  return rows[0] ?? null;
}

/** What cancelling an event affects: its paid orders, their tickets and their money. */
export interface CancellationImpact {
  orders: number;
  tickets: number;
  amount: number;
}

export async function findCancellationImpact(db: Queryable, eventId: number): Promise<CancellationImpact> {
  const { rows } = await db.query<CancellationImpact>(
    `SELECT count(*)::int AS orders, coalesce(sum(seat_count), 0)::int AS tickets, coalesce(sum(total_amount), 0)::float8 AS amount
     FROM orders WHERE event_id = $1 AND status = 'paid'`,
    [eventId],
  );
  return rows[0] as CancellationImpact;
}

/** An event as cancelling sees it; `organizerId` null: any organizer's (an admin). */
export interface CancellableEvent {
  id: number;
  title: string;
  status: string;
  cancelled: boolean;
  over: boolean;
  starts_at: Date;
}

export async function findCancellableEvent(db: Queryable, eventId: number, organizerId: number | null, now: Date): Promise<CancellableEvent | null> {
  const { rows } = await db.query<CancellableEvent>(
    `SELECT e.id, e.title, e.status, e.cancelled_at IS NOT NULL AS cancelled, ${EVENT_OVER_AT} <= $3 AS over, e.starts_at
     FROM events e WHERE e.id = $1 AND ($2::int IS NULL OR e.organizer_user_id = $2)`,
    [eventId, organizerId, now],
  );
  return rows[0] ?? null;
}

/** Cancels an approved event that is not over and not cancelled yet; false when it no longer is one. */
export async function markEventCancelled(db: Queryable, c: { eventId: number; actorId: number; reason: string; now: Date }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE events e SET cancelled_at = $4, cancelled_by = $2, cancel_reason = $3
     WHERE e.id = $1 AND e.status = 'Approved' AND e.cancelled_at IS NULL AND ${EVENT_OVER_AT} > $4`,
    [c.eventId, c.actorId, c.reason, c.now],
  );
  return rowCount === 1;
}
