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
}

const COLUMNS = `
  id, genre, title, description, about, organizer,
  price::float8 AS price,
  ${eventDateSql()} AS date,
  ${eventTimeSql()} AS time,
  starts_at, featured_rank, featured_text, image_hue, banner_id`;

/** Approved events (optionally of one genre), soonest first. */
export async function findApproved(db: Queryable, genre?: Genre): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${COLUMNS} FROM events
     WHERE status = 'Approved' AND ($1::text IS NULL OR genre = $1)
     ORDER BY starts_at, id`,
    [genre ?? null],
  );
  return rows;
}

export async function findApprovedById(db: Queryable, id: number): Promise<EventRow | null> {
  const { rows } = await db.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE id = $1 AND status = 'Approved'`, [id]);
  return rows[0] ?? null;
}

/** Approved events with a carousel rank, in rank order. */
export async function findFeatured(db: Queryable): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${COLUMNS} FROM events
     WHERE status = 'Approved' AND featured_rank IS NOT NULL
     ORDER BY featured_rank`,
  );
  return rows;
}
