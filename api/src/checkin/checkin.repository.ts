import type { CheckinLogAction, CheckinLogResult, CheckinMethod, PaymentMethod, TicketCategory } from '@sports/contracts';
import type { Queryable } from '../db';
import { EVENT_DOORS } from '../db/event-sql';
import { SECTION_LAYOUT } from '../orders/order.repository';
import type { SectionLayoutRow } from '../orders/order.repository';
import { TICKET_STATE } from '../orders/ticket-admission';

/** A seat's ticket found by its id, its code or its order's one QR, whoever's event it is (`own` says whether it is the caller's). */
export interface TicketRow extends SectionLayoutRow {
  ticket_id: string;
  /** Bare (K7QX3MPD9W). */
  code: string;
  seat: number;
  category: TicketCategory;
  order_id: number;
  /** Whether it admits: TICKET_STATE ('valid', or the reason it does not). */
  state: string;
  event_id: number;
  section_id: number;
  /** The order's seats (SPEC's payload is about the order). */
  seats: number[];
  total_amount: number;
  /** null for a free ticket. */
  payment_method: PaymentMethod | null;
  own: boolean;
  event_title: string;
  section_label: string;
  first_name: string;
  last_name: string;
  /** The event's check-in window. */
  doors_open_at: Date;
  doors_close_at: Date;
  /** Its check-in, when it has one: when, how and at which gate. */
  checked_in_at: Date | null;
  checkin_method: CheckinMethod | null;
  checkin_gate: string | null;
}

/** How a scan names its ticket(s): a seat's ticket id, a typed code, or an order's one QR from before tickets per seat. */
export type TicketKey = { ticketId: string } | { code: string } | { orderTicketId: string };

function keyWhere(key: TicketKey): [string, string] {
  if ('ticketId' in key) return ['t.id = $1', key.ticketId];
  if ('code' in key) return ['t.code = $1', key.code];
  // An order's one QR admits the seats its buyer still holds.
  return ['o.ticket_id = $1 AND t.transferred_at IS NULL AND t.holder_user_id IS NULL', key.orderTicketId];
}

/** The tickets `key` names, in seat order (several only for an order's one QR). */
export async function findTickets(db: Queryable, key: TicketKey, organizerId: number): Promise<TicketRow[]> {
  const [where, value] = keyWhere(key);
  const { rows } = await db.query<TicketRow>(
    `SELECT t.id AS ticket_id, t.code, t.seat_number AS seat, ts.category, o.id AS order_id, ${TICKET_STATE} AS state,
            o.event_id, o.section_id, o.total_amount::float8 AS total_amount, o.payment_method,
            ARRAY(SELECT os.seat_number FROM order_seats os WHERE os.order_id = o.id ORDER BY os.seat_number) AS seats,
            e.organizer_user_id IS NOT DISTINCT FROM $2::int AS own, e.title AS event_title, sec.label AS section_label, ${SECTION_LAYOUT},
            u.first_name, u.last_name, c.checked_in_at, c.method AS checkin_method, c.gate AS checkin_gate,
            ${EVENT_DOORS}
     FROM tickets t
     LEFT JOIN ticket_checkins c ON c.ticket_id = t.id
     JOIN order_seats ts ON ts.order_id = t.order_id AND ts.seat_number = t.seat_number
     JOIN orders o ON o.id = t.order_id
     JOIN events e ON e.id = o.event_id
     JOIN sections sec ON sec.id = o.section_id
     JOIN users u ON u.id = coalesce(t.holder_user_id, o.user_id)
     WHERE ${where}
     ORDER BY t.seat_number`,
    [value, organizerId],
  );
  return rows;
}

export interface CheckinMark {
  organizerId: number;
  at: Date;
  method: CheckinMethod;
  gate: string | null;
  overridden: boolean;
}

/**
 * THE check-in: one statement that marks each ticket Present only when it is a ticket of a paid
 * order of one of the caller's events (not cancelled), not given to someone else and not yet checked in. It
 * share-locks the tickets, so a transfer of one of them (which locks it) happens before or after. The primary key of ticket_checkins
 * decides between simultaneous scans: the second waits for the first and then inserts nothing.
 * Returns the tickets it checked in.
 */
export async function insertCheckins(db: Queryable, ticketIds: string[], mark: CheckinMark): Promise<string[]> {
  const { rows } = await db.query<{ ticket_id: string }>(
    `INSERT INTO ticket_checkins (ticket_id, checked_in_at, checked_in_by, method, gate, overridden)
     SELECT t.id, $3, $2, $4, $5, $6
     FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = o.event_id
     WHERE t.id = ANY ($1::text[]) AND o.status = 'paid' AND t.transferred_at IS NULL AND e.cancelled_at IS NULL AND e.organizer_user_id = $2
     ORDER BY t.id
     FOR SHARE OF t
     ON CONFLICT (ticket_id) DO NOTHING
     RETURNING ticket_id`,
    [ticketIds, mark.organizerId, mark.at, mark.method, mark.gate, mark.overridden],
  );
  return rows.map((r) => r.ticket_id);
}

/** Where and how a check-in was made. */
export interface CheckinPlace {
  checked_in_at: Date;
  method: CheckinMethod;
  gate: string | null;
}

/** The earliest check-in among these tickets, with how and at which gate it was made. */
export async function findFirstCheckin(db: Queryable, ticketIds: string[]): Promise<CheckinPlace | null> {
  const { rows } = await db.query<CheckinPlace>(
    'SELECT checked_in_at, method, gate FROM ticket_checkins WHERE ticket_id = ANY ($1::text[]) ORDER BY checked_in_at, ticket_id LIMIT 1',
    [ticketIds],
  );
  return rows[0] ?? null;
}

/** Undo: removes the check-in of one of the caller's tickets; null when there was none to remove. */
export async function deleteCheckin(db: Queryable, ticketId: string, organizerId: number): Promise<{ checked_in_at: Date; event_id: number; order_id: number } | null> {
  const { rows } = await db.query<{ checked_in_at: Date; event_id: number; order_id: number }>(
    `DELETE FROM ticket_checkins c USING tickets t, orders o, events e
     WHERE c.ticket_id = $1 AND t.id = c.ticket_id AND o.id = t.order_id AND e.id = o.event_id AND e.organizer_user_id = $2
     RETURNING c.checked_in_at, o.event_id, o.id AS order_id`,
    [ticketId, organizerId],
  );
  return rows[0] ?? null;
}

export async function isOwnPaidTicket(db: Queryable, ticketId: string, organizerId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = o.event_id
     WHERE t.id = $1 AND o.status = 'paid' AND e.organizer_user_id = $2`,
    [ticketId, organizerId],
  );
  return (rowCount ?? 0) > 0;
}

export interface LogRow {
  id: number;
  at: Date;
  action: CheckinLogAction;
  result: CheckinLogResult;
  by_first: string;
  by_last: string;
  gate: string | null;
  order_id: number | null;
  holder_first: string | null;
  holder_last: string | null;
  seat_names: string[];
  overridden: boolean;
  reason: string | null;
  detail: string | null;
}

/** The check-in actions of the audit trail. */
export const CHECKIN_TRAIL_ACTIONS = `('ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone', 'ticket.checkin_conflict')`;

// The caller's check-in rows of the audit trail about one of their events: scans of its tickets,
// and scans made with it selected (a partial index of audit_trail answers each side of the OR).
// A row reads as a scan (by scan, by hand or at a gate: data.method) with its result (a refusal's
// is data.result), an undo ('undone', with data.reason) or a conflict between gates (data.detail).
const LOG_WHERE = `l.actor_user_id = $1 AND l.action IN ${CHECKIN_TRAIL_ACTIONS}
  AND (l.event_id = $2 OR (l.data ->> 'selected_event_id')::integer = $2)`;

export async function countLog(db: Queryable, organizerId: number, eventId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_trail l WHERE ${LOG_WHERE}`, [organizerId, eventId]);
  return rows[0]?.n ?? 0;
}

export async function findLog(db: Queryable, organizerId: number, eventId: number, limit: number, offset: number): Promise<LogRow[]> {
  const { rows } = await db.query<LogRow>(
    `SELECT l.id::int AS id, l.at,
            CASE l.action WHEN 'ticket.checkin_undone' THEN 'undo' WHEN 'ticket.checkin_conflict' THEN 'conflict'
                          ELSE coalesce(l.data ->> 'method', 'scan') END AS action,
            CASE l.action WHEN 'ticket.checked_in' THEN 'checked_in' WHEN 'ticket.checkin_undone' THEN 'undone'
                          WHEN 'ticket.checkin_conflict' THEN 'conflict' ELSE l.data ->> 'result' END AS result,
            by_u.first_name AS by_first, by_u.last_name AS by_last, l.data ->> 'gate' AS gate,
            l.order_id, holder.first_name AS holder_first, holder.last_name AS holder_last,
            ARRAY(SELECT jsonb_array_elements_text(CASE jsonb_typeof(l.data -> 'seat_names') WHEN 'array' THEN l.data -> 'seat_names' ELSE '[]' END)) AS seat_names,
            coalesce((l.data ->> 'override')::boolean, false) AS overridden,
            l.data ->> 'reason' AS reason, l.data ->> 'detail' AS detail
     FROM audit_trail l
     JOIN users by_u ON by_u.id = l.actor_user_id
     LEFT JOIN orders o ON o.id = l.order_id
     LEFT JOIN users holder ON holder.id = o.user_id
     WHERE ${LOG_WHERE}
     ORDER BY l.id DESC
     LIMIT $3 OFFSET $4`,
    [organizerId, eventId, limit, offset],
  );
  return rows;
}

export async function isOwnEvent(db: Queryable, eventId: number, organizerId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM events WHERE id = $1 AND organizer_user_id = $2', [eventId, organizerId]);
  return (rowCount ?? 0) > 0;
}
