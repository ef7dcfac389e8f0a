// What a client, a mail and a gate see of an order: its summary, its seats as the grid names them,
// and the ticket payload that its QR signs (canonicalPayload in ticket-signing.ts).
import { FREE_TICKET_METHOD, formatTicketCode } from '@sports/contracts';
import type { OrderCancellation, OrderLine, OrderSummary, OrderTicket, PaymentMethod, TicketPayload } from '@sports/contracts';
import { seatLayoutOf, seatNames } from '@sports/seating';
import { shownStatus } from './order-states';
import { buyerCancellation } from './refund-policy';
import type { OrderRow } from './order.repository';
import type { TicketSigner } from './ticket-signing';
import { withBuyersTickets } from './ticket-holders';

/** The summary a client sees; a held order whose time is up shows 'expired' (unless it is being paid). */
export function toSummary(row: OrderRow, now: Date, signer: TicketSigner): OrderSummary {
  const summary: OrderSummary = {
    orderId: row.id,
    status: shownStatus(row, now),
    event: { id: row.event_id, title: row.event_title, date: row.event_date, ...(row.event_time !== null ? { time: row.event_time } : {}) },
    section: { id: row.section_id, label: row.section_label },
    seats: row.seats,
    seatNames: seatNamesOf(row),
    totalAmount: row.total_amount,
    lines: linesOf(row),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
  if (row.status === 'paid' && row.payment_type && row.paid_at) {
    // A free ticket names no method: none was used.
    if (row.payment_method && row.total_amount > 0) summary.paymentMethod = row.payment_method;
    summary.paymentType = row.payment_type;
    summary.paidAt = row.paid_at.toISOString();
    summary.tickets = ticketsOf(withBuyersTickets(row), signer);
    summary.cancellation = cancellationOf(row, now);
  }
  if (row.promo_code !== null) summary.promoCode = row.promo_code;
  if (row.released_at !== null) summary.releasedAt = row.released_at.toISOString();
  if (row.event_cancelled_at !== null) summary.eventCancelled = { reason: row.event_cancel_reason ?? '' };
  if (row.refund) summary.refund = { amount: row.refund.amount, reason: row.refund.reason, refundedAt: row.refund.settled_at && new Date(row.refund.settled_at).toISOString() };
  return summary;
}

function cancellationOf(row: OrderRow, now: Date): OrderCancellation {
  const c = buyerCancellation(row, now);
  const deadline = c.deadline && c.deadline.toISOString();
  return c.allowed ? { allowed: true, amount: c.amount, deadline } : { allowed: false, deadline, reason: c.reason };
}

/** An order's lines as its buyer sees them, each with its seat's name. */
export function linesOf(row: OrderRow): OrderLine[] {
  const names = seatNamesOf(row);
  return row.lines.map((l, i) => ({
    seat: l.seat,
    seatName: names[i] ?? String(l.seat),
    category: l.category,
    ...(l.id_number !== null ? { idNumber: l.id_number } : {}),
    basePrice: l.base_price,
    discount: l.discount,
    ...(l.discount_kind !== null ? { discountKind: l.discount_kind } : {}),
    price: l.price,
  }));
}

/** An order's tickets as clients see them: each with its seat's name, grouped code and signed QR. */
export function ticketsOf(row: OrderRow, signer: TicketSigner): OrderTicket[] {
  const seatNames = seatNamesOf(row);
  const names = new Map(row.seats.map((seat, i) => [seat, seatNames[i] ?? String(seat)]));
  return row.tickets.map((t) => ({
    ticketId: t.id,
    seat: t.seat,
    seatName: names.get(t.seat) ?? String(t.seat),
    code: formatTicketCode(t.code),
    // Ed25519 is deterministic: signing again gives the same QR text every time.
    qr: signer.sign(ticketPayloadOf(row, row.payment_method, t.id, t.seat)),
    checkedInAt: t.checked_in_at === null ? null : new Date(t.checked_in_at).toISOString(),
    category: t.category,
  }));
}

/** An order's seats as the grid names them (A3), from its section's layout. */
export function seatNamesOf(row: Pick<OrderRow, 'seats' | 'section_capacity' | 'section_level' | 'section_rows'>): string[] {
  return seatNames(row.seats, seatLayoutOf({ capacity: row.section_capacity, level: row.section_level, rows: row.section_rows }));
}

/**
 * SPEC's QR payload, about the order, with the ticket id and the seat it admits (none for the one
 * QR of an order paid before tickets per seat). The method it was paid with; a free ticket paid
 * with none says FREE_TICKET_METHOD.
 */
export function ticketPayloadOf(row: Pick<OrderRow, 'event_id' | 'section_id' | 'seats' | 'total_amount'>, method: PaymentMethod | null, ticketId: string, seat?: number): TicketPayload {
  return {
    ticket_id: ticketId,
    event_id: row.event_id,
    section_id: row.section_id,
    seats: row.seats,
    ...(seat !== undefined ? { seat } : {}),
    paymentType: 'full' as const,
    paymentMethod: method ?? FREE_TICKET_METHOD,
    totalAmount: row.total_amount,
  };
}
