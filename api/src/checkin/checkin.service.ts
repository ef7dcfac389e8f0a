// Check-in at the gate (PRODUCT §5): the scanned QR text is checked (our Ed25519 signature over
// exactly what the database holds for a paid ticket of one of the caller's events), then marked
// Present in one statement that a simultaneous second scan cannot also win. Every scan and every
// undo is written to the audit trail (ticket.checked_in, ticket.checkin_refused with the answer,
// ticket.checkin_undone with the reason), with the check-in itself in one transaction.
import { CHECKIN_HEADLINES, CHECKIN_LOG_PAGE_SIZE, CHECKIN_QR_MAX, formatEventDateTime, formatManilaClock, formatTransactionNo } from '@sports/contracts';
import type { CheckinLogResponse, CheckinRequest, CheckinResponse, CheckinResult, SignedTicket, UndoCheckinResponse } from '@sports/contracts';
import { logAction } from '../audit/log-action';
import type { AuditTrailEntry } from '../audit/log-action';
import { seatNamesOf, ticketPayloadOf } from '../orders/order-summary';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import { AppError, notFound } from '../errors';
import { canonicalPayload, parseSignedTicket } from '../orders/ticket-signing';
import type { TicketSigner } from '../orders/ticket-signing';
import * as repo from './checkin.repository';
import type { TicketRow } from './checkin.repository';

export interface CheckinDeps {
  db: Db;
  clock: Clock;
  signer: TicketSigner;
}

export const CHECKIN_MESSAGES = {
  eventNotFound: 'Event not found',
  ticketNotFound: 'Ticket not found',
  notCheckedIn: 'This ticket is not checked in.',
} as const;

type Outcome = Omit<CheckinResponse, 'success' | 'headline'>;
/** What the scanned text turned out to be before anything is written. */
type Verdict = { genuine: TicketRow } | { refused: Outcome; ownTicket?: TicketRow };

const holderOf = (t: TicketRow): string => `${t.first_name} ${t.last_name}`;
const seatsText = (names: string[]): string => `${names.length === 1 ? 'seat' : 'seats'} ${names.join(', ')}`;

function attendeeOf(t: TicketRow): NonNullable<CheckinResponse['attendee']> {
  return { orderId: t.order_id, transactionNo: formatTransactionNo(t.order_id), name: holderOf(t), section: t.section_label, seats: t.seats, seatNames: seatNamesOf(t), event: { id: t.event_id, name: t.event_title } };
}

function refused(result: Exclude<CheckinResult, 'checked_in' | 'already_checked_in'>, message: string, ticketEvent: CheckinResponse['ticketEvent'] = null): Outcome {
  return { result, message, checkedInAt: null, attendee: null, ticketEvent };
}

/** The answer for a genuine ticket of the caller's: check it in, or find the first scan. */
async function checkIn(tx: Queryable, t: TicketRow, organizerId: number, now: Date): Promise<Outcome> {
  const attendee = attendeeOf(t);
  // Twice at most: the row we collided with may have been undone before we could read it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const at = await repo.insertCheckin(tx, t.order_id, organizerId, now);
    if (at) return { result: 'checked_in', message: `${attendee.name} · ${attendee.section}, ${seatsText(attendee.seatNames)}`, checkedInAt: at.toISOString(), attendee, ticketEvent: null };
    const first = await repo.findCheckinTime(tx, t.order_id);
    if (first) {
      return {
        result: 'already_checked_in',
        message: `First scanned at ${formatManilaClock(first)} on ${formatEventDateTime(first).slice(0, 10)}: ${attendee.name} · ${attendee.section}, ${seatsText(attendee.seatNames)}`,
        checkedInAt: first.toISOString(),
        attendee,
        ticketEvent: null,
      };
    }
  }
  throw new AppError(409, 'The ticket changed while it was scanned. Scan it again.');
}

/**
 * POST /api/organizer/checkins. Answers, in the order they are decided:
 *   unreadable  not a ticket's QR text (or longer than any of ours)
 *   forged      no paid ticket has this id and the signature is not ours; or the content is a real
 *               ticket's but the signature is not ours
 *   not_paid    our signature, but no paid order carries this ticket id
 *   altered     the ticket id is a real ticket's but the content differs from what we issued
 *   wrong_event genuine, but another organizer's ticket, or one of the caller's other events
 *               when an event is selected
 *   checked_in / already_checked_in (with the first scan's time)
 */
export async function scanTicket(deps: CheckinDeps, organizerId: number, input: CheckinRequest, ip: string): Promise<CheckinResponse> {
  const selected = input.eventId ?? null;
  if (selected !== null && !(await repo.isOwnEvent(deps.db, selected, organizerId))) throw notFound(CHECKIN_MESSAGES.eventNotFound);
  const now = deps.clock.now();
  const text = input.qr.trim();
  const ticket = text.length > CHECKIN_QR_MAX ? null : parseSignedTicket(text);
  const verdict = ticket ? await checkScannedTicket(deps, organizerId, selected, ticket) : { refused: refused('unreadable', 'The scanned text is not a ticket QR code. Scan it again.') };

  // The trail names the ticket's event and order only when they are the caller's.
  const own = 'genuine' in verdict ? verdict.genuine : (verdict.ownTicket ?? null);
  // A refusal keeps its answer (data.result); every scan keeps the ticket id it read and the
  // event selected when scanning.
  const entry = (result: CheckinResult): AuditTrailEntry => ({
    at: now,
    actorId: organizerId,
    action: result === 'checked_in' ? 'ticket.checked_in' : 'ticket.checkin_refused',
    subject: { eventId: own?.event_id ?? null, orderId: own?.order_id ?? null },
    data: { ...(result === 'checked_in' ? {} : { result }), ticket_id: ticket?.ticket_id ?? null, selected_event_id: selected },
    ip,
  });
  let outcome: Outcome;
  if ('genuine' in verdict) {
    outcome = await deps.db.withTransaction(async (tx) => {
      const done = await checkIn(tx, verdict.genuine, organizerId, now);
      await logAction(tx, entry(done.result));
      return done;
    });
  } else {
    outcome = verdict.refused;
    await logAction(deps.db, entry(outcome.result));
  }
  return { success: true, headline: CHECKIN_HEADLINES[outcome.result], ...outcome };
}

/** Whether a scanned ticket may come in: issued by us, unaltered, paid, and for the organizer's (selected) event. */
async function checkScannedTicket(deps: CheckinDeps, organizerId: number, selected: number | null, ticket: SignedTicket): Promise<Verdict> {
  const { sig, ...claimed } = ticket;
  const signatureOk = deps.signer.verify(claimed, sig);
  const row = await repo.findPaidTicket(deps.db, claimed.ticket_id, organizerId);
  if (!row) return { refused: signatureOk ? refused('not_paid', 'No paid order carries this ticket.') : refused('forged', FORGED) };
  const ownTicket = row.own ? row : undefined;
  const issued = canonicalPayload(ticketPayloadOf(row, row.payment_method, claimed.ticket_id)) === canonicalPayload(claimed);
  if (!issued) return { refused: refused('altered', 'This ticket was changed after it was issued. Do not let it in.'), ownTicket };
  if (!signatureOk) return { refused: refused('forged', FORGED), ownTicket };
  if (!row.own) return { refused: refused('wrong_event', 'This ticket is not for any of your events.') };
  if (selected !== null && row.event_id !== selected) {
    return { refused: refused('wrong_event', `This ticket is for ${row.event_title}.`, { id: row.event_id, name: row.event_title }), ownTicket };
  }
  return { genuine: row };
}

const FORGED = 'This code was not issued by us. Do not let it in.';

/** POST /api/organizer/checkins/:orderId/undo: the attendee is Absent again; the reason is logged. */
export async function undoCheckin(deps: CheckinDeps, organizerId: number, orderId: number, reason: string, ip: string): Promise<UndoCheckinResponse> {
  const now = deps.clock.now();
  return deps.db.withTransaction(async (tx) => {
    const undone = await repo.deleteCheckin(tx, orderId, organizerId);
    if (!undone) {
      if (await repo.isOwnPaidOrder(tx, orderId, organizerId)) throw new AppError(409, CHECKIN_MESSAGES.notCheckedIn);
      throw notFound(CHECKIN_MESSAGES.ticketNotFound);
    }
    await logAction(tx, {
      at: now,
      actorId: organizerId,
      action: 'ticket.checkin_undone',
      subject: { eventId: undone.event_id, orderId },
      data: { ticket_id: undone.ticket_id, reason },
      ip,
    });
    return { success: true, orderId, status: 'Absent', undoneCheckedInAt: undone.checked_in_at.toISOString() };
  });
}

export async function checkinLog(db: Queryable, organizerId: number, eventId: number, page: number): Promise<Omit<CheckinLogResponse, 'success'>> {
  if (!(await repo.isOwnEvent(db, eventId, organizerId))) throw notFound(CHECKIN_MESSAGES.eventNotFound);
  const pageSize = CHECKIN_LOG_PAGE_SIZE;
  const [total, rows] = await Promise.all([repo.countLog(db, organizerId, eventId), repo.findLog(db, organizerId, eventId, pageSize, (page - 1) * pageSize)]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      result: r.result,
      by: `${r.by_first} ${r.by_last}`,
      transactionNo: r.order_id !== null ? formatTransactionNo(r.order_id) : null,
      attendee: r.holder_first !== null && r.holder_last !== null ? `${r.holder_first} ${r.holder_last}` : null,
      reason: r.reason,
    })),
    page,
    pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}
