import type { Genre, OrganizerEventStatus } from '@sports/contracts';
import type { Queryable } from '../db';
import { eventDateSql, eventTimeSql } from '../events/event-dates';

export interface OrganizerEventRow {
  id: number;
  title: string;
  genre: Genre;
  status: OrganizerEventStatus;
  date: string;
  time: string | null;
  starts_at: Date;
  price: number;
  capacity: number;
}

/** The events an organizer account owns, soonest first. Capacity: the venue's sections. */
export async function findByOrganizer(db: Queryable, organizerUserId: number): Promise<OrganizerEventRow[]> {
  const { rows } = await db.query<OrganizerEventRow>(
    `SELECT e.id, e.title, e.genre, e.status,
            ${eventDateSql('e')} AS date,
            ${eventTimeSql('e')} AS time,
            e.starts_at, e.price::float8 AS price,
            (SELECT COALESCE(sum(capacity), 0)::int FROM sections) AS capacity
     FROM events e
     WHERE e.organizer_user_id = $1
     ORDER BY e.starts_at, e.id`,
    [organizerUserId],
  );
  return rows;
}
