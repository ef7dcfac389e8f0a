// Checking a ticket QR at the gate (or anywhere): signature first, then the database; and one
// ticket on a page of its own.
import { canonicalTicketPayload, formatTransactionNo, parseTicketQr } from '@sports/contracts';
import type { TicketViewResponse, VerifyTicketResponse } from '@sports/contracts';
import type { RateLimit } from '../config';
import type { Queryable } from '../db';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { DEFAULT_VENUE } from '../orders/calendar';
import * as orders from '../orders/order.repository';
import { ticketPayloadOf, ticketsOf } from '../orders/order-summary';
import { liveTickets } from '../orders/ticket-holders';
import type { TicketSigner } from '../orders/ticket-signing';
import { findAdmission, ticketRefusal } from '../orders/ticket-admission';

export interface TicketDeps {
  db: Queryable;
  signer: TicketSigner;
  /** POST /api/tickets/verify and GET /api/tickets/:id are counted per client address (RATE_LIMIT_TICKET_VERIFY_IP). */
  verifyLimit: { limiter: RateLimiter; perIp: RateLimit };
}

/**
 * - malformed: not a ticket's JSON (unparseable, missing or extra fields, wrong types);
 * - valid: our signature over exactly what the database holds for a ticket that admits
 *   (ticketRefusal: docs/checkin.md), with `checkedInAt` once it was checked in;
 * - cancelled, refunded, transferred, not_paid: our signature, but the ticket no longer admits
 *   (or no paid order carries it), as the gate would answer;
 * - altered: the signature does not match, but the ticket id is a real ticket whose content
 *   differs (someone edited seats, amount, ...);
 * - forged: the ticket id is unknown, or the content matches a real ticket but the signature is
 *   not ours (another key).
 * Never throws for user input.
 */
export async function verifyTicket(deps: TicketDeps, qr: string): Promise<VerifyTicketResponse> {
  const ticket = parseTicketQr(qr);
  if (!ticket) return { success: true, valid: false, reason: 'malformed' };
  const { sig, ...payload } = ticket;
  const signatureOk = deps.signer.verify(payload, sig);
  const perSeat = payload.seat !== undefined;
  const admission = await findAdmission(deps.db, perSeat ? { ticketId: payload.ticket_id } : { orderTicketId: payload.ticket_id });
  const refusal = admission ? ticketRefusal(admission.state) : 'not_paid';
  // Only we sign: a genuine signature names a ticket as we issued it, whatever became of it since.
  if (refusal && signatureOk) return { success: true, valid: false, reason: refusal };
  const row = refusal ? null : await orders.findPaidOrderOfTicket(deps.db, payload.ticket_id, perSeat);
  if (!row) return { success: true, valid: false, reason: 'forged' };
  const seat = perSeat ? row.tickets.find((t) => t.id === payload.ticket_id)?.seat : undefined;
  const stored = ticketPayloadOf(row, row.payment_method, payload.ticket_id, seat);
  const sameContent = canonicalTicketPayload(stored) === canonicalTicketPayload(payload);
  if (signatureOk && sameContent) {
    const checkedInAt = admission?.checkedInAt;
    return { success: true, valid: true, ticket: stored, ...(checkedInAt ? { checkedInAt: checkedInAt.toISOString() } : {}) };
  }
  return { success: true, valid: false, reason: sameContent ? 'forged' : 'altered' };
}

interface TicketPlace {
  holder: string;
  starts_at: Date;
  ends_at: Date | null;
  venue: string | null;
}

/** GET /api/tickets/:ticketId: the seat's ticket of a paid order; null when there is none. */
export async function ticketView(deps: Pick<TicketDeps, 'db' | 'signer'>, ticketId: string): Promise<TicketViewResponse | null> {
  // A ticket that no longer admits (given to someone else, refunded, its event cancelled) has no page.
  const admission = await findAdmission(deps.db, { ticketId });
  if (!admission || ticketRefusal(admission.state)) return null;
  const row = await orders.findPaidOrderOfTicket(deps.db, ticketId, true);
  const live = row && { ...row, tickets: liveTickets(row.tickets) };
  const ticket = live && ticketsOf(live, deps.signer).find((t) => t.ticketId === ticketId);
  if (!live || !ticket) return null;
  const { rows } = await deps.db.query<TicketPlace>(
    `SELECT u.first_name || ' ' || u.last_name AS holder, e.starts_at, e.ends_at,
            concat_ws(', ', e.venue_name, c.name) AS venue
     FROM orders o JOIN tickets t ON t.order_id = o.id AND t.id = $2
     JOIN users u ON u.id = coalesce(t.holder_user_id, o.user_id) JOIN events e ON e.id = o.event_id
     LEFT JOIN cities c ON c.code = e.city_code
     WHERE o.id = $1`,
    [live.id, ticketId],
  );
  const place = rows[0];
  if (!place) return null;
  return {
    success: true,
    ticket,
    orderId: live.id,
    transactionNo: formatTransactionNo(live.id),
    holder: place.holder,
    event: {
      id: live.event_id,
      title: live.event_title,
      date: live.event_date,
      ...(live.event_time !== null ? { time: live.event_time } : {}),
      startsAt: place.starts_at.toISOString(),
      endsAt: place.ends_at?.toISOString() ?? null,
      venue: place.venue || DEFAULT_VENUE,
    },
    section: { id: live.section_id, label: live.section_label },
    totalAmount: live.total_amount,
    ticketsInOrder: live.tickets.length,
    ...(live.payment_method && live.total_amount > 0 ? { paymentMethod: live.payment_method } : {}),
  };
}
