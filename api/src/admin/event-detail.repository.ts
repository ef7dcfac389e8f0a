// What an admin reads of one event request beyond its Manage Events row: its text, price, venue
// with address, own seat plan, the organizer's other events and the request's history.
import type { EventStatus, Genre } from '@sports/contracts';
import type { AuditTrailAction } from '../audit/log-action';
import type { Queryable } from '../db';
import { eventDateSql, eventTimeSql } from '../db/event-sql';
import { manilaDateSql, manilaTimeSql, personNameSql } from '../db/sql';

export interface EventDetailRow {
  genre: Genre;
  title: string;
  description: string;
  about: string | null;
  banner_id: string | null;
  price: number;
  venue_name: string | null;
  street_name: string | null;
  barangay_name: string | null;
  city_name: string | null;
  province_name: string | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  organizer_user_id: number | null;
  created_at: Date;
  created_date: string;
  created_time: string;
  /** As the visitor pages read them: YYYY-MM-DD and 7:30 PM (null without a time) in Manila. */
  date: string;
  time: string | null;
  starts_at: Date;
  organizer: string | null;
  image_hue: number;
}

export async function findEventDetail(db: Queryable, id: number): Promise<EventDetailRow | null> {
  const { rows } = await db.query<EventDetailRow>(
    `SELECT e.genre, e.title, e.description, e.about, e.banner_id, e.price::float8 AS price,
            e.venue_name, e.street_name, b.name AS barangay_name, c.name AS city_name, p.name AS province_name,
            e.cancelled_at, e.cancel_reason, e.organizer_user_id,
            e.created_at, ${manilaDateSql('e.created_at')} AS created_date, ${manilaTimeSql('e.created_at')} AS created_time,
            ${eventDateSql('e')} AS date, ${eventTimeSql('e')} AS time, e.starts_at, e.organizer, e.image_hue
     FROM events e
     LEFT JOIN barangays b ON b.code = e.barangay_code
     LEFT JOIN cities c ON c.code = e.city_code
     LEFT JOIN provinces p ON p.code = c.province_code
     WHERE e.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export interface SeatPlanRow {
  seat_rows: number;
  seat_columns: number;
  capacity: number;
}

/** The event's own seat plan, null when it is sold on the venue's sections. */
export async function findSeatPlan(db: Queryable, eventId: number): Promise<SeatPlanRow | null> {
  const { rows } = await db.query<SeatPlanRow>('SELECT seat_rows, seat_columns, capacity FROM event_seat_plans WHERE event_id = $1', [eventId]);
  return rows[0] ?? null;
}

export interface ArenaSectionRow {
  id: number;
  label: string;
  capacity: number;
  level: 'upper' | 'lower';
  map_x: number;
  map_y: number;
  map_width: number;
  map_height: number;
}

/** The venue's own sections, which every event without a seat plan is sold on. */
export async function findArenaSections(db: Queryable): Promise<ArenaSectionRow[]> {
  const { rows } = await db.query<ArenaSectionRow>(
    `SELECT id, label, capacity, level, map_x::float8 AS map_x, map_y::float8 AS map_y, map_width::float8 AS map_width, map_height::float8 AS map_height
     FROM sections WHERE event_id IS NULL ORDER BY id`,
  );
  return rows;
}

export interface OrganizerEventRow {
  id: number;
  title: string;
  date: string;
  status: EventStatus;
  cancelled: boolean;
}

/** The organizer's events other than `exceptId`, newest start first, with how many there are in all. */
export async function findOrganizerEvents(db: Queryable, organizerId: number, exceptId: number, limit: number): Promise<{ rows: OrganizerEventRow[]; total: number }> {
  const { rows } = await db.query<OrganizerEventRow & { total: number }>(
    `SELECT e.id, e.title, ${manilaDateSql('e.starts_at')} AS date, e.status, e.cancelled_at IS NOT NULL AS cancelled,
            count(*) OVER ()::int AS total
     FROM events e
     WHERE e.organizer_user_id = $1 AND e.id <> $2
     ORDER BY e.starts_at DESC, e.id DESC
     LIMIT $3`,
    [organizerId, exceptId, limit],
  );
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** The audit trail's actions that belong in a request's history. */
export const HISTORY_TRAIL_ACTIONS = [
  'event.approved',
  'event.rejected',
  'event.resubmitted',
  'event.edited',
  'event.rescheduled',
  'event.cancelled',
] as const satisfies readonly AuditTrailAction[];
export type HistoryTrailAction = (typeof HISTORY_TRAIL_ACTIONS)[number];
// Written out (constants, not input), so the planner can use the trail's partial index of these actions.
const HISTORY_ACTIONS_SQL = HISTORY_TRAIL_ACTIONS.map((a) => `'${a}'`).join(', ');

export interface HistoryRow {
  id: number;
  action: HistoryTrailAction;
  data: Record<string, unknown>;
  at: Date;
  date: string;
  time: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
}

/** Every history entry of the event in the audit trail, oldest first (the order they happened in). */
export async function findHistory(db: Queryable, eventId: number): Promise<HistoryRow[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT a.id::int AS id, a.action, a.data, a.at, ${manilaDateSql('a.at')} AS date, ${manilaTimeSql('a.at')} AS time,
            u.id AS actor_id, ${personNameSql('u')} AS actor_name, u.email AS actor_email
     FROM audit_trail a LEFT JOIN users u ON u.id = a.actor_user_id
     WHERE a.event_id = $1 AND a.action IN (${HISTORY_ACTIONS_SQL})
     ORDER BY a.id`,
    [eventId],
  );
  return rows;
}
