// What the gate answers for one scanned QR text or typed code, from its own copy alone: the
// signature (checked in the browser), the event, the ticket's state, its check-in, and the window.
import { CHECKIN_HEADLINES, formatManilaClockNear, idCheckText, normalizeTicketCode, parseTicketQr } from '@sports/contracts';
import type { CheckinResult, GateTicket } from '@sports/contracts';
import type { GateCopy } from './gate-store';
import type { TicketVerifier } from './gate-verify';

/** The copy, indexed for answers in microseconds. */
export interface GateBook {
  copy: GateCopy;
  byId: Map<string, GateTicket>;
  byCode: Map<string, GateTicket>;
  legacy: Map<string, readonly string[]>;
  opensAt: number;
  closesAt: number;
}

export function indexCopy(copy: GateCopy): GateBook {
  const byId = new Map<string, GateTicket>();
  const byCode = new Map<string, GateTicket>();
  for (const ticket of copy.tickets) {
    byId.set(ticket.ticketId, ticket);
    const bare = normalizeTicketCode(ticket.code);
    if (bare) byCode.set(bare, ticket);
  }
  return {
    copy,
    byId,
    byCode,
    legacy: new Map(Object.entries(copy.legacyOrders)),
    opensAt: Date.parse(copy.window.opensAt),
    closesAt: Date.parse(copy.window.closesAt),
  };
}

export interface GateAnswer {
  result: CheckinResult;
  headline: string;
  message: string;
  /** The tickets it is about: those admitted (checked_in), or those it refuses, when known. */
  tickets: GateTicket[];
  /** "Admit anyway" would admit them (too_early, too_late). */
  overridable: boolean;
  overridden: boolean;
  /** For admitted tickets other than Regular: 'Check ID: Senior Citizen' (the API's words); null otherwise. */
  idCheck: string | null;
}

const ORDER_STATE_RESULTS: Readonly<Record<string, CheckinResult>> = {
  cancelled: 'cancelled',
  refunded: 'refunded',
  refund_pending: 'refunded',
  transferred: 'transferred',
};

/** A time of day in Manila (5:00 PM), with its date when it is not today's: the API's words. */
export function manilaTime(at: number, now: number): string {
  return formatManilaClockNear(new Date(at), new Date(now));
}

function who(tickets: readonly GateTicket[]): string {
  const first = tickets[0];
  if (!first) return '';
  const seats = tickets.map((t) => t.seatName).join(', ');
  return `${first.holder} · ${first.section} · ${tickets.length === 1 ? 'seat' : 'seats'} ${seats}`;
}

function answer(result: CheckinResult, message: string, tickets: GateTicket[] = [], extra: Partial<GateAnswer> = {}): GateAnswer {
  return { result, headline: CHECKIN_HEADLINES[result], message, tickets, overridable: false, overridden: false, idCheck: null, ...extra };
}

/** Finds the tickets a text names, or the answer that refuses it before any ticket is known. */
async function lookUp(text: string, book: GateBook, verify: TicketVerifier): Promise<GateTicket[] | GateAnswer> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const signed = parseTicketQr(trimmed);
    if (!signed) return answer('unreadable', 'This QR code is not a ticket of ours.');
    if (!(await verify(signed))) return answer('forged', 'The signature does not match: do not admit.');
    if (signed.event_id !== book.copy.event.id) return answer('wrong_event', `This ticket is for another event, not ${book.copy.event.name}.`);
    if (signed.seat !== undefined) {
      const ticket = book.byId.get(signed.ticket_id);
      return ticket ? [ticket] : answer('not_found', 'No ticket of this event has this id in the gate’s copy.');
    }
    // An order's one QR from before tickets per seat: every seat of that order.
    const ids = book.legacy.get(signed.ticket_id) ?? [];
    const tickets = ids.map((id) => book.byId.get(id)).filter((t): t is GateTicket => t !== undefined);
    return tickets.length > 0 ? tickets : answer('not_found', 'No ticket of this event has this id in the gate’s copy.');
  }
  const code = normalizeTicketCode(trimmed);
  if (!code) return answer('unreadable', 'Scan the QR code, or type the ticket’s 10-character code.');
  const ticket = book.byCode.get(code);
  return ticket ? [ticket] : answer('not_found', 'No ticket of this event has this code.');
}

/**
 * The gate's answer at `now` (ms). `override`: "Admit anyway" after too_early or too_late. An
 * admission (checked_in) is for the caller to record; this only decides.
 */
export async function decide(text: string, book: GateBook, verify: TicketVerifier, now: number, override = false): Promise<GateAnswer> {
  const found = await lookUp(text, book, verify);
  if (!Array.isArray(found)) return found;
  const tickets = found;
  const refused = tickets.find((t) => t.status !== 'valid');
  if (refused) return answer(ORDER_STATE_RESULTS[refused.status] ?? 'not_paid', `${who(tickets)}: this ticket does not admit (${refused.status.replace(/_/g, ' ')}).`, tickets);
  const inAlready = tickets.find((t) => t.checkedInAt !== null);
  if (inAlready?.checkedInAt) {
    const at = Date.parse(inAlready.checkedInAt);
    const where = inAlready.gate ? ` at ${inAlready.gate}` : '';
    return answer('already_checked_in', `${who(tickets)}: checked in${where} at ${manilaTime(at, now)}.`, tickets);
  }
  if (!override && now < book.opensAt) {
    return answer('too_early', `Too early: doors open at ${manilaTime(book.opensAt, now)}`, tickets, { overridable: true });
  }
  if (!override && now > book.closesAt) {
    return answer('too_late', `Too late: doors closed at ${manilaTime(book.closesAt, now)}`, tickets, { overridable: true });
  }
  const outside = now < book.opensAt || now > book.closesAt;
  return answer('checked_in', who(tickets), tickets, { overridden: override && outside, idCheck: idCheckText(tickets.map((t) => t.category)) });
}
