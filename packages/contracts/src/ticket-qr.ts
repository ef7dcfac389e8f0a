// A ticket's QR text: SPEC's payload about the order, the ticket id, the seat it admits and an
// Ed25519 signature (base64url, 86 characters) over the canonical form below. The API signs and
// checks it (api/src/orders/ticket-signing.ts), and the offline gate verifies it in the browser over
// the very same bytes. No validator imported: free for any app.
import type { SignedTicket, TicketPayload } from './booking.responses';
import { FREE_TICKET_METHOD, PAYMENT_METHODS, PAYMENT_TYPE } from './enums';

/**
 * The bytes a ticket's signature covers: the payload's fields in this fixed order, `seat` (a
 * ticket per seat) right after `seats` and absent for an order's one QR from before tickets per seat:
 *   {"ticket_id":…,"event_id":…,"section_id":…,"seats":[…],"seat":…,"paymentType":"full","paymentMethod":…,"totalAmount":…}
 */
export function canonicalTicketPayload(p: TicketPayload): string {
  return JSON.stringify({
    ticket_id: p.ticket_id,
    event_id: p.event_id,
    section_id: p.section_id,
    seats: p.seats,
    ...(p.seat === undefined ? {} : { seat: p.seat }),
    paymentType: p.paymentType,
    paymentMethod: p.paymentMethod,
    totalAmount: p.totalAmount,
  });
}

/** A ticket id: 16 random bytes, base64url. */
export const TICKET_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** An Ed25519 signature, base64url without padding. */
export const TICKET_SIG_PATTERN = /^[A-Za-z0-9_-]{86}$/;
const KEYS = ['event_id', 'paymentMethod', 'paymentType', 'seats', 'section_id', 'sig', 'ticket_id', 'totalAmount'];
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 2_147_483_647;

/**
 * QR text as a signed ticket, or null when it is not one (not JSON, other keys, wrong types,
 * seats not ascending, a seat not among them, a signature of the wrong shape). Whether the
 * signature is genuine is the caller's check, over canonicalTicketPayload.
 */
export function parseTicketQr(text: string): SignedTicket | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => k !== 'seat')
    .sort();
  if (keys.length !== KEYS.length || keys.some((k, i) => k !== KEYS[i])) return null;
  const { ticket_id, event_id, section_id, seats, seat, paymentType, paymentMethod, totalAmount, sig } = o;
  if (typeof ticket_id !== 'string' || !TICKET_ID_PATTERN.test(ticket_id) || !isId(event_id) || !isId(section_id)) return null;
  if (!Array.isArray(seats) || seats.length === 0 || seats.length > 1000) return null;
  for (let i = 0; i < seats.length; i += 1) {
    const n: unknown = seats[i];
    if (!isId(n) || (i > 0 && n <= (seats[i - 1] as number))) return null;
  }
  if (seat !== undefined && (!isId(seat) || !seats.includes(seat))) return null;
  if (paymentType !== PAYMENT_TYPE) return null;
  if (typeof totalAmount !== 'number' || !Number.isFinite(totalAmount) || totalAmount < 0) return null;
  // A free ticket names no method; one with a price always names the one it was paid with.
  const paid = (PAYMENT_METHODS as readonly unknown[]).includes(paymentMethod);
  if (!paid && !(paymentMethod === FREE_TICKET_METHOD && totalAmount === 0)) return null;
  if (typeof sig !== 'string' || !TICKET_SIG_PATTERN.test(sig)) return null;
  return {
    ticket_id,
    event_id,
    section_id,
    seats: seats as number[],
    ...(seat === undefined ? {} : { seat }),
    paymentType,
    paymentMethod: paymentMethod as TicketPayload['paymentMethod'],
    totalAmount,
    sig,
  };
}
