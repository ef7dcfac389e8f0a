// The states of an order, in one place.
//
// Stored (orders.status, checked by the database, contracts' ORDER_STATUSES): held, paid, expired.
// Payment pending is a held order whose payment is with the provider (orders.pending_attempt_id,
// OrderRow.paying): it stays live, the sweep never expires it, and the provider's answer moves it
// to paid or back to held. A client never sees it as a status of its own: it reads held.
//
// The lifecycle states after a sale (cancelled, refund pending, refunded, transferred) are named
// here for the code that will bring them; no column value, CHECK constraint or route knows them yet.
import type { OrderStatus } from '@sports/contracts';
import type { OrderRow } from './order.repository';

export const ORDER_STATE = {
  held: 'held',
  paymentPending: 'payment_pending',
  paid: 'paid',
  expired: 'expired',
} as const;

export const LIFECYCLE_STATE = {
  cancelled: 'cancelled',
  refundPending: 'refund_pending',
  refunded: 'refunded',
  transferred: 'transferred',
} as const;

/** A state an order is in today: a stored status, or payment pending. */
export type OrderState = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];
/** A state of the lifecycle after a sale, not stored yet. */
export type LifecycleState = (typeof LIFECYCLE_STATE)[keyof typeof LIFECYCLE_STATE];

/** The status a client sees: a held order whose time is up reads expired, unless it is being paid. */
export function shownStatus(row: Pick<OrderRow, 'status' | 'paying' | 'expires_at'>, now: Date): OrderStatus {
  return row.status === ORDER_STATE.held && !row.paying && row.expires_at.getTime() <= now.getTime() ? ORDER_STATE.expired : row.status;
}
