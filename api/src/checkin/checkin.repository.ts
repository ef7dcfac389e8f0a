import type { CheckinLogAction, CheckinLogResult, PaymentMethod } from '@sports/contracts';
import type { Queryable } from '../db';
import { SECTION_LAYOUT } from '../orders/order.repository';

/** A paid ticket found by its id, whoever's event it is (`own` says whether it is the caller's). */
export interface TicketRow {
  order_id: number;
  event_id: number;
  section_id: number;
  seats: number[];
  total_amount: number;
  /** null for a free ticket. */
  payment_method: PaymentMethod | null;
  own: boolean;
  event_title: string;
  section_label: string;
  /** The section's layout, for seat names (SECTION_LAYOUT of orders/order.repository). */
  section_capacity: number;
  section_level: 'upper' | 'lower';
  section_rows: number | null;
  first_name: string;
  last_name: string;
}

export async function findPaidTicket(db: Queryable, ticketId: string, organizerId: number): Promise<TicketRow | null> {
  const { rows } = await db.query<TicketRow>(
    `SELECT o.id AS order_id, o.event_id, o.section_id, o.total_amount::float8 AS total_amount, o.payment_method,
            ARRAY(SELECT os.seat_number FROM order_seats os WHERE os.order_id = o.id ORDER BY os.seat_number) AS seats,
            e.organizer_user_id IS NOT DISTINCT FROM $2::int AS own, e.title AS event_title, sec.label AS section_label, ${SECTION_LAYOUT},
            u.first_name, u.last_name
     FROM orders o
     JOIN events e ON e.id = o.event_id
     JOIN sections sec ON sec.id = o.section_id
     JOIN users u ON u.id = o.user_id
     WHERE o.ticket_id = $1 AND o.status = 'paid'`,
    [ticketId, organizerId],
  );
  return rows[0] ?? null;
}

/**
 * THE check-in: one statement that marks the ticket Present only when it is a paid order of one
 * of the caller's events and not yet checked in. The primary key of ticket_checkins decides
 * between simultaneous scans: the second waits for the first and then inserts nothing.
 * Returns the check-in time, or null when nothing was inserted.
 */
export async function insertCheckin(db: Queryable, orderId: number, organizerId: number, now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ checked_in_at: Date }>(
    `INSERT INTO ticket_checkins (order_id, checked_in_at, checked_in_by)
     SELECT o.id, $3, $2 FROM orders o JOIN events e ON e.id = o.event_id
     WHERE o.id = $1 AND o.status = 'paid' AND e.organizer_user_id = $2
     ON CONFLICT (order_id) DO NOTHING
     RETURNING checked_in_at`,
    [orderId, organizerId, now],
  );
  return rows[0]?.checked_in_at ?? null;
}

export async function findCheckinTime(db: Queryable, orderId: number): Promise<Date | null> {
  const { rows } = await db.query<{ checked_in_at: Date }>('SELECT checked_in_at FROM ticket_checkins WHERE order_id = $1', [orderId]);
  return rows[0]?.checked_in_at ?? null;
}

/** Undo: removes the check-in of one of the caller's tickets; null when there was none to remove. */
export async function deleteCheckin(db: Queryable, orderId: number, organizerId: number): Promise<{ checked_in_at: Date; event_id: number; ticket_id: string } | null> {
  const { rows } = await db.query<{ checked_in_at: Date; event_id: number; ticket_id: string }>(
    `DELETE FROM ticket_checkins c USING orders o, events e
     WHERE c.order_id = $1 AND o.id = c.order_id AND e.id = o.event_id AND e.organizer_user_id = $2
     RETURNING c.checked_in_at, o.event_id, o.ticket_id`,
    [orderId, organizerId],
  );
  return rows[0] ?? null;
}

export async function isOwnPaidOrder(db: Queryable, orderId: number, organizerId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM orders o JOIN events e ON e.id = o.event_id WHERE o.id = $1 AND o.status = 'paid' AND e.organizer_user_id = $2`,
    [orderId, organizerId],
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
  order_id: number | null;
  holder_first: string | null;
  holder_last: string | null;
  reason: string | null;
}

// The caller's check-in rows of the audit trail about one of their events: scans of its tickets,
// and scans made with it selected (a partial index of audit_trail answers each side of the OR).
// A row reads as a scan with its result (a refusal's is data.result) or as an undo ('undone',
// with data.reason).
const LOG_WHERE = `l.actor_user_id = $1 AND l.action IN ('ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone')
  AND (l.event_id = $2 OR (l.data ->> 'selected_event_id')::integer = $2)`;

export async function countLog(db: Queryable, organizerId: number, eventId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_trail l WHERE ${LOG_WHERE}`, [organizerId, eventId]);
  return rows[0]?.n ?? 0;
}

export async function findLog(db: Queryable, organizerId: number, eventId: number, limit: number, offset: number): Promise<LogRow[]> {
  const { rows } = await db.query<LogRow>(
    `SELECT l.id::int AS id, l.at,
            CASE l.action WHEN 'ticket.checkin_undone' THEN 'undo' ELSE 'scan' END AS action,
            CASE l.action WHEN 'ticket.checked_in' THEN 'checked_in' WHEN 'ticket.checkin_undone' THEN 'undone' ELSE l.data ->> 'result' END AS result,
            by_u.first_name AS by_first, by_u.last_name AS by_last,
            l.order_id, holder.first_name AS holder_first, holder.last_name AS holder_last, l.data ->> 'reason' AS reason
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
