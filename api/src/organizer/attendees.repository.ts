import { normalizeTicketCode } from '@sports/contracts';
import type { AttendeeStatus, CheckinMethod, TicketCategory } from '@sports/contracts';
import type { Queryable } from '../db';
import { SECTION_LAYOUT } from '../orders/order.repository';
import type { SectionLayoutRow } from '../orders/order.repository';
import { contains, manilaTimeSql } from '../db/sql';

export interface AttendeeFilter {
  /** Name or email (any part, any case), a transaction number (TXN-00000123, 123), a ticket's code or its seat (C25, 25). */
  search: string | null;
  status: AttendeeStatus | null;
}

export interface AttendeeRow extends SectionLayoutRow {
  ticket_id: string;
  /** Bare (K7QX3MPD9W). */
  code: string;
  order_id: number;
  first_name: string;
  last_name: string;
  email: string;
  section: string;
  seats: number[];
  category: TicketCategory;
  checked_in_at: Date | null;
  checkin_method: CheckinMethod | null;
  gate: string | null;
  time_present: string | null;
  /** For the CSV: Asia/Manila, YYYY-MM-DD HH24:MI. */
  checked_in_local: string | null;
  paid_at: Date;
  paid_local: string;
}

/** The order id a search text names as a transaction number, or null. */
export function transactionNoOf(search: string): number | null {
  const m = /^(?:TXN-?)?0*(\d{1,10})$/i.exec(search.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** The seat number a search text names as a seat (C25 or 25), or null. */
export function seatNumberOf(search: string): number | null {
  const m = /^[A-Z]{0,3}(\d{1,6})$/i.exec(search.trim());
  return m ? Number(m[1]) : null;
}

// The live tickets (one per seat) of the event ($1), which must be the organizer's ($2), each with
// its holder: the buyer, or the person it was given to.
const WHERE = `o.event_id = $1 AND o.status = 'paid' AND t.transferred_at IS NULL AND e.organizer_user_id = $2
  AND ($3::text IS NULL OR (u.first_name || ' ' || u.last_name) ILIKE $3 OR u.email ILIKE $3 OR o.id = $4 OR t.code = $5 OR t.seat_number = $6)
  AND ($7::text IS NULL OR ($7 = 'Present') = (c.ticket_id IS NOT NULL))`;

const FROM = `FROM tickets t
  JOIN orders o ON o.id = t.order_id
  JOIN events e ON e.id = o.event_id
  JOIN users u ON u.id = coalesce(t.holder_user_id, o.user_id)
  LEFT JOIN ticket_checkins c ON c.ticket_id = t.id`;

const params = (eventId: number, organizerId: number, f: AttendeeFilter): unknown[] => [
  eventId,
  organizerId,
  f.search ? contains(f.search) : null,
  f.search ? transactionNoOf(f.search) : null,
  f.search ? normalizeTicketCode(f.search) : null,
  f.search ? seatNumberOf(f.search) : null,
  f.status,
];

export async function countAttendees(db: Queryable, eventId: number, organizerId: number, f: AttendeeFilter): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} WHERE ${WHERE}`, params(eventId, organizerId, f));
  return rows[0]?.n ?? 0;
}

/** Tickets by holder name, then order and seat; `limit` null = all of them (the CSV). */
export async function findAttendees(db: Queryable, eventId: number, organizerId: number, f: AttendeeFilter, limit: number, offset: number): Promise<AttendeeRow[]> {
  const { rows } = await db.query<AttendeeRow>(
    `SELECT t.id AS ticket_id, t.code, o.id AS order_id, u.first_name, u.last_name, u.email, sec.label AS section, ${SECTION_LAYOUT},
            ARRAY[t.seat_number] AS seats, os.category,
            c.checked_in_at, c.method AS checkin_method, c.gate, ${manilaTimeSql('c.checked_in_at')} AS time_present,
            to_char(c.checked_in_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD HH24:MI') AS checked_in_local,
            o.paid_at, to_char(o.paid_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD HH24:MI') AS paid_local
     ${FROM}
     JOIN sections sec ON sec.id = o.section_id
     JOIN order_seats os ON os.order_id = t.order_id AND os.seat_number = t.seat_number
     WHERE ${WHERE}
     ORDER BY lower(u.last_name), lower(u.first_name), o.id, t.seat_number
     LIMIT $8 OFFSET $9`,
    [...params(eventId, organizerId, f), limit, offset],
  );
  return rows;
}

/** The event's tickets (seats) in all, and how many are present. */
export async function countByStatus(db: Queryable, eventId: number, organizerId: number): Promise<{ all: number; present: number }> {
  const { rows } = await db.query<{ all: number; present: number }>(
    `SELECT count(*)::int AS all, count(c.ticket_id)::int AS present ${FROM} WHERE o.event_id = $1 AND o.status = 'paid' AND t.transferred_at IS NULL AND e.organizer_user_id = $2`,
    [eventId, organizerId],
  );
  return rows[0] ?? { all: 0, present: 0 };
}

export async function findOwnEventName(db: Queryable, eventId: number, organizerId: number): Promise<string | null> {
  const { rows } = await db.query<{ title: string }>('SELECT title FROM events WHERE id = $1 AND organizer_user_id = $2', [eventId, organizerId]);
  return rows[0]?.title ?? null;
}
