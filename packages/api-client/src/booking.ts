// @sports/api-client/booking: seats, holds, payment and the signed-in user's orders.
import {
  availabilityResponseSchema,
  bestSeatsResponseSchema,
  bookSeatsResponseSchema,
  bookedSeatsResponseSchema,
  myHoldResponseSchema,
  orderResponseSchema,
  orderSummarySchema,
  ordersResponseSchema,
} from '@sports/contracts';
import type { AvailabilityResponse, BestSeatsResponse, BookSeatsRequest, BookSeatsResponse, OrderChoicesRequest, OrderSummary, PaymentMethod } from '@sports/contracts';
import { ApiError, apiGet, apiPost, apiPut, assetUrl, parseAnswer } from '@sports/api-client';
import { queryOptions } from '@sports/query';

/** Free seats of one section of an event (holds and tickets subtracted). */
export type SectionAvailability = AvailabilityResponse['sections'][number];

/** An order as every screen reads it (e.g. one carried in navigation state, which can be anything). */
export function isOrderSummary(value: unknown): value is OrderSummary {
  return orderSummarySchema.safeParse(value).success;
}

/**
 * GET /backend/api/get-booked-seats.php?event_id=&section_id= (SPEC §7) -> the held and sold seat numbers.
 * Throws on failure; SPEC §8 lets the seat grid treat a failed fetch as "no booked seats".
 */
export async function getBookedSeats(eventId: number, sectionId: number, signal?: AbortSignal): Promise<number[]> {
  const query = new URLSearchParams({ event_id: String(eventId), section_id: String(sectionId) });
  return (await apiGet(`/backend/api/get-booked-seats.php?${query.toString()}`, bookedSeatsResponseSchema, { signal })).bookedSeats;
}

/**
 * GET /api/events/:id/best-seats?count=N: the best block of `count` adjacent free seats across the
 * event's sections, or null when no section has that many side by side. 400 (bad count, sales
 * closed) and 404 (unknown event) reject with an ApiError.
 */
export async function getBestSeats(eventId: number, count: number, signal?: AbortSignal): Promise<BestSeatsResponse['proposal']> {
  const query = new URLSearchParams({ count: String(count) });
  return (await apiGet(`/api/events/${eventId}/best-seats?${query.toString()}`, bestSeatsResponseSchema, { signal })).proposal;
}

/**
 * POST /backend/api/book-seats.php { event_id, section_id, seat_numbers, user_id } (SPEC §7), with the session cookie.
 * Resolves with the body for 200 (`success: true`, `order` = the hold to pay for) and for 409
 * (`success: false`, `alreadyBooked` = exactly the seats that were taken). Any other answer rejects
 * with an ApiError (401 when logged out, 4xx with the server's `error`); a network failure rejects
 * with fetch's TypeError.
 */
export async function bookSeats(request: BookSeatsRequest, signal?: AbortSignal): Promise<BookSeatsResponse> {
  try {
    const body = await apiPost('/backend/api/book-seats.php', request, bookSeatsResponseSchema, { signal });
    if (body.success && !body.order) throw new ApiError(200, 'Unexpected answer from the ticketing server', body, null, true);
    return body;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && !error.contract) {
      return { ...parseAnswer(bookSeatsResponseSchema, error.body, 409, 'POST book-seats.php'), success: false };
    }
    throw error;
  }
}

/**
 * POST /api/orders/:id/pay { paymentMethod, paymentType: 'full' } with header Idempotency-Key.
 * Resolves with the paid order (status 'paid', `tickets`: one per seat with its signed QR text and short code). A retry with the same
 * key gets the first answer back. 410 (hold expired) and other failures reject with an ApiError.
 * A free order (total 0) is paid with no method (`null`).
 */
export async function payOrder(orderId: number, paymentMethod: PaymentMethod | null, idempotencyKey: string, signal?: AbortSignal): Promise<OrderSummary> {
  const request = paymentMethod ? { paymentMethod, paymentType: 'full' } : { paymentType: 'full' };
  const body = await apiPost(`/api/orders/${orderId}/pay`, request, orderResponseSchema, {
    signal,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return body.order;
}

/**
 * PUT /api/orders/:id/tickets: the buyer's choices for a held order (a category per seat, ID
 * numbers, a promo code). Resolves with the order priced by the server; a refusal rejects with an
 * ApiError carrying its message.
 */
export async function chooseTickets(orderId: number, choices: OrderChoicesRequest, signal?: AbortSignal): Promise<OrderSummary> {
  return (await apiPut(`/api/orders/${orderId}/tickets`, choices, orderResponseSchema, { signal })).order;
}

/**
 * POST /api/orders/:id/release: the signed-in user's held order gives its seats back. Resolves with
 * the order (now 'expired'); 404 (not theirs) and 409 (paid, or being paid) reject with an ApiError.
 */
export async function releaseOrder(orderId: number, signal?: AbortSignal): Promise<OrderSummary> {
  return (await apiPost(`/api/orders/${orderId}/release`, {}, orderResponseSchema, { signal })).order;
}

/**
 * POST /api/orders/:id/cancel: the buyer cancels their paid order for a full refund (when the
 * event's refund policy allows it). Resolves with the order, now refund pending or refunded; 409
 * says why not.
 */
export async function cancelOrder(orderId: number, signal?: AbortSignal): Promise<OrderSummary> {
  return (await apiPost(`/api/orders/${orderId}/cancel`, {}, orderResponseSchema, { signal })).order;
}

/** GET /api/orders/:id/calendar.ics: a paid ticket as a calendar file, for a download link (the mail attaches the same). */
export function calendarUrl(orderId: number): string {
  return assetUrl(`/api/orders/${orderId}/calendar.ics`);
}

export const bookingQueries = {
  /** GET /api/events/:id/availability: free seats per section, fresh on every visit. */
  availability: (eventId: number) =>
    queryOptions({
      queryKey: ['availability', eventId] as const,
      queryFn: async ({ signal }) => (await apiGet(`/api/events/${eventId}/availability`, availabilityResponseSchema, { signal })).sections,
      staleTime: 0,
    }),
  /**
   * GET /api/events/:id/best-seats?count=N: the best block of `count` adjacent free seats across
   * the event's sections ({ sectionId, seats }), or null when no section has that many side by side.
   */
  bestSeats: (eventId: number, count: number) =>
    queryOptions({
      queryKey: ['best-seats', eventId, count] as const,
      queryFn: ({ signal }) => getBestSeats(eventId, count, signal),
      staleTime: 0,
    }),
  bookedSeats: (eventId: number, sectionId: number) =>
    queryOptions({
      queryKey: ['booked-seats', eventId, sectionId] as const,
      queryFn: ({ signal }) => getBookedSeats(eventId, sectionId, signal),
      staleTime: 0,
    }),
  /** GET /api/orders/:id: one of the signed-in user's orders. */
  order: (orderId: number) =>
    queryOptions({
      queryKey: ['orders', orderId] as const,
      queryFn: async ({ signal }) => (await apiGet(`/api/orders/${orderId}`, orderResponseSchema, { signal })).order,
      staleTime: 0,
    }),
  /**
   * GET /api/events/:id/my-hold: the signed-in user's live hold of the event, or null (checkout opened
   * in a new tab, after a reload without its state, or on another device). 401 rejects when signed out.
   */
  myHold: (eventId: number) =>
    queryOptions({
      queryKey: ['orders', 'hold', eventId] as const,
      queryFn: async ({ signal }) => (await apiGet(`/api/events/${eventId}/my-hold`, myHoldResponseSchema, { signal })).hold,
      staleTime: 0,
    }),
  /** GET /api/my/orders: the signed-in user's orders, newest first. */
  mine: () =>
    queryOptions({
      queryKey: ['orders', 'mine'] as const,
      queryFn: async ({ signal }) => (await apiGet('/api/my/orders', ordersResponseSchema, { signal })).orders,
      staleTime: 0,
    }),
};
