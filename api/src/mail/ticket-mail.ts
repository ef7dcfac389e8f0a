// A paid order's tickets, kept by the buyer: the confirmation mail (order number, seats as the
// grid names them, then every seat's ticket: its short code, its QR code as a PNG image and the
// link to its own page; and the .ics calendar file) and the calendar file the ticket page
// downloads. Both read the order afresh after the payment committed.
import { PAYMENT_METHOD_LABELS, TICKET_CATEGORY_LABELS, discountReason, formatTransactionNo, hasPriceBreakdown, refundPolicySentence, ticketCategoryNote } from '@sports/contracts';
import type { OrderTicket } from '@sports/contracts';
import QRCode from 'qrcode';
import type { Queryable } from '../db';
import type { Mailer, MailMessage } from './mailer';
import type { BackgroundTasks } from '../background';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { OffPeakQueue } from '../off-peak';
import type { TicketSigner } from '../orders/ticket-signing';
import * as repo from '../orders/order.repository';
import { linesOf, toSummary } from '../orders/order-summary';
import { calendarFileName, calendarLocation, ticketCalendar } from '../orders/calendar';
import { formatPesos } from './pesos';

/** SPEC §9's QR: lowest error-correction level, 240 pixels (the same code the ticket page draws). */
const QR_OPTIONS = { type: 'png', errorCorrectionLevel: 'L', width: 240, margin: 4 } as const;

/** Where the links of a mail lead when no public origin is configured: the shell that `npm start` serves. */
export const DEV_SITE_ORIGIN = 'http://localhost:3000';

/** The QR image of one seat's ticket, e.g. ticket-A3-qr.png (seat names are unique in an order). */
export function qrFileName(ticket: Pick<OrderTicket, 'seatName'>): string {
  return `ticket-${ticket.seatName.replace(/[^A-Za-z0-9]+/g, '-')}-qr.png`;
}

/** The page of one ticket (/tickets/:ticketId in the booking pages): whoever has the link holds the ticket. */
export function ticketPageUrl(siteOrigin: string, ticketId: string): string {
  return `${siteOrigin}/tickets/${encodeURIComponent(ticketId)}`;
}

/**
 * The mailer and the background runner the mail goes out on, the origin visitors reach the site at
 * (PUBLIC_ORIGIN) for the links to the tickets' pages, and the queue that holds mails through a
 * sale's peak (absent: sent at once).
 */
export interface TicketMailSending {
  mailer: Mailer;
  tasks: BackgroundTasks;
  siteOrigin?: string | null;
  offPeak?: OffPeakQueue;
}

export interface TicketMailDeps {
  db: Queryable;
  clock: Clock;
  signer: TicketSigner;
  /** Absent: no mail is sent. */
  mail?: TicketMailSending;
  logger?: Logger;
}

interface TicketContext {
  email: string;
  first_name: string;
  starts_at: Date;
  ends_at: Date | null;
  has_time: boolean;
  venue_name: string | null;
  street_name: string | null;
  barangay_name: string | null;
  city_name: string | null;
  schedule_sequence: number;
  refund_days_before: number | null;
}

async function findTicketContext(db: Queryable, orderId: number): Promise<TicketContext | null> {
  const { rows } = await db.query<TicketContext>(
    `SELECT u.email, u.first_name, e.starts_at, e.ends_at, e.has_time, e.venue_name, e.street_name,
            b.name AS barangay_name, c.name AS city_name, e.schedule_sequence, e.refund_days_before
     FROM orders o JOIN users u ON u.id = o.user_id JOIN events e ON e.id = o.event_id
     LEFT JOIN barangays b ON b.code = e.barangay_code LEFT JOIN cities c ON c.code = e.city_code
     WHERE o.id = $1`,
    [orderId],
  );
  return rows[0] ?? null;
}

export interface PaidTicket {
  row: repo.OrderRow;
  context: TicketContext;
  /** One per seat, in seat order. */
  tickets: OrderTicket[];
  seatNames: string[];
  calendar: string;
}

/**
 * The paid order `orderId` (of `userId` when given) with what its mail and calendar need; null
 * otherwise. `stampedAt`: the calendar entry's DTSTAMP when not the payment's time (a move's).
 */
export async function paidTicket(deps: Pick<TicketMailDeps, 'db' | 'clock' | 'signer'>, orderId: number, userId?: number, stampedAt?: Date): Promise<PaidTicket | null> {
  const [row, context] = await Promise.all([repo.findOrder(deps.db, orderId), findTicketContext(deps.db, orderId)]);
  if (!row || !context || row.status !== 'paid' || (userId !== undefined && row.user_id !== userId)) return null;
  const summary = toSummary(row, deps.clock.now(), deps.signer);
  const tickets = summary.tickets ?? [];
  if (tickets.length === 0 || !row.paid_at) return null;
  const seatNames = summary.seatNames ?? row.seats.map(String);
  const calendar = ticketCalendar({
    orderId: row.id,
    eventTitle: row.event_title,
    startsAt: context.starts_at,
    endsAt: context.ends_at,
    hasTime: context.has_time,
    venue: calendarLocation({ venueName: context.venue_name, streetName: context.street_name, barangay: context.barangay_name, city: context.city_name }),
    sectionLabel: row.section_label,
    seatNames,
    issuedAt: stampedAt ?? row.paid_at,
    sequence: context.schedule_sequence,
  });
  return { row, context, tickets, seatNames, calendar };
}

/** GET /api/orders/:id/calendar.ics: the caller's paid order as a calendar file; null when it is not one. */
export async function ticketCalendarFile(deps: TicketMailDeps, userId: number, orderId: number): Promise<{ name: string; text: string } | null> {
  const ticket = await paidTicket(deps, orderId, userId);
  return ticket && { name: calendarFileName(orderId), text: ticket.calendar };
}

/** One seat's ticket in the mail: seat, its category when it needs an ID at the gate, code, its QR image and its page. */
function ticketLines(ticket: OrderTicket, siteOrigin: string): string[] {
  const note = ticketCategoryNote(ticket.category);
  return [`Seat ${ticket.seatName}${note ? ` (${note})` : ''}: code ${ticket.code}, QR code ${qrFileName(ticket)}`, `  ${ticketPageUrl(siteOrigin, ticket.ticketId)}`];
}

/** Each ticket's price and what was taken off, when the order's tickets differ. */
function priceLines(row: repo.OrderRow, seatNames: readonly string[]): string[] {
  const lines = linesOf(row, seatNames);
  const promoCode = row.promo_code ?? undefined;
  if (!hasPriceBreakdown({ lines, promoCode })) return [];
  return [
    'Tickets:',
    ...lines.map((l) => {
      const discount = l.discount > 0 ? ` (${formatPesos(l.basePrice)} less ${formatPesos(l.discount)}, ${discountReason(l, promoCode)})` : '';
      return `  ${l.seatName}, ${TICKET_CATEGORY_LABELS[l.category]}: ${formatPesos(l.price)}${discount}`;
    }),
  ];
}

/** The confirmation mail of a paid order: every seat's ticket, each with its QR image and the link to its page. */
export async function ticketMail(ticket: PaidTicket, siteOrigin: string = DEV_SITE_ORIGIN): Promise<MailMessage> {
  const { row, context, seatNames, tickets } = ticket;
  const free = row.total_amount === 0;
  const when = row.event_time ? `${row.event_date}, ${row.event_time}` : row.event_date;
  const text = [
    `Hi ${context.first_name},`,
    '',
    `Your tickets for ${row.event_title} are confirmed.`,
    '',
    `Order number: ${formatTransactionNo(row.id)}`,
    `Event: ${row.event_title}`,
    `Date: ${when}`,
    `Section: ${row.section_label}`,
    `Seats: ${seatNames.join(', ')}`,
    ...priceLines(row, seatNames),
    `Total: ${free ? 'Free' : formatPesos(row.total_amount)}`,
    `Payment: ${free || !row.payment_method ? 'Free' : PAYMENT_METHOD_LABELS[row.payment_method]}`,
    ...(free ? [] : [refundPolicySentence(context.refund_days_before)]),
    '',
    tickets.length === 1 ? 'Your ticket:' : `Your ${tickets.length} tickets, one per seat:`,
    ...tickets.flatMap((t) => ticketLines(t, siteOrigin)),
    '',
    "Show a ticket's QR code at the gate (the attached image, or its page), or give its code if the QR will not scan. Each QR admits one seat, once.",
    "A ticket's page opens without signing in and has its PDF: forward its link to the friend who sits in that seat, and only to them.",
    `${calendarFileName(row.id)} puts the event in your calendar. Your tickets are also under My Tickets whenever you sign in.`,
    '',
    'Sports Complex Tickets',
  ].join('\n');
  return {
    to: context.email,
    subject: `Your tickets for ${row.event_title} (order ${formatTransactionNo(row.id)})`,
    text,
    attachments: [
      ...(await Promise.all(tickets.map(async (t) => ({ filename: qrFileName(t), contentType: 'image/png', content: await QRCode.toBuffer(t.qr, QR_OPTIONS) })))),
      { filename: calendarFileName(row.id), contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(ticket.calendar, 'utf8') },
    ],
  };
}
