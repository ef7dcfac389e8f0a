// The arena's sections, kept in memory: they are reference data (seeded, never edited through
// the API) that every booking call needs, so a sale-day request does not spend a database round
// trip on them. Reloaded at most every `maxAgeMs`, so a section added by a migration shows up
// without a restart. A plan's section (an event's own seat plan) changes with its plan, so it is
// read fresh each time.
import type { Queryable } from '../db';
import * as repo from './sections.repository';
import type { SectionRow } from './sections.repository';

export interface SectionCatalog {
  /** The section, or undefined when there is none with this id. */
  find(id: number): Promise<SectionRow | undefined>;
}

export function createSectionCatalog(db: Queryable, maxAgeMs = 60_000): SectionCatalog {
  let loaded: { at: number; byId: Map<number, SectionRow> } | null = null;
  // One load at a time: a burst of requests on a cold or stale catalog shares it.
  let loading: Promise<Map<number, SectionRow>> | null = null;

  const load = (): Promise<Map<number, SectionRow>> => {
    loading ??= repo
      .findArena(db)
      .then((rows) => {
        const byId = new Map(rows.map((r) => [r.id, r]));
        loaded = { at: Date.now(), byId };
        return byId;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  return {
    async find(id) {
      const byId = loaded && Date.now() - loaded.at < maxAgeMs ? loaded.byId : await load();
      return byId.get(id) ?? (await repo.findById(db, id));
    },
  };
}
