/**
 * The buyer's holds as the pages see them (one hold per buyer and event, under the buyer's control): which
 * order is still a live hold, the buyer's live hold of an event, and how an order's seats are named.
 */
import type { OrderStatus, OrderSummary } from '@sports/contracts';
import { formatSeatList } from './format';

/** A held order whose hold ran out is expired, whether or not the server has swept it yet. */
export function effectiveStatus(order: Pick<OrderSummary, 'status' | 'expiresAt'>, now: number = Date.now()): OrderStatus {
  if (order.status !== 'held') return order.status;
  const expiresAt = Date.parse(order.expiresAt);
  return Number.isFinite(expiresAt) && expiresAt <= now ? 'expired' : 'held';
}

/** What My Tickets calls an order: its status, or `released` for a hold its buyer gave back before its time was up. */
export type ShownOrderState = OrderStatus | 'released';

export function shownOrderState(order: Pick<OrderSummary, 'status' | 'expiresAt' | 'releasedAt'>, now: number = Date.now()): ShownOrderState {
  const status = effectiveStatus(order, now);
  return status === 'expired' && order.releasedAt !== undefined ? 'released' : status;
}

/** The buyer's live hold of the event (the newest, should there be more), or null. */
export function liveHoldOf(orders: readonly OrderSummary[] | undefined, eventId: number, now: number = Date.now()): OrderSummary | null {
  return orders?.find((order) => order.event.id === eventId && effectiveStatus(order, now) === 'held') ?? null;
}

/** The seats as the grid names them ('A3, A4'), as the server named them; the numbers if it did not. */
export function seatNamesText(order: Pick<OrderSummary, 'seats' | 'seatNames'>): string {
  return order.seatNames && order.seatNames.length === order.seats.length ? order.seatNames.join(', ') : formatSeatList(order.seats);
}
