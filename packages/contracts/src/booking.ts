import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_TYPE } from './enums';
import { PRICING_MESSAGES, PROMO_CODE_MESSAGES, TICKET_CATEGORIES } from './pricing';

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

/** POST /backend/api/book-seats.php (SPEC §7). `user_id` is accepted for compatibility and never trusted. */
export const bookSeatsRequestSchema = z.object({
  event_id: id('event_id'),
  section_id: id('section_id'),
  seat_numbers: z
    .array(z.number({ error: 'seat_numbers must be whole numbers' }).int('seat_numbers must be whole numbers'), { error: 'seat_numbers must be a list of seat numbers' })
    .min(1, 'Select at least one seat.'),
  user_id: z.unknown().optional(),
  /**
   * The buyer's live hold of this event to change instead of making another: its seats
   * become these, all or nothing. Not the buyer's live hold (expired, released, paid, being paid,
   * someone else's): a new hold is made, as without it.
   */
  order_id: id('order_id').optional(),
});
export type BookSeatsRequest = z.infer<typeof bookSeatsRequestSchema>;

export const CHOOSE_PAYMENT_METHOD = 'Choose a payment method.';


/** POST /api/tickets/verify { qr }. */
export const verifyTicketRequestSchema = z.object({ qr: z.string().min(1).max(4096) });

const ticketChoicesSchema = z
  .array(
    z.object({
      seat: z.number({ error: 'seat must be a seat number' }).int('seat must be a seat number').positive('seat must be a seat number'),
      category: z.enum(TICKET_CATEGORIES, { error: `category must be one of ${TICKET_CATEGORIES.join(', ')}` }),
      idNumber: z.string().max(40, 'An ID number is at most 40 characters').optional(),
    }),
    { error: 'tickets must be a list of { seat, category }' },
  )
  .min(1, PRICING_MESSAGES.seatsMismatch)
  .max(1000, PRICING_MESSAGES.seatsMismatch);
const promoCodeChoiceSchema = z.string().max(60, PROMO_CODE_MESSAGES.unknown).nullable().optional();

/**
 * PUT /api/orders/:id/tickets: the buyer's choices for a held order, and nothing else: a category
 * per seat (with its ID number for Senior Citizen and PWD) and a promo code. The server prices
 * every ticket from them (PRICING_MESSAGES and PROMO_CODE_MESSAGES when it cannot).
 */
export const orderChoicesRequestSchema = z.object({ tickets: ticketChoicesSchema, promoCode: promoCodeChoiceSchema });
export type OrderChoicesRequest = z.infer<typeof orderChoicesRequestSchema>;

/**
 * POST /api/orders/:id/pay with header Idempotency-Key. A free order (total 0) needs no method
 * (and records none); any other order must name one (CHOOSE_PAYMENT_METHOD otherwise).
 * A client that knows its choices may send them here instead of a PUT of its tickets first: they
 * are priced in the payment's own transaction, and then `expectedTotal`, the total the buyer was
 * shown, is required. `expectedTotal` that is not the order's total is refused
 * (totalChangedMessage of pricing.ts) and nothing changes.
 */
export const payOrderRequestSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, CHOOSE_PAYMENT_METHOD).optional(),
  paymentType: z.literal(PAYMENT_TYPE).default(PAYMENT_TYPE),
  tickets: ticketChoicesSchema.optional(),
  promoCode: promoCodeChoiceSchema,
  expectedTotal: z.number({ error: PRICING_MESSAGES.expectedTotal }).nonnegative(PRICING_MESSAGES.expectedTotal).max(100_000_000, PRICING_MESSAGES.expectedTotal).optional(),
});
