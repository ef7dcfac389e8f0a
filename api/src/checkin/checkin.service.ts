// Check-in at the gate (PRODUCT §5, §9), one ticket per seat. A scan names its ticket by its QR
// (our Ed25519 signature over exactly what the database holds), by its short code as typed, or by
// the one QR of an order paid before tickets per seat (which admits every seat of that order,
// once); the Attendee List checks a ticket in by hand. A ticket comes in when it admits (paid, not
// given away, its event not cancelled: ticketRefusal), it is one of the caller's events (the
// selected one, if any), it is not in already (said before anything about the doors) and the
// event's doors are open (or the organizer admits it anyway, a second deliberate action); the
// rules are docs/checkin.md. It is then marked Present in one
// statement that a simultaneous second scan cannot also win. Every scan, refusal and undo is
// written to the audit trail with the check-in itself, in one transaction.
import { canonicalTicketPayload, CHECKIN_HEADLINES, CHECKIN_LOG_PAGE_SIZE, CHECKIN_OVERRIDABLE, CHECKIN_QR_MAX, formatManilaClockAndDay, formatManilaClockNear, formatTicketCode, formatTransactionNo, idCheckText, normalizeTicketCode, parseTicketQr } from '@sports/contracts';
import type { CheckinLogResponse, CheckinMethod, CheckinRequest, CheckinResponse, CheckinResult, TicketRefusal, UndoCheckinResponse } from '@sports/contracts';
import { logAction } from '../audit/log-action';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import { AppError, notFound } from '../errors';
import { seatNamesOf, ticketPayloadOf } from '../orders/order-summary';
import type { TicketSigner } from '../orders/ticket-signing';
import * as repo from './checkin.repository';
import type { CheckinPlace, TicketKey, TicketRow } from './checkin.repository';
import { ticketRefusal } from '../orders/ticket-admission';

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

const FORGED = 'This code was not issued by us. Do not let it in.';

type Outcome = Omit<CheckinResponse, 'success' | 'headline'>;
/** What a scan turned out to be before anything is written: the tickets it names, or a refusal. */
type Verdict = { tickets: TicketRow[] } | { refused: Outcome; ownTicket?: TicketRow };

interface Attempt {
  organizerId: number;
  selected: number | null;
  now: Date;
  method: CheckinMethod;
  override: boolean;
  ip: string;
}

const holderOf = (t: TicketRow): string => `${t.first_name} ${t.last_name}`;
const seatsText = (names: string[]): string => `${names.length === 1 ? 'seat' : 'seats'} ${names.join(', ')}`;

function outcome(result: CheckinResult, message: string, extra: Partial<Outcome> = {}): Outcome {
  return { result, message, checkedInAt: null, attendee: null, ticketEvent: null, doors: null, overridable: false, overridden: false, idCheck: null, ...extra };
}

/** The attendee a scan is about: one seat's ticket, or every seat of an order's one QR (no ticket id). */
function attendeeOf(tickets: TicketRow[], perSeat: boolean): NonNullable<CheckinResponse['attendee']> {
  const t = tickets[0] as TicketRow;
  const names = seatNamesOf(t);
  const nameOf = new Map(t.seats.map((seat, i) => [seat, names[i] ?? String(seat)]));
  return {
    ticketId: perSeat ? t.ticket_id : null,
    code: perSeat ? formatTicketCode(t.code) : null,
    orderId: t.order_id,
    transactionNo: formatTransactionNo(t.order_id),
    name: holderOf(t),
    section: t.section_label,
    seats: tickets.map((x) => x.seat),
    seatNames: tickets.map((x) => nameOf.get(x.seat) ?? String(x.seat)),
    categories: tickets.map((x) => x.category),
    event: { id: t.event_id, name: t.event_title },
  };
}

const REFUSAL_MESSAGES: Readonly<Record<TicketRefusal, string>> = {
  cancelled: 'This event was cancelled. Do not let it in.',
  refunded: 'This order was refunded. Do not let it in.',
  transferred: 'This ticket was given to someone else; only their new ticket is valid.',
  not_paid: 'No paid order carries this ticket.',
};

/** Why a ticket in this state (TICKET_STATE) does not come in; null when it admits (docs/checkin.md). */
function stateRefusal(state: string): Outcome | null {
  const refusal = ticketRefusal(state);
  return refusal ? outcome(refusal, REFUSAL_MESSAGES[refusal]) : null;
}

/** Where a check-in was made, as answers and the log say it. */
export function placeOf(c: { method: string; gate: string | null }): string {
  if (c.gate) return c.gate;
  return c.method === 'hand' ? 'by hand on the list' : 'an online scan';
}

/** The answer for tickets already in: when and where the first of them was checked in. */
function alreadyIn(first: CheckinPlace, attendee: NonNullable<CheckinResponse['attendee']>): Outcome {
  const where = first.gate ? ` at ${first.gate}` : first.method === 'hand' ? ' (by hand on the list)' : '';
  const firstScan = `First scanned at ${formatManilaClockAndDay(first.checked_in_at)}${where}`;
  return outcome('already_checked_in', `${firstScan}: ${attendee.name} · ${attendee.section}, ${seatsText(attendee.seatNames)}`, { checkedInAt: first.checked_in_at.toISOString(), attendee });
}

/** The first check-in of these tickets when every one of them is in (from the rows just read); null otherwise. */
function allCheckedIn(tickets: readonly TicketRow[]): CheckinPlace | null {
  let first: CheckinPlace | null = null;
  for (const t of tickets) {
    if (!t.checked_in_at || !t.checkin_method) return null;
    if (!first || t.checked_in_at < first.checked_in_at) first = { checked_in_at: t.checked_in_at, method: t.checkin_method, gate: t.checkin_gate };
  }
  return first;
}

/** The doors' answer when they are closed at `now`, unless the organizer admits anyway. */
function doorsRefusal(t: TicketRow, now: Date): Outcome | null {
  const doors = { opensAt: t.doors_open_at.toISOString(), closesAt: t.doors_close_at.toISOString() };
  if (now < t.doors_open_at) return outcome('too_early', `Too early: doors open at ${formatManilaClockNear(t.doors_open_at, now)}`, { doors, overridable: true });
  if (now > t.doors_close_at) return outcome('too_late', `Too late: doors closed at ${formatManilaClockNear(t.doors_close_at, now)}`, { doors, overridable: true });
  return null;
}

/** Genuine tickets of the caller's: refused for their order's state or the doors, else checked in (or found already in). */
async function admit(tx: Queryable, tickets: TicketRow[], perSeat: boolean, a: Attempt): Promise<Outcome> {
  const first = tickets[0] as TicketRow;
  const attendee = attendeeOf(tickets, perSeat);
  const refused = stateRefusal(first.state);
  if (refused) return { ...refused, attendee };
  // Already in is said before anything about the doors (docs/checkin.md).
  const inAlready = allCheckedIn(tickets);
  if (inAlready) return alreadyIn(inAlready, attendee);
  const closed = doorsRefusal(first, a.now);
  if (closed && !(a.override && CHECKIN_OVERRIDABLE.includes(closed.result))) return { ...closed, attendee };
  const overridden = closed !== null;
  const ids = tickets.map((t) => t.ticket_id);
  // Twice at most: the check-in we collided with may have been undone before we could read it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const admitted = await repo.insertCheckins(tx, ids, { organizerId: a.organizerId, at: a.now, method: a.method, gate: null, overridden });
    if (admitted.length > 0) {
      const inNow = tickets.filter((t) => admitted.includes(t.ticket_id));
      const shown = attendeeOf(inNow, perSeat);
      return outcome('checked_in', `${shown.name} · ${shown.section}, ${seatsText(shown.seatNames)}`, {
        checkedInAt: a.now.toISOString(),
        attendee: shown,
        overridden,
        idCheck: idCheckText(shown.categories),
      });
    }
    const earlier = await repo.findFirstCheckin(tx, ids);
    if (earlier) return alreadyIn(earlier, attendee);
  }
  throw new AppError(409, 'The ticket changed while it was scanned. Scan it again.');
}

/** Whether the caller may see this genuine ticket here: theirs, and of the selected event when one is. */
function placeRefusal(t: TicketRow, selected: number | null): Outcome | null {
  if (!t.own) return outcome('wrong_event', 'This ticket is not for any of your events.');
  if (selected !== null && t.event_id !== selected) return outcome('wrong_event', `This ticket is for ${t.event_title}.`, { ticketEvent: { id: t.event_id, name: t.event_title } });
  return null;
}

/** A typed short code: only the caller's own tickets are found by it (anyone else's reads as unknown). */
async function readCode(deps: CheckinDeps, a: Attempt, code: string): Promise<Verdict> {
  const tickets = await repo.findTickets(deps.db, { code }, a.organizerId);
  const t = tickets[0];
  if (!t || !t.own) return { refused: outcome('not_found', 'No ticket has this code. Check it and type it again.') };
  const wrongPlace = placeRefusal(t, a.selected);
  return wrongPlace ? { refused: wrongPlace, ownTicket: t } : { tickets };
}

/** Scanned QR text: issued by us, unaltered, and for the organizer's (selected) event. */
async function readQr(deps: CheckinDeps, a: Attempt, text: string): Promise<Verdict & { claimed: string | null; perSeat: boolean }> {
  const ticket = text.length > CHECKIN_QR_MAX ? null : parseTicketQr(text);
  if (!ticket) return { refused: outcome('unreadable', 'The scanned text is not a ticket QR code or short code. Scan or type it again.'), claimed: null, perSeat: true };
  const { sig, ...claimed } = ticket;
  const perSeat = claimed.seat !== undefined;
  const signatureOk = deps.signer.verify(claimed, sig);
  const key: TicketKey = perSeat ? { ticketId: claimed.ticket_id } : { orderTicketId: claimed.ticket_id };
  const tickets = await repo.findTickets(deps.db, key, a.organizerId);
  const t = tickets[0];
  const base = { claimed: claimed.ticket_id, perSeat };
  if (!t) return { ...base, refused: signatureOk ? outcome('not_paid', 'No paid order carries this ticket.') : outcome('forged', FORGED) };
  const ownTicket = t.own ? t : undefined;
  const issued = canonicalTicketPayload(ticketPayloadOf(t, t.payment_method, claimed.ticket_id, perSeat ? t.seat : undefined)) === canonicalTicketPayload(claimed);
  if (!issued) return { ...base, refused: outcome('altered', 'This ticket was changed after it was issued. Do not let it in.'), ownTicket };
  if (!signatureOk) return { ...base, refused: outcome('forged', FORGED), ownTicket };
  const wrongPlace = placeRefusal(t, a.selected);
  return wrongPlace ? { ...base, refused: wrongPlace, ownTicket } : { ...base, tickets };
}

/** Writes the outcome to the audit trail with the check-in itself, and answers. */
async function decide(deps: CheckinDeps, a: Attempt, verdict: Verdict, claimed: string | null, perSeat: boolean): Promise<CheckinResponse> {
  // The trail names the ticket's event and order only when they are the caller's.
  const own = 'tickets' in verdict ? verdict.tickets[0] : verdict.ownTicket;
  const record = async (tx: Queryable, answer: Outcome): Promise<void> => {
    await logAction(tx, {
      at: a.now,
      actorId: a.organizerId,
      action: answer.result === 'checked_in' ? 'ticket.checked_in' : 'ticket.checkin_refused',
      subject: { eventId: own?.event_id ?? null, orderId: own?.order_id ?? null },
      data: {
        ...(answer.result === 'checked_in' ? {} : { result: answer.result }),
        ticket_id: claimed ?? own?.ticket_id ?? null,
        seat_names: answer.attendee?.seatNames ?? [],
        selected_event_id: a.selected,
        method: a.method,
        ...(answer.overridden ? { override: true } : {}),
      },
      ip: a.ip,
    });
  };
  let answer: Outcome;
  if ('tickets' in verdict) {
    const tickets = verdict.tickets;
    answer = await deps.db.withTransaction(async (tx) => {
      const done = await admit(tx, tickets, perSeat, a);
      await record(tx, done);
      return done;
    });
  } else {
    answer = verdict.refused;
    await record(deps.db, answer);
  }
  return { success: true, headline: CHECKIN_HEADLINES[answer.result], ...answer };
}

async function selectedEvent(deps: CheckinDeps, organizerId: number, eventId: number | undefined): Promise<number | null> {
  if (eventId === undefined) return null;
  if (!(await repo.isOwnEvent(deps.db, eventId, organizerId))) throw notFound(CHECKIN_MESSAGES.eventNotFound);
  return eventId;
}

/**
 * POST /api/organizer/checkins: scanned QR text or a typed code. Answers, in the order they are decided:
 *   not_found   a typed code that names none of the caller's tickets
 *   unreadable  neither a code nor a ticket's QR text (or longer than any of ours)
 *   forged      no ticket has this id and the signature is not ours; or the content is a real
 *               ticket's but the signature is not ours
 *   not_paid    our signature, but no paid order carries this ticket id
 *   altered     the ticket id is a real ticket's but the content differs from what we issued
 *   wrong_event genuine, but another organizer's ticket, or one of the caller's other events
 *               when an event is selected
 *   cancelled, refunded, transferred   the ticket no longer admits (ticketRefusal)
 *   already_checked_in                 with the first check-in's time and gate, before any word on the doors
 *   too_early, too_late                the doors are closed (`override` admits anyway)
 *   checked_in
 */
export async function scanTicket(deps: CheckinDeps, organizerId: number, input: CheckinRequest, ip: string): Promise<CheckinResponse> {
  const a: Attempt = { organizerId, selected: await selectedEvent(deps, organizerId, input.eventId), now: deps.clock.now(), method: 'scan', override: input.override ?? false, ip };
  const text = input.qr.trim();
  const code = normalizeTicketCode(text);
  if (code !== null) return decide(deps, a, await readCode(deps, a, code), null, true);
  const read = await readQr(deps, a, text);
  return decide(deps, a, read, read.claimed, read.perSeat);
}

/** POST /api/organizer/tickets/:ticketId/checkin: Check in by hand from the Attendee List. */
export async function checkInByHand(deps: CheckinDeps, organizerId: number, ticketId: string, input: { eventId?: number; override?: boolean }, ip: string): Promise<CheckinResponse> {
  const a: Attempt = { organizerId, selected: await selectedEvent(deps, organizerId, input.eventId), now: deps.clock.now(), method: 'hand', override: input.override ?? false, ip };
  const tickets = await repo.findTickets(deps.db, { ticketId }, organizerId);
  const t = tickets[0];
  if (!t || !t.own) throw notFound(CHECKIN_MESSAGES.ticketNotFound);
  const wrongPlace = placeRefusal(t, a.selected);
  return decide(deps, a, wrongPlace ? { refused: wrongPlace, ownTicket: t } : { tickets }, ticketId, true);
}

/** POST /api/organizer/tickets/:ticketId/checkin/undo: the seat is Absent again; the reason is logged. */
export async function undoCheckin(deps: CheckinDeps, organizerId: number, ticketId: string, reason: string, ip: string): Promise<UndoCheckinResponse> {
  const now = deps.clock.now();
  return deps.db.withTransaction(async (tx) => {
    const undone = await repo.deleteCheckin(tx, ticketId, organizerId);
    if (!undone) {
      if (await repo.isOwnPaidTicket(tx, ticketId, organizerId)) throw new AppError(409, CHECKIN_MESSAGES.notCheckedIn);
      throw notFound(CHECKIN_MESSAGES.ticketNotFound);
    }
    await logAction(tx, {
      at: now,
      actorId: organizerId,
      action: 'ticket.checkin_undone',
      subject: { eventId: undone.event_id, orderId: undone.order_id },
      data: { ticket_id: ticketId, reason },
      ip,
    });
    return { success: true, ticketId, status: 'Absent', undoneCheckedInAt: undone.checked_in_at.toISOString() };
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
      gate: r.gate,
      transactionNo: r.order_id !== null ? formatTransactionNo(r.order_id) : null,
      attendee: r.holder_first !== null && r.holder_last !== null ? `${r.holder_first} ${r.holder_last}` : null,
      seatNames: r.seat_names,
      overridden: r.overridden,
      reason: r.reason,
      detail: r.detail,
    })),
    page,
    pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}
