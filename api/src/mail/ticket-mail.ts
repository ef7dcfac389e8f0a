// A paid order's ticket, kept by the buyer: the confirmation mail (order number, seats
// as the grid names them, the QR code as a PNG image, the .ics calendar file) and the calendar
// file the ticket page downloads. Both read the order afresh after the payment committed.
import { PAYMENT_METHOD_LABELS } from '@sports/contracts';
import QRCode from 'qrcode';
import type { Queryable } from '../db';
import type { Mailer, MailMessage } from './mailer';
import type { BackgroundTasks } from '../background';
import type { Clock } from '../clock';
import type { TicketSigner } from '../orders/ticket-signing';
import * as repo from '../orders/order.repository';
import { toSummary } from '../orders/order-summary';
import { calendarFileName, ticketCalendar } from '../orders/calendar';

/** SPEC §9's QR: lowest error-correction level, 240 pixels (the same code the ticket page draws). */
const QR_OPTIONS = { type: 'png', errorCorrectionLevel: 'L', width: 240, margin: 4 } as const;
export const QR_FILE_NAME = 'ticket-qr.png';

export interface TicketMailDeps {
  db: Queryable;
  clock: Clock;
  signer: TicketSigner;
  /** The mailer and the background runner the mail goes out on (absent: no mail is sent). */
  mail?: { mailer: Mailer; tasks: BackgroundTasks };
}

interface TicketContext {
  email: string;
  first_name: string;
  starts_at: Date;
  ends_at: Date | null;
  has_time: boolean;
  venue_name: string | null;
}

async function findTicketContext(db: Queryable, orderId: number): Promise<TicketContext | null> {
  const { rows } = await db.query<TicketContext>(
    `SELECT u.email, u.first_name, e.starts_at, e.ends_at, e.has_time, e.venue_name
     FROM orders o JOIN users u ON u.id = o.user_id JOIN events e ON e.id = o.event_id
     WHERE o.id = $1`,
    [orderId],
  );
  return rows[0] ?? null;
}

interface PaidTicket {
  row: repo.OrderRow;
  context: TicketContext;
  qr: string;
  seatNames: string[];
  calendar: string;
}

/** The paid order `orderId` (of `userId` when given) with what its mail and calendar need; null otherwise. */
async function paidTicket(deps: TicketMailDeps, orderId: number, userId?: number): Promise<PaidTicket | null> {
  const [row, context] = await Promise.all([repo.findOrder(deps.db, orderId), findTicketContext(deps.db, orderId)]);
  if (!row || !context || row.status !== 'paid' || (userId !== undefined && row.user_id !== userId)) return null;
  const summary = toSummary(row, deps.clock.now(), deps.signer);
  const qr = summary.tickets?.[0]?.qr;
  if (!qr || !row.paid_at) return null;
  const seatNames = summary.seatNames ?? row.seats.map(String);
  const calendar = ticketCalendar({
    orderId: row.id,
    eventTitle: row.event_title,
    startsAt: context.starts_at,
    endsAt: context.ends_at,
    hasTime: context.has_time,
    venue: context.venue_name,
    sectionLabel: row.section_label,
    seatNames,
    issuedAt: row.paid_at,
  });
  return { row, context, qr, seatNames, calendar };
}

/** GET /api/orders/:id/calendar.ics: the caller's paid order as a calendar file; null when it is not one. */
export async function ticketCalendarFile(deps: TicketMailDeps, userId: number, orderId: number): Promise<{ name: string; text: string } | null> {
  const ticket = await paidTicket(deps, orderId, userId);
  return ticket && { name: calendarFileName(orderId), text: ticket.calendar };
}

const pesos = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });

/** The confirmation mail of a paid order. */
export async function ticketMail(ticket: PaidTicket): Promise<MailMessage> {
  const { row, context, seatNames } = ticket;
  const free = row.total_amount === 0;
  const when = row.event_time ? `${row.event_date}, ${row.event_time}` : row.event_date;
  const text = [
    `Hi ${context.first_name},`,
    '',
    `Your tickets for ${row.event_title} are confirmed.`,
    '',
    `Order number: ${row.id}`,
    `Event: ${row.event_title}`,
    `Date: ${when}`,
    `Section: ${row.section_label}`,
    `Seats: ${seatNames.join(', ')}`,
    `Total: ${free ? 'Free' : pesos.format(row.total_amount)}`,
    `Payment: ${free || !row.payment_method ? 'Free' : PAYMENT_METHOD_LABELS[row.payment_method]}`,
    '',
    `Your QR ticket is attached (${QR_FILE_NAME}): show it at the gate. ${calendarFileName(row.id)} puts the event in your calendar.`,
    'Your tickets are also under My Tickets whenever you sign in.',
    '',
    'Sports Complex Tickets',
  ].join('\n');
  return {
    to: context.email,
    subject: `Your tickets for ${row.event_title} (order ${row.id})`,
    text,
    attachments: [
      { filename: QR_FILE_NAME, contentType: 'image/png', content: await QRCode.toBuffer(ticket.qr, QR_OPTIONS) },
      { filename: calendarFileName(row.id), contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(ticket.calendar, 'utf8') },
    ],
  };
}

/**
 * After a payment committed: the confirmation mail goes out in the background, holding no
 * database lock; the payment never waits for it and a mailer that fails is only logged.
 */
export function queueTicketMail(deps: TicketMailDeps, orderId: number): void {
  const { mail } = deps;
  if (!mail) return;
  mail.tasks.run('ticket confirmation mail', async () => {
    const ticket = await paidTicket(deps, orderId);
    if (ticket) await mail.mailer.send(await ticketMail(ticket));
  });
}
