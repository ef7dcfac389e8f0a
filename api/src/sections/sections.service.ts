import type { Section } from '@sports/contracts';
import type { Queryable } from '../db';
import * as repo from './sections.repository';
import type { SectionRow } from './sections.repository';

function toSection(r: SectionRow): Section {
  return {
    id: r.id,
    label: r.label,
    capacity: r.capacity,
    level: r.level,
    map: { x: r.map_x, y: r.map_y, width: r.map_width, height: r.map_height },
    ...(r.seat_rows !== null ? { rows: r.seat_rows } : {}),
  };
}

/** The arena's sections, or with an event id the sections that event is sold on. */
export async function listSections(db: Queryable, eventId?: number): Promise<Section[]> {
  return (eventId === undefined ? await repo.findArena(db) : await repo.findForEvent(db, eventId)).map(toSection);
}
