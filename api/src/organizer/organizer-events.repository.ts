import { CHECKIN_WINDOW_LIMITS } from '@sports/contracts';
import type { EventStatus, Genre } from '@sports/contracts';
import type { Queryable } from '../db';
import { EVENT_CAPACITY, EVENT_OVER_AT, eventDateSql, eventTimeSql } from '../db/event-sql';
import { contains, manilaDateSql, manilaTimeSql } from '../db/sql';

export interface OrganizerEventRow {
  id: number;
  title: string;
  genre: Genre;
  status: EventStatus;
  rejection_reason: string | null;
  date: string;
  time: string | null;
  starts_at: Date;
  ends_at: Date | null;
  duration: string;
  time_range: string;
  price: number;
  capacity: number;
  has_plan: boolean;
  tickets_sold: number;
  started: boolean;
  cancelled_at: Date | null;
  postponed_from: Date | null;
}

export interface EventListFilter {
  search: string | null;
  eventId: number | null;
  status: EventStatus | null;
}

const LIST_WHERE = `e.organizer_user_id = $1
  AND ($2::text IS NULL OR e.title ILIKE $2)
  AND ($3::int IS NULL OR e.id = $3)
  AND ($4::text IS NULL OR e.status = $4)`;

const listParams = (organizerId: number, f: EventListFilter): unknown[] => [organizerId, f.search ? contains(f.search) : null, f.eventId, f.status];

export async function countEvents(db: Queryable, organizerId: number, f: EventListFilter): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events e WHERE ${LIST_WHERE}`, listParams(organizerId, f));
  return rows[0]?.n ?? 0;
}

/** One page of the caller's events, soonest first; dates and times as the Event List shows them. */
export async function findEvents(db: Queryable, organizerId: number, f: EventListFilter, limit: number, offset: number, now: Date): Promise<OrganizerEventRow[]> {
  const { rows } = await db.query<OrganizerEventRow>(
    `SELECT e.id, e.title, e.genre, e.status, e.rejection_reason,
            ${eventDateSql('e')} AS date, ${eventTimeSql('e')} AS time, e.starts_at, e.ends_at,
            CASE WHEN e.ends_at IS NULL OR ${manilaDateSql('e.ends_at')} = ${manilaDateSql('e.starts_at')} THEN ${manilaDateSql('e.starts_at')}
                 ELSE ${manilaDateSql('e.starts_at')} || ' - ' || ${manilaDateSql('e.ends_at')} END AS duration,
            CASE WHEN NOT e.has_time THEN 'All day'
                 WHEN e.ends_at IS NULL THEN ${manilaTimeSql('e.starts_at')}
                 ELSE ${manilaTimeSql('e.starts_at')} || ' - ' || ${manilaTimeSql('e.ends_at')} END AS time_range,
            e.price::float8 AS price,
            ${EVENT_CAPACITY} AS capacity,
            EXISTS (SELECT 1 FROM event_seat_plans p WHERE p.event_id = e.id) AS has_plan,
            (SELECT count(*)::int FROM orders o WHERE o.event_id = e.id AND o.status = 'paid') AS tickets_sold,
            e.starts_at <= $7 AS started, e.cancelled_at, e.postponed_from
     FROM events e
     WHERE ${LIST_WHERE}
     ORDER BY e.starts_at, e.id
     LIMIT $5 OFFSET $6`,
    [...listParams(organizerId, f), limit, offset, now],
  );
  return rows;
}

export interface EventOptionRow {
  id: number;
  title: string;
  status: EventStatus;
  date: string;
  starts_at: Date;
  ends_at: Date | null;
  over: boolean;
  started: boolean;
  cancelled: boolean;
  has_plan: boolean;
}

/** Every event of the caller, soonest first, with what the selectors need to know at `now`. */
export async function findEventOptions(db: Queryable, organizerId: number, now: Date): Promise<EventOptionRow[]> {
  const { rows } = await db.query<EventOptionRow>(
    `SELECT e.id, e.title, e.status, ${eventDateSql('e')} AS date, e.starts_at, e.ends_at,
            ${EVENT_OVER_AT} <= $2 AS over, e.starts_at <= $2 AS started, e.cancelled_at IS NOT NULL AS cancelled,
            EXISTS (SELECT 1 FROM event_seat_plans p WHERE p.event_id = e.id) AS has_plan
     FROM events e WHERE e.organizer_user_id = $1
     ORDER BY e.starts_at, e.id`,
    [organizerId, now],
  );
  return rows;
}

export interface EventDetailRow {
  id: number;
  title: string;
  description: string;
  genre: Genre;
  status: EventStatus;
  rejection_reason: string | null;
  banner_id: string | null;
  banner_type: 'image/png' | 'image/jpeg' | 'image/webp' | null;
  banner_width: number | null;
  banner_height: number | null;
  banner_bytes: number | null;
  venue_name: string | null;
  street_name: string | null;
  city_code: string | null;
  city_name: string | null;
  province_name: string | null;
  barangay_code: string | null;
  barangay_name: string | null;
  starts_at: Date;
  ends_at: Date | null;
  price: number;
  checkin_opens_minutes: number;
  checkin_closes_minutes: number;
  refund_days_before: number | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  postponed_from: Date | null;
  started: boolean;
  plan_rows: number | null;
  plan_columns: number | null;
  plan_capacity: number | null;
  plan_updated_at: Date | null;
}

/** One of the caller's events with everything Create Event shows; null when it is not theirs. */
export async function findEventDetail(db: Queryable, organizerId: number, eventId: number, now: Date): Promise<EventDetailRow | null> {
  const { rows } = await db.query<EventDetailRow>(
    `SELECT e.id, e.title, e.description, e.genre, e.status, e.rejection_reason,
            e.banner_id, b.content_type AS banner_type, b.width AS banner_width, b.height AS banner_height, b.byte_size AS banner_bytes,
            e.venue_name, e.street_name, e.city_code, c.name AS city_name, pr.name AS province_name,
            e.barangay_code, br.name AS barangay_name,
            e.starts_at, e.ends_at, e.price::float8 AS price, e.checkin_opens_minutes, e.checkin_closes_minutes, e.starts_at <= $3 AS started,
            e.refund_days_before, e.cancelled_at, e.cancel_reason, e.postponed_from,
            p.seat_rows AS plan_rows, p.seat_columns AS plan_columns, p.capacity AS plan_capacity, p.updated_at AS plan_updated_at
     FROM events e
     LEFT JOIN banners b ON b.id = e.banner_id
     LEFT JOIN cities c ON c.code = e.city_code
     LEFT JOIN provinces pr ON pr.code = c.province_code
     LEFT JOIN barangays br ON br.code = e.barangay_code
     LEFT JOIN event_seat_plans p ON p.event_id = e.id
     WHERE e.id = $2 AND e.organizer_user_id = $1`,
    [organizerId, eventId, now],
  );
  return rows[0] ?? null;
}

export interface EventFields {
  title: string;
  description: string;
  genre: Genre;
  bannerId: string;
  venueName: string;
  streetName: string;
  cityCode: string;
  barangayCode: string;
  startsAt: Date;
  endsAt: Date;
  price: number;
  /** Minutes before the start the doors open; null keeps the event's (a new event: the column's default). */
  checkinOpensMinutes: number | null;
  /** Minutes after the end check-in closes; null keeps the event's (a new event: the column's default). */
  checkinClosesMinutes: number | null;
  /** The refund policy (null: no refunds); undefined keeps the event's (a new event: no refunds). */
  refundDaysBefore: number | null | undefined;
}

/** The checks of the request's references, in one round trip. */
export interface ReferenceCheck {
  banner_ok: boolean;
  city_ok: boolean;
  barangay_city: string | null;
}

export async function checkReferences(db: Queryable, organizerId: number, f: Pick<EventFields, 'bannerId' | 'cityCode' | 'barangayCode'>): Promise<ReferenceCheck> {
  const { rows } = await db.query<ReferenceCheck>(
    `SELECT EXISTS (SELECT 1 FROM banners WHERE id = $2 AND uploaded_by = $1) AS banner_ok,
            EXISTS (SELECT 1 FROM cities WHERE code = $3) AS city_ok,
            (SELECT city_code FROM barangays WHERE code = $4) AS barangay_city`,
    [organizerId, f.bannerId, f.cityCode, f.barangayCode],
  );
  return rows[0] ?? { banner_ok: false, city_ok: false, barangay_city: null };
}

/** An event's fields as $1..$15 of its INSERT and UPDATE statements. */
export const fieldParams = (f: EventFields): unknown[] => [
  f.title,
  f.description,
  f.genre,
  f.bannerId,
  f.venueName,
  f.streetName,
  f.cityCode,
  f.barangayCode,
  f.startsAt,
  f.endsAt,
  f.price,
  f.checkinOpensMinutes,
  f.checkinClosesMinutes,
  f.refundDaysBefore ?? null,
  f.refundDaysBefore !== undefined,
];

/** A new request of the organizer: Pending, shown under their name. */
export async function insertEventRequest(db: Queryable, organizerId: number, f: EventFields, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO events (title, description, genre, banner_id, venue_name, street_name, city_code, barangay_code, starts_at, ends_at, price,
                         checkin_opens_minutes, checkin_closes_minutes, refund_days_before, has_time, status, organizer_user_id, organizer, created_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
            COALESCE($12::smallint, ${CHECKIN_WINDOW_LIMITS.defaultOpensMinutes}), COALESCE($13::smallint, ${CHECKIN_WINDOW_LIMITS.defaultClosesMinutes}),
            CASE WHEN $15::boolean THEN $14::smallint END,
            true, 'Pending', u.id, u.first_name || ' ' || u.last_name, $17
     FROM users u WHERE u.id = $16
     RETURNING id`,
    [...fieldParams(f), organizerId, now],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('organizer account vanished');
  return id;
}

const SET_FIELDS = `title = $1, description = $2, genre = $3, banner_id = $4, venue_name = $5, street_name = $6, city_code = $7,
  barangay_code = $8, starts_at = $9, ends_at = $10, price = $11,
  checkin_opens_minutes = COALESCE($12::smallint, checkin_opens_minutes),
  checkin_closes_minutes = COALESCE($13::smallint, checkin_closes_minutes),
  refund_days_before = CASE WHEN $15::boolean THEN $14::smallint ELSE refund_days_before END, has_time = true`;

/**
 * Rewrites the request only while it is the caller's and still Pending, in one statement: an
 * admin's decision that lands first wins, and this one then changes nothing.
 */
export async function updatePendingRequest(db: Queryable, organizerId: number, eventId: number, f: EventFields): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE events SET ${SET_FIELDS} WHERE id = $16 AND organizer_user_id = $17 AND status = 'Pending'`, [
    ...fieldParams(f),
    eventId,
    organizerId,
  ]);
  return (rowCount ?? 0) === 1;
}

/**
 * A Rejected request of the caller, edited, sent again: Pending, without the rejection's reason
 * (the audit trail keeps it). Returns the reason it had, or undefined when the event was not the
 * caller's Rejected request at that moment.
 */
export async function resubmitRejectedRequest(db: Queryable, organizerId: number, eventId: number, f: EventFields): Promise<{ reason: string | null } | undefined> {
  const { rows } = await db.query<{ reason: string | null }>(
    `UPDATE events e SET ${SET_FIELDS}, status = 'Pending', rejection_reason = NULL, reviewed_by = NULL, reviewed_at = NULL
     FROM (SELECT id, rejection_reason FROM events WHERE id = $16 AND organizer_user_id = $17 AND status = 'Rejected' FOR UPDATE) old
     WHERE e.id = old.id
     RETURNING old.rejection_reason AS reason`,
    [...fieldParams(f), eventId, organizerId],
  );
  return rows[0];
}

export async function findEventStatus(db: Queryable, organizerId: number, eventId: number): Promise<EventStatus | null> {
  const { rows } = await db.query<{ status: EventStatus }>('SELECT status FROM events WHERE id = $1 AND organizer_user_id = $2', [eventId, organizerId]);
  return rows[0]?.status ?? null;
}

export interface CityRow {
  code: string;
  name: string;
  province: string;
}

/** Cities and municipalities whose name starts with (then contains) `search`, for the city select. */
export async function findCities(db: Queryable, search: string | null, limit: number): Promise<CityRow[]> {
  const { rows } = await db.query<CityRow>(
    `SELECT c.code, c.name, p.name AS province
     FROM cities c JOIN provinces p ON p.code = c.province_code
     WHERE $1::text IS NULL OR c.name ILIKE $1
     ORDER BY ($2::text IS NOT NULL AND c.name ILIKE $2) DESC, c.name, p.name, c.code
     LIMIT $3`,
    [search ? contains(search) : null, search ? `${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null, limit],
  );
  return rows;
}
