import type { Queryable } from '../db';

export interface SectionRow {
  id: number;
  label: string;
  capacity: number;
  level: 'upper' | 'lower';
  map_x: number;
  map_y: number;
  map_width: number;
  map_height: number;
}

export async function findAll(db: Queryable): Promise<SectionRow[]> {
  const { rows } = await db.query<SectionRow>(
    `SELECT id, label, capacity, level,
            map_x::float8 AS map_x, map_y::float8 AS map_y, map_width::float8 AS map_width, map_height::float8 AS map_height
     FROM sections ORDER BY id`,
  );
  return rows;
}
