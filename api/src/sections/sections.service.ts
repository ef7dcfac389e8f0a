import type { Section } from '@sports/contracts';
import type { Queryable } from '../db';
import * as repo from './sections.repository';

export async function listSections(db: Queryable): Promise<Section[]> {
  return (await repo.findAll(db)).map((r) => ({
    id: r.id,
    label: r.label,
    capacity: r.capacity,
    level: r.level,
    map: { x: r.map_x, y: r.map_y, width: r.map_width, height: r.map_height },
  }));
}
