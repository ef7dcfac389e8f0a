// Whether a ticket admits: the one rule that verify, the ticket's page, scans, typed codes, check-in
// by hand, the offline gate's copy and its sync all read (docs/checkin.md). The state is worked
// out in SQL (TICKET_STATE), in the same statement that finds the ticket, so the check-in hot path
// pays no extra query; ticketRefusal is the decision taken on it.
import type { TicketRefusal } from '@sports/contracts';
import type { Queryable } from '../db';

/** A ticket that admits; anything else is a TicketRefusal. */
export const TICKET_VALID = 'valid';
export type TicketState = typeof TICKET_VALID | TicketRefusal;

/**
 * A ticket's (`t`) state from its order (`o`) and event (`e`), first reason first: its event was
 * cancelled (whatever its refund's state), its order refunded or being refunded, not paid, the
 * ticket given to someone else (a pending or claimed transfer: only their new ticket admits), or valid.
 */
export const TICKET_STATE = `CASE WHEN e.cancelled_at IS NOT NULL THEN 'cancelled'
  WHEN o.status IN ('refund_pending', 'refunded') THEN 'refunded'
  WHEN o.status <> 'paid' THEN 'not_paid'
  WHEN t.transferred_at IS NOT NULL THEN 'transferred'
  ELSE 'valid' END`;

/** Why a ticket in `state` does not admit; null when it does. */
export function ticketRefusal(state: string): TicketRefusal | null {
  switch (state) {
    case TICKET_VALID:
      return null;
    case 'cancelled':
    case 'refunded':
    case 'transferred':
      return state;
    default:
      return 'not_paid';
  }
}

/** What a QR names: a seat's ticket, or an order's one QR from before tickets per seat. */
export type QrKey = { ticketId: string } | { orderTicketId: string };

export interface Admission {
  state: TicketState;
  /** When every ticket the QR admits was checked in: the first of those check-ins. */
  checkedInAt: Date | null;
}

/**
 * The state of the ticket(s) a QR names; null when it names none. An order's one QR admits the
 * seats its buyer still holds: valid while one of them admits, 'transferred' once all were given.
 */
export async function findAdmission(db: Queryable, key: QrKey): Promise<Admission | null> {
  const where = 'ticketId' in key ? 't.id = $1' : 'o.ticket_id = $1 AND t.holder_user_id IS NULL';
  const { rows } = await db.query<{ state: string; checked_in_at: Date | null }>(
    `SELECT ${TICKET_STATE} AS state, c.checked_in_at
     FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = o.event_id
     LEFT JOIN ticket_checkins c ON c.ticket_id = t.id
     WHERE ${where}`,
    ['ticketId' in key ? key.ticketId : key.orderTicketId],
  );
  const first = rows[0];
  if (!first) return null;
  const admitting = rows.filter((r) => ticketRefusal(r.state) === null);
  if (admitting.length === 0) return { state: ticketRefusal(first.state) ?? 'not_paid', checkedInAt: null };
  const times = admitting.map((r) => r.checked_in_at);
  const allIn = times.every((at): at is Date => at !== null);
  return { state: TICKET_VALID, checkedInAt: allIn ? new Date(Math.min(...times.map((at) => at.getTime()))) : null };
}
