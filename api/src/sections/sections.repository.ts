import type { Queryable } from '../db';
import { soldOn } from '../db/event-sql';

export interface SectionRow {
  id: number;
  label: string;
  capacity: number;
  level: 'upper' | 'lower';
  map_x: number;
  map_y: number;
  map_width: number;
  map_height: number;
  /** The event whose own seat plan this section is; null for the arena's sections. */
  event_id: number | null;
  /** A plan section's rows; null for the arena's (their rows follow the level, SPEC §9). */
  seat_rows: number | null;
}

const COLUMNS = `id, label, capacity, level,
  map_x::float8 AS map_x, map_y::float8 AS map_y, map_width::float8 AS map_width, map_height::float8 AS map_height,
  event_id, seat_rows`;

/** The arena's sections (every event without a seat plan of its own is sold on them). */
export async function findArena(db: Queryable): Promise<SectionRow[]> {
  const { rows } = await db.query<SectionRow>(`SELECT ${COLUMNS} FROM sections WHERE event_id IS NULL ORDER BY id`);
  return rows;
}

export async function findById(db: Queryable, id: number): Promise<SectionRow | undefined> {
  const { rows } = await db.query<SectionRow>(`SELECT ${COLUMNS} FROM sections WHERE id = $1`, [id]);
  return rows[0];
}

/** The sections an event is sold on: its plan's section when it has one, the arena's otherwise. */
export async function findForEvent(db: Queryable, eventId: number): Promise<SectionRow[]> {
  const { rows } = await db.query<SectionRow>(
    `SELECT ${COLUMNS} FROM sections sec WHERE ${soldOn('sec', '$1')} ORDER BY id`,
    [eventId],
  );
  return rows;
}
