// Requesting refunds: a paid order goes to refund pending, its seats back on sale, and its refund
// (table refunds) is written, in the transaction that cancels it. The refund run (refunds/) then
// asks the provider. Also here: the payment confirmed while its event was being cancelled.
import type { Queryable } from '../db';
import { logAction } from '../audit/log-action';
import { enqueueMail } from '../mail/mail-queue';
import { eventCancelledMail } from '../mail/refund-mail';

/** The provider name on the refund of a free order: nothing was paid, no provider is asked. */
export const FREE_REFUND_PROVIDER = 'free';

/** An order whose refund was requested just now, with what its mail needs. */
export interface RequestedRefund {
  refund_id: string;
  order_id: number;
  event_id: number;
  amount: number;
  seats: number;
  email: string;
  first_name: string;
}

/** Whose refunds to request: every paid order of an event (it is cancelled), or one order (its buyer cancels). */
export type RefundScope = { eventId: number } | { orderId: number };

/**
 * The paid orders of `scope` go to refund pending, their seats are released and their refunds
 * written, in one statement. An order paid after it (a payment that was settling while its event
 * was cancelled) is refunded by the payment itself.
 */
export async function requestRefunds(
  db: Queryable,
  scope: RefundScope,
  r: { reason: 'event_cancelled' | 'buyer_cancelled'; actorId: number | null; provider: string; now: Date },
): Promise<RequestedRefund[]> {
  const [column, id] = 'eventId' in scope ? ['event_id', scope.eventId] : ['id', scope.orderId];
  const { rows } = await db.query<RequestedRefund>(
    `WITH paid AS (
       UPDATE orders SET status = 'refund_pending' WHERE ${column} = $1 AND status = 'paid'
       RETURNING id, event_id, user_id, total_amount, seat_count
     ), freed AS (
       UPDATE order_seats s SET live = false FROM paid WHERE s.order_id = paid.id AND s.live
     ), refund AS (
       INSERT INTO refunds (order_id, amount, reason, requested_by, provider, created_at)
       SELECT id, total_amount, $2, $3, CASE WHEN total_amount = 0 THEN $6 ELSE $4 END, $5 FROM paid
       RETURNING id, order_id
     )
     SELECT refund.id::text AS refund_id, paid.id AS order_id, paid.event_id, paid.total_amount::float8 AS amount, paid.seat_count AS seats, u.email, u.first_name
     FROM refund JOIN paid ON paid.id = refund.order_id JOIN users u ON u.id = paid.user_id
     ORDER BY paid.id`,
    [id, r.reason, r.actorId, r.provider, r.now, FREE_REFUND_PROVIDER],
  );
  return rows;
}

/**
 * A payment the provider confirmed while its event was being cancelled: the sale is recorded (the
 * money was taken) and refunded in the same transaction, so no valid ticket of a cancelled event
 * ever exists. The refund run of the sweep pays it back.
 */
export async function refundSaleOfCancelledEvent(
  tx: Queryable,
  orderId: number,
  event: { title: string; starts_at: Date; reason: string },
  provider: string,
  now: Date,
): Promise<void> {
  const [refund] = await requestRefunds(tx, { orderId }, { reason: 'event_cancelled', actorId: null, provider, now });
  if (!refund) throw new Error(`order ${orderId} was not paid when its refund was requested`);
  await logAction(tx, { actorId: null, action: 'order.cancelled', subject: { orderId, eventId: refund.event_id }, ip: null, at: now, data: { reason: 'event_cancelled', amount: refund.amount } });
  await enqueueMail(tx, eventCancelledMail(refund, { title: event.title, startsAt: event.starts_at, reason: event.reason }, { id: orderId, amount: refund.amount }), `event-cancelled:${orderId}`);
}
