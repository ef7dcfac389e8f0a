import type { EventStatus, Genre } from '@sports/contracts';
import type { Queryable } from '../db';
import { fieldParams } from './organizer-events.repository';
import type { EventFields } from './organizer-events.repository';

/** An Approved event of the caller as it stands before a change, locked for the change's transaction. */
export interface ChangeTargetRow {
  status: EventStatus;
  title: string;
  description: string;
  genre: Genre;
  banner_id: string | null;
  venue_name: string | null;
  street_name: string | null;
  city_code: string | null;
  barangay_code: string | null;
  starts_at: Date;
  ends_at: Date | null;
  has_time: boolean;
  price: number;
  checkin_opens_minutes: number;
  checkin_closes_minutes: number;
  refund_days_before: number | null;
  schedule_sequence: number;
  postponed_from: Date | null;
  cancelled: boolean;
  started: boolean;
  paid_orders: number;
}

/**
 * The caller's event, its row locked until the transaction ends (FOR NO KEY UPDATE: bookings
 * that only reference the event neither wait for it nor block it); null when it is not theirs.
 */
export async function lockChangeTarget(db: Queryable, organizerId: number, eventId: number, now: Date): Promise<ChangeTargetRow | null> {
  const { rows } = await db.query<ChangeTargetRow>(
    `SELECT e.status, e.title, e.description, e.genre, e.banner_id, e.venue_name, e.street_name, e.city_code, e.barangay_code,
            e.starts_at, e.ends_at, e.has_time, e.price::float8 AS price, e.checkin_opens_minutes, e.checkin_closes_minutes,
            e.refund_days_before, e.schedule_sequence, e.postponed_from, e.cancelled_at IS NOT NULL AS cancelled, e.starts_at <= $3 AS started,
            (SELECT count(*)::int FROM orders o WHERE o.event_id = e.id AND o.status = 'paid') AS paid_orders
     FROM events e
     WHERE e.id = $2 AND e.organizer_user_id = $1
     FOR NO KEY UPDATE OF e`,
    [organizerId, eventId, now],
  );
  return rows[0] ?? null;
}

/**
 * Writes the change to the locked Approved event. A change of schedule (`rescheduled`) raises
 * schedule_sequence and keeps the first announced start in postponed_from, cleared when the event
 * is moved back to it. Returns the sequence after the change.
 */
export async function updateApprovedEvent(db: Queryable, eventId: number, f: EventFields, rescheduled: boolean): Promise<number> {
  const { rows } = await db.query<{ schedule_sequence: number }>(
    `UPDATE events SET title = $1, description = $2, genre = $3, banner_id = $4, venue_name = $5, street_name = $6, city_code = $7,
                       barangay_code = $8, ends_at = $10, price = $11,
                       checkin_opens_minutes = COALESCE($12::smallint, checkin_opens_minutes),
                       checkin_closes_minutes = COALESCE($13::smallint, checkin_closes_minutes),
                       refund_days_before = CASE WHEN $15::boolean THEN $14::smallint ELSE refund_days_before END,
                       postponed_from = CASE WHEN starts_at = $9 THEN postponed_from
                                             WHEN COALESCE(postponed_from, starts_at) = $9 THEN NULL
                                             ELSE COALESCE(postponed_from, starts_at) END,
                       starts_at = $9, has_time = true,
                       schedule_sequence = schedule_sequence + CASE WHEN $17::boolean THEN 1 ELSE 0 END
     WHERE id = $16 AND status = 'Approved' AND cancelled_at IS NULL
     RETURNING schedule_sequence`,
    [...fieldParams(f), eventId, rescheduled],
  );
  const row = rows[0];
  if (!row) throw new Error('the locked event was not updated');
  return row.schedule_sequence;
}

/** The ids of the event's paid orders, oldest first: one mail each when it moves. */
export async function findPaidOrderIds(db: Queryable, eventId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM orders WHERE event_id = $1 AND status = 'paid' ORDER BY id`, [eventId]);
  return rows.map((r) => r.id);
}

/** The names of a place's barangay and city (the mail and the audit say them, not their codes). */
export async function findPlaceNames(db: Queryable, barangayCode: string | null, cityCode: string | null): Promise<{ barangay: string | null; city: string | null }> {
  const { rows } = await db.query<{ barangay: string | null; city: string | null }>(
    `SELECT (SELECT name FROM barangays WHERE code = $1) AS barangay, (SELECT name FROM cities WHERE code = $2) AS city`,
    [barangayCode, cityCode],
  );
  return rows[0] ?? { barangay: null, city: null };
}
