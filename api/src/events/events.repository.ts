import type { Genre } from '@sports/contracts';
import type { Queryable } from '../db';
import { eventDateSql, eventTimeSql } from '../db/event-sql';

/** An event row as the visitor pages need it; dates already rendered in Asia/Manila. */
export interface EventRow {
  id: number;
  genre: Genre;
  title: string;
  description: string;
  about: string | null;
  organizer: string | null;
  price: number;
  date: string;
  time: string | null;
  starts_at: Date;
  featured_rank: number | null;
  featured_text: string | null;
  image_hue: number;
  /** An uploaded banner (organizer events): shown instead of the generated poster. */
  banner_id: string | null;
  ends_at: Date | null;
  venue_name: string | null;
  street_name: string | null;
  barangay_name: string | null;
  city_name: string | null;
  province_name: string | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  postponed_from: Date | null;
  refund_days_before: number | null;
}

const COLUMNS = `
  id, genre, title, description, about, organizer,
  price::float8 AS price,
  ${eventDateSql()} AS date,
  ${eventTimeSql()} AS time,
  starts_at, featured_rank, featured_text, image_hue, banner_id,
  ends_at, venue_name, street_name,
  (SELECT b.name FROM barangays b WHERE b.code = events.barangay_code) AS barangay_name,
  (SELECT c.name FROM cities c WHERE c.code = events.city_code) AS city_name,
  (SELECT p.name FROM cities c JOIN provinces p ON p.code = c.province_code WHERE c.code = events.city_code) AS province_name,
  cancelled_at, cancel_reason, postponed_from, refund_days_before`;

/**
 * Approved events (optionally of one genre), soonest first. Cancelled ones are left out: the
 * lists are for finding something to book; a cancelled event stays at its own page.
 */
export async function findApproved(db: Queryable, genre?: Genre): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${COLUMNS} FROM events
     WHERE status = 'Approved' AND cancelled_at IS NULL AND ($1::text IS NULL OR genre = $1)
     ORDER BY starts_at, id`,
    [genre ?? null],
  );
  return rows;
}

export async function findApprovedById(db: Queryable, id: number): Promise<EventRow | null> {
  const { rows } = await db.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE id = $1 AND status = 'Approved'`, [id]);
  return rows[0] ?? null;
}

/** Approved events with a carousel rank, in rank order (not cancelled ones). */
export async function findFeatured(db: Queryable): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${COLUMNS} FROM events
     WHERE status = 'Approved' AND cancelled_at IS NULL AND featured_rank IS NOT NULL
     ORDER BY featured_rank`,
  );
  return rows;
}
