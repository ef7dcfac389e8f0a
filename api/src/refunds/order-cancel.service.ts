// A buyer cancels their paid order for a full refund, when the event's refund policy allows it:
// in one transaction, under the order's lock, the policy is checked again, the order goes to refund
// pending with its seats back on sale, its refund is written, the trail records it and the buyer's
// mail is queued; the refund then runs at once (or, if this process dies, in the periodic sweep).
import { logAction } from '../audit/log-action';
import { AppError, notFound } from '../errors';
import { enqueueMail } from '../mail/mail-queue';
import * as orders from '../orders/order.repository';
import { buyerCancellation } from '../orders/refund-policy';
import { orderCancelledMail } from '../mail/refund-mail';
import { requestRefunds } from '../orders/refund-request';
import { runRefunds } from './refund-runner';
import type { CancelDeps } from './event-cancel.service';

export const ORDER_NOT_FOUND = 'Order not found';

/** Cancels `orderId` of `userId` for a refund; answers the order id and the amount refunded. */
export async function cancelOrder(deps: CancelDeps, userId: number, orderId: number, ip: string | null): Promise<{ orderId: number; amount: number }> {
  const now = deps.clock.now();
  const refund = await deps.db.withTransaction(async (tx) => {
    if (!(await orders.lockOrderOfUser(tx, orderId, userId))) throw notFound(ORDER_NOT_FOUND);
    const row = await orders.findOrder(tx, orderId);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const policy = buyerCancellation(row, now);
    if (!policy.allowed) throw new AppError(409, policy.reason);
    const [requested] = await requestRefunds(tx, { orderId }, { reason: 'buyer_cancelled', actorId: userId, provider: deps.payments.name, now });
    if (!requested) throw new AppError(409, 'This order changed meanwhile. Reload the page.');
    await logAction(tx, {
      actorId: userId,
      action: 'order.cancelled',
      subject: { orderId, eventId: row.event_id },
      ip,
      at: now,
      data: { amount: requested.amount, seats: requested.seats, deadline: policy.deadline.toISOString() },
    });
    await enqueueMail(tx, orderCancelledMail(requested, { title: row.event_title }, { id: orderId, amount: requested.amount }), `order-cancelled:${orderId}`);
    return requested;
  });
  deps.mailQueue.kick();
  deps.tasks.run('refund of a cancelled order', async () => {
    await runRefunds(deps, { orderId });
  });
  return { orderId, amount: refund.amount };
}
