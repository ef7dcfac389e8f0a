import { z } from 'zod';
import { PAYMENT_METHODS } from './enums';
import type { OrderStatus, PaymentMethod } from './enums';

export const PAYMENT_TYPE = 'full' as const;

/**
 * An id: a whole number 1..2^31-1, or its plain decimal digits as text (query strings, lenient
 * clients). Nothing else is coerced: "0x10", "1e3", " 7", true or [5] are refused.
 */
const id = (name: string) => {
  const message = `${name} must be a positive whole number`;
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message),
  );
};

/** GET /backend/api/get-booked-seats.php?event_id=&section_id= (SPEC §7): live holds and sold seats. */
export const bookedSeatsQuerySchema = z.object({ event_id: id('event_id'), section_id: id('section_id') });
export interface BookedSeatsResponse { bookedSeats: number[] }

/** POST /backend/api/book-seats.php (SPEC §7). `user_id` is accepted for compatibility and never trusted. */
export const bookSeatsRequestSchema = z.object({
  event_id: id('event_id'),
  section_id: id('section_id'),
  seat_numbers: z
    .array(z.number({ error: 'seat_numbers must be whole numbers' }).int('seat_numbers must be whole numbers'), { error: 'seat_numbers must be a list of seat numbers' })
    .min(1, 'Select at least one seat.'),
  user_id: z.unknown().optional(),
});
export type BookSeatsRequest = z.infer<typeof bookSeatsRequestSchema>;
export interface BookSeatsResponse {
  success: boolean;
  booked: number[];
  alreadyBooked: number[];
  error?: string;
  /** Present on success: the hold to pay for before it expires. */
  order?: OrderSummary;
}

export interface OrderSummary {
  orderId: number;
  status: OrderStatus;
  event: { id: number; title: string; date: string; time?: string };
  section: { id: number; label: string };
  seats: number[];
  /** Pesos, computed by the server: event price x seats. */
  totalAmount: number;
  /** When the hold was made (ISO). */
  createdAt: string;
  /** When the hold ends unless paid (ISO); checkout counts down to it. */
  expiresAt: string;
  paymentMethod?: PaymentMethod;
  paymentType?: typeof PAYMENT_TYPE;
  paidAt?: string;
  /** Random ticket id, present once paid. */
  ticketId?: string;
  /** Signed QR text, present once paid. */
  qr?: string;
}

/** POST /api/orders/:id/pay with header Idempotency-Key. */
export const payOrderRequestSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, 'Choose a payment method.'),
  paymentType: z.literal(PAYMENT_TYPE).default(PAYMENT_TYPE),
});
export interface OrderResponse { success: true; order: OrderSummary }
export interface OrdersResponse { success: true; orders: OrderSummary[] }

/** GET /api/events/:id/availability: free seats per section (holds and tickets subtracted). */
export interface AvailabilityResponse { success: true; sections: Array<{ sectionId: number; capacity: number; available: number }> }

/** The QR text: SPEC's payload plus the ticket id and an Ed25519 signature (base64url) over the rest. */
export interface TicketPayload {
  ticket_id: string;
  event_id: number;
  section_id: number;
  seats: number[];
  paymentType: typeof PAYMENT_TYPE;
  paymentMethod: PaymentMethod;
  totalAmount: number;
}
export interface SignedTicket extends TicketPayload { sig: string }

export interface TicketPublicKeyResponse { success: true; algorithm: 'Ed25519'; publicKey: string }
export const verifyTicketRequestSchema = z.object({ qr: z.string().min(1).max(4096) });
export interface VerifyTicketResponse { success: true; valid: boolean; reason?: 'forged' | 'altered' | 'malformed'; ticket?: TicketPayload }
