// The mail a ticket holder gets when their event moves (another date, time or venue): what it was,
// what it is now, and the order's calendar file again with the same UID and a higher SEQUENCE, so
// the calendar that imported the ticket moves its entry. The tickets stay valid.
import { formatTransactionNo, refundPolicyText } from '@sports/contracts';
import type { Queryable } from '../db';
import type { Clock } from '../clock';
import type { TicketSigner } from '../orders/ticket-signing';
import { calendarFileName } from '../orders/calendar';
import type { MailMessage } from './mailer';
import { enqueueMail } from './mail-queue';
import { paidTicket } from './ticket-mail';
import { findGuestHolders } from '../orders/ticket-holders';

/** When and where an event plays, as the mail says it. */
export interface Schedule {
  startsAt: Date;
  hasTime: boolean;
  /** The venue and its address as one line. */
  place: string;
}

export interface Move {
  eventId: number;
  /** schedule_sequence after the move. */
  sequence: number;
  title: string;
  before: Schedule;
  after: Schedule;
  refundDaysBefore: number | null;
  at: Date;
}

/** A start as people read it in Manila: 'Sat, Dec 12, 2026, 6:00 PM' (the day only without a time). */
export function manilaWhen(startsAt: Date, hasTime: boolean): string {
  return startsAt.toLocaleString('en-US', {
    timeZone: 'Asia/Manila',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(hasTime ? { hour: 'numeric', minute: '2-digit' } : {}),
  });
}

export function rescheduledSubject(move: Pick<Move, 'title' | 'before' | 'after'>): string {
  const moved = move.before.startsAt.getTime() !== move.after.startsAt.getTime() || move.before.hasTime !== move.after.hasTime;
  return moved ? `Moved: ${move.title} is now on ${manilaWhen(move.after.startsAt, move.after.hasTime)}` : `Moved: ${move.title} is now at ${move.after.place}`;
}

/** One key per order and move: telling the same move twice queues its mail once. */
export const rescheduledMailKey = (eventId: number, sequence: number, orderId: number): string => `rescheduled:${eventId}:${sequence}:${orderId}`;

/**
 * Queues, on `db` (the move's transaction), one mail per paid order in `orderIds` to its buyer, and
 * one to each person holding a ticket of the event given to them. Returns how many were queued.
 */
export async function queueRescheduledMails(deps: { db: Queryable; clock: Clock; signer: TicketSigner }, move: Move, orderIds: readonly number[]): Promise<number> {
  let queued = 0;
  for (const orderId of orderIds) {
    const ticket = await paidTicket(deps, orderId, undefined, move.at);
    if (!ticket) continue;
    const { row, context, seatNames } = ticket;
    const mail: MailMessage = {
      to: context.email,
      subject: rescheduledSubject(move),
      text: [
        `Hi ${context.first_name},`,
        '',
        `${move.title} has moved. Your tickets stay valid: keep them, there is nothing to book again.`,
        '',
        `Was: ${manilaWhen(move.before.startsAt, move.before.hasTime)}, ${move.before.place}`,
        `Now: ${manilaWhen(move.after.startsAt, move.after.hasTime)}, ${move.after.place}`,
        '',
        `Order number: ${formatTransactionNo(row.id)}`,
        `Section: ${row.section_label}`,
        `Seats: ${seatNames.join(', ')}`,
        `Refund policy: ${refundPolicyText(move.refundDaysBefore)}`,
        '',
        `${calendarFileName(row.id)} moves the event in your calendar. Your tickets are also under My Tickets whenever you sign in.`,
        '',
        'Sports Complex Tickets',
      ].join('\n'),
      attachments: [{ filename: calendarFileName(row.id), contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(ticket.calendar, 'utf8') }],
    };
    if (await enqueueMail(deps.db, mail, rescheduledMailKey(move.eventId, move.sequence, orderId))) queued += 1;
  }
  for (const holder of await findGuestHolders(deps.db, move.eventId)) {
    const mail: MailMessage = {
      to: holder.email,
      subject: rescheduledSubject(move),
      text: [
        `Hi ${holder.first_name},`,
        '',
        `${move.title}, for which you were given a ticket, has moved. Your ticket stays valid: it is under My Tickets whenever you sign in.`,
        '',
        `Was: ${manilaWhen(move.before.startsAt, move.before.hasTime)}, ${move.before.place}`,
        `Now: ${manilaWhen(move.after.startsAt, move.after.hasTime)}, ${move.after.place}`,
        '',
        'Sports Complex Tickets',
      ].join('\n'),
    };
    if (await enqueueMail(deps.db, mail, `rescheduled:${move.eventId}:${move.sequence}:holder:${holder.user_id}`)) queued += 1;
  }
  return queued;
}
