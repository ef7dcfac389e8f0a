import { ApiError, apiErrorText, isNetworkError } from '@sports/api-client';
import { bookSeats } from '@sports/api-client/booking';
import { isLinePassRequired } from '@sports/api-client/waiting-room';
import { EMAIL_CONFIRMATION_MESSAGES } from '@sports/contracts';
import type { OrderSummary } from '@sports/contracts';
import type { CheckoutState } from '../../shared/booking-state';
import { isUnauthorized } from '../../shared/errors';

/** What the one book-seats call of a checkout came to (SPEC §8 "Booking" messages). */
export type BookingOutcome =
  | { kind: 'booked'; order: OrderSummary; booked: number[] }
  | { kind: 'conflict'; alreadyBooked: number[] }
  | { kind: 'failed'; message: string }
  /** The account has not confirmed its email address yet (403): it may not buy until it does. */
  | { kind: 'unconfirmed'; message: string }
  | { kind: 'unauthorized' }
  /** The sale has a waiting room and the buyer holds no pass (403): they join the line first. */
  | { kind: 'line' };

export const NETWORK_FAILURE_MESSAGE = 'Failed to book seat(s).';

export function failedMessage(error: string | null | undefined): string {
  return `Failed to book. ${error && error.trim() !== '' ? error : 'Unknown error'}`;
}

/** POST book-seats for the checkout's seats and sort the answer into the outcomes the page shows. */
export async function book(state: CheckoutState, userId: number | undefined): Promise<BookingOutcome> {
  try {
    // Naming the buyer's hold of the event changes it (all or nothing) instead of making a second one.
    const body = await bookSeats({
      event_id: state.eventId,
      section_id: state.sectionId,
      seat_numbers: state.seats,
      user_id: userId,
      ...(state.holdId !== undefined ? { order_id: state.holdId } : {}),
    });
    if (body.success && body.order) {
      return { kind: 'booked', order: body.order, booked: body.booked.length > 0 ? body.booked : body.order.seats };
    }
    if (body.alreadyBooked.length > 0) return { kind: 'conflict', alreadyBooked: body.alreadyBooked };
    return { kind: 'failed', message: failedMessage(body.error) };
  } catch (error) {
    if (isUnauthorized(error)) return { kind: 'unauthorized' };
    if (isLinePassRequired(error)) return { kind: 'line' };
    if (error instanceof ApiError && error.status === 403 && error.message === EMAIL_CONFIRMATION_MESSAGES.unconfirmed) return { kind: 'unconfirmed', message: error.message };
    if (isNetworkError(error)) return { kind: 'failed', message: NETWORK_FAILURE_MESSAGE };
    return { kind: 'failed', message: failedMessage(apiErrorText(error)) };
  }
}
