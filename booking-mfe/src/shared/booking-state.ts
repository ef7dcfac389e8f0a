/**
 * Navigation state the booking pages hand each other (SPEC §4: the seat page navigates to checkout
 * first, with the seats, and checkout then books). History state survives a reload but can be
 * anything, so every reader checks the shape.
 */
import { isOrderSummary } from '@sports/api-client/booking';
import type { OrderSummary, OrderTicket } from '@sports/contracts';

/** /events/:id/checkout: the seats to book, and the order once booked (a reload then reads it, never books again). */
export interface CheckoutState {
  eventId: number;
  sectionId: number;
  seats: number[];
  orderId?: number;
  /** The buyer's live hold of the event that this booking changes instead of making another. */
  holdId?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

export function readCheckoutState(state: unknown): CheckoutState | null {
  if (!isRecord(state)) return null;
  const { eventId, sectionId, seats, orderId, holdId } = state;
  if (!isPositiveInt(eventId) || !isPositiveInt(sectionId)) return null;
  if (!Array.isArray(seats) || seats.length === 0 || !seats.every(isPositiveInt)) return null;
  if (orderId !== undefined && !isPositiveInt(orderId)) return null;
  if (holdId !== undefined && !isPositiveInt(holdId)) return null;
  return { eventId, sectionId, seats, ...(orderId !== undefined ? { orderId } : {}), ...(holdId !== undefined ? { holdId } : {}) };
}

/** A paid order with its tickets (one per seat, each with its signed QR text). */
export function hasTickets(order: OrderSummary | null | undefined): order is OrderSummary & { tickets: OrderTicket[] } {
  return order?.status === 'paid' && (order.tickets?.length ?? 0) > 0;
}

/** /event/qr: a paid order carrying its tickets, or null. */
export function readPaidOrder(state: unknown): OrderSummary | null {
  if (!isRecord(state)) return null;
  const { order } = state;
  return isOrderSummary(order) && hasTickets(order) ? order : null;
}

/** A notice another page left for this one (e.g. checkout's seat conflict for the seat grid). */
export function readMessage(state: unknown): string | null {
  if (!isRecord(state)) return null;
  return typeof state.message === 'string' && state.message.trim() !== '' ? state.message : null;
}

/** Navigation state for /login: the shell's login page returns to `from` (with its state) after signing in. */
export function loginState(pathname: string, state?: unknown): { from: { pathname: string; state?: unknown } } {
  return { from: state === undefined ? { pathname } : { pathname, state } };
}
