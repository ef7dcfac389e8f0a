// The states of an order, in one place.
//
// Stored (orders.status, checked by the database, contracts' ORDER_STATUSES): held, paid, expired,
// refund_pending, refunded.
// Payment pending is a held order whose payment is with the provider (orders.pending_attempt_id,
// OrderRow.paying): it stays live, the sweep never expires it, and the provider's answer moves it
// to paid or back to held. A client never sees it as a status of its own: it reads held.
//
// After a sale a paid order may go to refund pending (its seats are back on sale and the refund is
// with the provider), then refunded. A ticket of it may be transferred (tickets, not orders, carry
// that), and its event may be cancelled (events.cancelled_at): whether a ticket still admits after
// all of these is decided in one place, orders/ticket-admission.ts.
import type { OrderStatus } from '@sports/contracts';
import type { OrderRow } from './order.repository';

export const ORDER_STATE = {
  held: 'held',
  paymentPending: 'payment_pending',
  paid: 'paid',
  expired: 'expired',
  refundPending: 'refund_pending',
  refunded: 'refunded',
} as const;

/** A state an order is in today: a stored status, or payment pending. */
export type OrderState = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];

/** The status a client sees: a held order whose time is up reads expired, unless it is being paid. */
export function shownStatus(row: Pick<OrderRow, 'status' | 'paying' | 'expires_at'>, now: Date): OrderStatus {
  return row.status === ORDER_STATE.held && !row.paying && row.expires_at.getTime() <= now.getTime() ? ORDER_STATE.expired : row.status;
}
