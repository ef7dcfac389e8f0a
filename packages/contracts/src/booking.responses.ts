import * as z from 'zod/mini';
import { FREE_TICKET_METHOD, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_TYPE } from './enums';
import { DISCOUNT_KINDS, TICKET_CATEGORIES } from './pricing';
import { TICKET_REFUSALS } from './ticket-admission';

const positiveInt = () => z.int().check(z.positive());
const seatNumbers = () => z.array(z.int());

/** GET /backend/api/get-booked-seats.php (SPEC §7): live holds and sold seats (no `success` field). */
export const bookedSeatsResponseSchema = z.object({ bookedSeats: seatNumbers() });
export type BookedSeatsResponse = z.infer<typeof bookedSeatsResponseSchema>;

/**
 * One seat's ticket: its own random id (22 base64url characters, also the capability of its page
 * /tickets/:ticketId), its signed QR text and its short code, grouped as a person reads it
 * (TICKET_CODE in ticket-code.ts).
 */
export const orderTicketSchema = z.object({
  ticketId: z.string(),
  seat: positiveInt(),
  /** The seat as the grid names it, e.g. 'A3'. */
  seatName: z.string(),
  /** e.g. 'K7QX-3MPD-9W'. */
  code: z.string(),
  qr: z.string(),
  /** ISO instant it was checked in at the gate; null while not. */
  checkedInAt: z.nullable(z.string()),
  /** Its ticket category: the gate checks the ID of a Senior Citizen, PWD, Student or Child ticket. */
  category: z.enum(TICKET_CATEGORIES),
});
export type OrderTicket = z.infer<typeof orderTicketSchema>;

/** Why an order was refunded: its event was cancelled, or its buyer cancelled it. */
export const REFUND_REASONS = ['event_cancelled', 'buyer_cancelled'] as const;

/** Cancel and refund, as My Tickets offers it: allowed (the amount, until `deadline`) or not (`reason`). */
export const orderCancellationSchema = z.object({
  allowed: z.boolean(),
  /** Pesos refunded when allowed. */
  amount: z.optional(z.number()),
  /** ISO instant refunds close; null when the event gives no refunds. */
  deadline: z.nullable(z.string()),
  reason: z.optional(z.string()),
});
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

/**
 * One ticket's line of an order, priced by the server: the section's price, one discount (the
 * larger of its category's and its promo code's) and what is paid. Pesos.
 */
export const orderLineSchema = z.object({
  seat: positiveInt(),
  seatName: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  /** The OSCA ID or PWD ID of a Senior Citizen or PWD ticket (shown to its buyer only). */
  idNumber: z.optional(z.string()),
  basePrice: z.number(),
  discount: z.number(),
  discountKind: z.optional(z.enum(DISCOUNT_KINDS)),
  price: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A hold (`held`), a ticket (`paid`) or a hold that ran out (`expired`), as every screen reads it. */
export const orderSummarySchema = z.object({
  orderId: positiveInt(),
  status: z.enum(ORDER_STATUSES),
  event: z.object({ id: positiveInt(), title: z.string(), date: z.string(), time: z.optional(z.string()) }),
  section: z.object({ id: positiveInt(), label: z.string() }),
  seats: seatNumbers(),
  /** The seats as the grid names them (row letter and number, e.g. 'A3'), in the order of `seats`. */
  seatNames: z.optional(z.array(z.string())),
  /** Pesos, computed by the server: the sum of the lines' prices. */
  totalAmount: z.number(),
  /** One line per seat, in seat order. */
  lines: z.array(orderLineSchema),
  /** The promo code the order carries, as the organizer wrote it. */
  promoCode: z.optional(z.string()),
  /** When the hold was made (ISO). */
  createdAt: z.string(),
  /** When the hold ends unless paid (ISO); checkout counts down to it. */
  expiresAt: z.string(),
  /** The method a paid order was paid with; absent for a free order (total 0): nothing was paid. */
  paymentMethod: z.optional(z.enum(PAYMENT_METHODS)),
  paymentType: z.optional(z.literal(PAYMENT_TYPE)),
  paidAt: z.optional(z.string()),
  /** An expired order its buyer gave back (Release seats) before its time was up: when (ISO). Absent when the hold ran out. */
  releasedAt: z.optional(z.string()),
  /** Once paid: one ticket per seat, in seat order. */
  tickets: z.optional(z.array(orderTicketSchema)),
  /** Present when the event was cancelled, with the organizer's reason. */
  eventCancelled: z.optional(z.object({ reason: z.string() })),
  /** A paid order: whether its buyer may cancel it for a refund now (the amount and until when), or why not. */
  cancellation: z.optional(orderCancellationSchema),
  /** Once a refund was requested (refund_pending, refunded): its amount, why, and when it was done. */
  refund: z.optional(
    z.object({ amount: z.number(), reason: z.enum(REFUND_REASONS), refundedAt: z.nullable(z.string()) }),
  ),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/**
 * POST /backend/api/book-seats.php (SPEC §7): 200 `success: true` with the hold to pay for, or
 * 409 `success: false` with `alreadyBooked` = exactly the seats that were taken.
 */
export const bookSeatsResponseSchema = z.object({
  success: z.boolean(),
  booked: seatNumbers(),
  alreadyBooked: seatNumbers(),
  error: z.optional(z.string()),
  /** Present on success: the hold to pay for before it expires. */
  order: z.optional(orderSummarySchema),
});
export type BookSeatsResponse = z.infer<typeof bookSeatsResponseSchema>;

export const orderResponseSchema = z.object({ success: z.literal(true), order: orderSummarySchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;
export const ordersResponseSchema = z.object({ success: z.literal(true), orders: z.array(orderSummarySchema) });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/** GET /api/events/:id/my-hold: the signed-in buyer's live hold of the event, or null when there is none. */
export const myHoldResponseSchema = z.object({ success: z.literal(true), hold: z.nullable(orderSummarySchema) });
export type MyHoldResponse = z.infer<typeof myHoldResponseSchema>;

/** GET /api/events/:id/availability: free seats per section (holds and tickets subtracted). */
export const availabilityResponseSchema = z.object({
  success: z.literal(true),
  /** price: pesos per seat in that section for this event. */
  sections: z.array(z.object({ sectionId: positiveInt(), capacity: z.int(), available: z.int(), price: z.number() })),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/**
 * GET /api/events/:id/best-seats?count=N: "How many seats?" across the venue, the best block of N
 * adjacent free seats of the event's sections (one row of one section), or null when no section
 * has N free seats side by side.
 */
export const bestSeatsResponseSchema = z.object({
  success: z.literal(true),
  proposal: z.nullable(z.object({ sectionId: positiveInt(), seats: z.array(positiveInt()) })),
});
export type BestSeatsResponse = z.infer<typeof bestSeatsResponseSchema>;

/** The QR text: SPEC's payload plus the ticket id and an Ed25519 signature (base64url) over the rest. */
export const ticketPayloadSchema = z.object({
  ticket_id: z.string(),
  event_id: positiveInt(),
  section_id: positiveInt(),
  seats: seatNumbers(),
  /**
   * The seat this ticket admits (one of `seats`). Absent only in the one QR of a whole order paid
   * before tickets were issued per seat: that QR admits every seat of its order, once.
   */
  seat: z.optional(positiveInt()),
  paymentType: z.literal(PAYMENT_TYPE),
  /** The method paid with, or FREE_TICKET_METHOD for a free ticket (totalAmount 0). */
  paymentMethod: z.enum([...PAYMENT_METHODS, FREE_TICKET_METHOD]),
  totalAmount: z.number(),
});
export type TicketPayload = z.infer<typeof ticketPayloadSchema>;
export type SignedTicket = TicketPayload & { sig: string };

export const ticketPublicKeyResponseSchema = z.object({ success: z.literal(true), algorithm: z.literal('Ed25519'), publicKey: z.string() });
export type TicketPublicKeyResponse = z.infer<typeof ticketPublicKeyResponseSchema>;
/**
 * POST /api/tickets/verify: `valid` only for a ticket the gate would let in (docs/checkin.md);
 * otherwise `reason`: forged, altered, malformed, or why a genuine ticket no longer admits
 * (TICKET_REFUSALS). `checkedInAt` (ISO instant): a valid ticket was already checked in then (the
 * time only: the caller is anonymous).
 */
export const verifyTicketResponseSchema = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  reason: z.optional(z.enum(['forged', 'altered', 'malformed', ...TICKET_REFUSALS])),
  ticket: z.optional(ticketPayloadSchema),
  checkedInAt: z.optional(z.string()),
});
export type VerifyTicketResponse = z.infer<typeof verifyTicketResponseSchema>;

/**
 * GET /api/tickets/:ticketId: one ticket on a page of its own, to show at the gate or forward. The
 * id is the capability (128 random bits): whoever holds the link or the QR holds the ticket.
 */
export const ticketViewResponseSchema = z.object({
  success: z.literal(true),
  ticket: orderTicketSchema,
  orderId: positiveInt(),
  transactionNo: z.string(),
  holder: z.string(),
  event: z.object({
    id: positiveInt(),
    title: z.string(),
    date: z.string(),
    time: z.optional(z.string()),
    /** ISO instants. */
    startsAt: z.string(),
    endsAt: z.nullable(z.string()),
    venue: z.string(),
  }),
  section: z.object({ id: positiveInt(), label: z.string() }),
  /** Pesos: the order's total (SPEC's totalAmount) and how many tickets it holds. */
  totalAmount: z.number(),
  ticketsInOrder: positiveInt(),
  paymentMethod: z.optional(z.enum(PAYMENT_METHODS)),
});
export type TicketViewResponse = z.infer<typeof ticketViewResponseSchema>;
