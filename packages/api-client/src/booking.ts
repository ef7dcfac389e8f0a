import type {
  AvailabilityResponse,
  BookSeatsRequest,
  BookSeatsResponse,
  BookedSeatsResponse,
  OrderSummary,
  PaymentMethod,
} from '@sports/contracts';
import { ApiError, apiGet, apiPost } from './http';

/** Free seats of one section of an event (holds and tickets subtracted). */
export type SectionAvailability = AvailabilityResponse['sections'][number];

const UNEXPECTED = 'Unexpected answer from the ticketing server';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumberArray(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((n) => typeof n === 'number' && Number.isFinite(n));
}

/** The fields every screen reads from an order; anything less is not an order. */
export function isOrderSummary(value: unknown): value is OrderSummary {
  if (!isRecord(value)) return false;
  const { event, section } = value;
  return (
    typeof value.orderId === 'number' &&
    (value.status === 'held' || value.status === 'paid' || value.status === 'expired') &&
    isRecord(event) &&
    typeof event.id === 'number' &&
    typeof event.title === 'string' &&
    isRecord(section) &&
    typeof section.id === 'number' &&
    typeof section.label === 'string' &&
    isNumberArray(value.seats) &&
    typeof value.totalAmount === 'number' &&
    typeof value.expiresAt === 'string'
  );
}

function orderFrom(body: unknown): OrderSummary {
  if (!isRecord(body) || !isOrderSummary(body.order)) throw new ApiError(200, UNEXPECTED, body);
  return body.order;
}

/** GET /api/events/:id/availability -> free seats per section. */
export async function getAvailability(eventId: number, signal?: AbortSignal): Promise<SectionAvailability[]> {
  const body = await apiGet<unknown>(`/api/events/${eventId}/availability`, signal);
  if (!isRecord(body) || !Array.isArray(body.sections)) throw new ApiError(200, UNEXPECTED, body);
  return body.sections.filter(
    (s): s is SectionAvailability =>
      isRecord(s) && typeof s.sectionId === 'number' && typeof s.capacity === 'number' && typeof s.available === 'number',
  );
}

/**
 * GET /backend/api/get-booked-seats.php?event_id=&section_id= (SPEC §7) -> the held and sold seat numbers.
 * Throws on failure; SPEC §8 lets the seat grid treat a failed fetch as "no booked seats".
 */
export async function getBookedSeats(eventId: number, sectionId: number, signal?: AbortSignal): Promise<number[]> {
  const query = new URLSearchParams({ event_id: String(eventId), section_id: String(sectionId) });
  const body = await apiGet<BookedSeatsResponse | null>(`/backend/api/get-booked-seats.php?${query.toString()}`, signal);
  if (!isRecord(body) || !isNumberArray(body.bookedSeats)) throw new ApiError(200, UNEXPECTED, body);
  return body.bookedSeats;
}

function isBookSeatsBody(value: unknown): value is BookSeatsResponse {
  return isRecord(value) && typeof value.success === 'boolean' && isNumberArray(value.alreadyBooked ?? []) && isNumberArray(value.booked ?? []);
}

/**
 * POST /backend/api/book-seats.php { event_id, section_id, seat_numbers, user_id } (SPEC §7), with the session cookie.
 * Resolves with the parsed body for 200 (`success: true`, `order` = the hold to pay for) and for 409
 * (`success: false`, `alreadyBooked` = exactly the seats that were taken). Any other answer rejects
 * with an ApiError (401 when logged out, 4xx with the server's `error`); a network failure rejects
 * with fetch's TypeError.
 */
export async function bookSeats(request: BookSeatsRequest, signal?: AbortSignal): Promise<BookSeatsResponse> {
  let body: unknown;
  try {
    body = await apiPost<unknown>('/backend/api/book-seats.php', request, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && isBookSeatsBody(error.body)) {
      const conflict = error.body;
      return { ...conflict, success: false, booked: conflict.booked ?? [], alreadyBooked: conflict.alreadyBooked ?? [] };
    }
    throw error;
  }
  if (!isBookSeatsBody(body)) throw new ApiError(200, UNEXPECTED, body);
  if (body.success && !isOrderSummary(body.order)) throw new ApiError(200, UNEXPECTED, body);
  return { ...body, booked: body.booked ?? [], alreadyBooked: body.alreadyBooked ?? [] };
}

/** GET /api/orders/:id -> one of the logged-in user's orders. */
export async function getOrder(orderId: number, signal?: AbortSignal): Promise<OrderSummary> {
  return orderFrom(await apiGet<unknown>(`/api/orders/${orderId}`, signal));
}

/**
 * POST /api/orders/:id/pay { paymentMethod, paymentType: 'full' } with header Idempotency-Key.
 * Resolves with the paid order (status 'paid', `qr` = the signed ticket text). A retry with the same
 * key gets the first answer back. 410 (hold expired) and other failures reject with an ApiError.
 */
export async function payOrder(
  orderId: number,
  paymentMethod: PaymentMethod,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<OrderSummary> {
  const body = await apiPost<unknown>(
    `/api/orders/${orderId}/pay`,
    { paymentMethod, paymentType: 'full' },
    signal,
    { 'Idempotency-Key': idempotencyKey },
  );
  return orderFrom(body);
}

/** GET /api/my/orders -> the logged-in user's orders (held, paid, expired), newest first as the server sends them. */
export async function getMyOrders(signal?: AbortSignal): Promise<OrderSummary[]> {
  const body = await apiGet<unknown>('/api/my/orders', signal);
  if (!isRecord(body) || !Array.isArray(body.orders)) throw new ApiError(200, UNEXPECTED, body);
  return body.orders.filter(isOrderSummary);
}
