// The seat grid's and the seat map's answers (get-booked-seats, availability) kept in memory per
// API process, so that a grid polling an unchanged section costs no database query.
//
// Freshness. seat_versions (migration 0319) counts the changes of each (event, section), section 0
// being the event itself, on 16 stripes; triggers bump one stripe in the transaction that changes a
// seat. The process that booked or released seats NOTIFYs 'seat_versions' once that committed
// (announce: not from the trigger, whose NOTIFY would serialise every booking's commit). An
// answer is read together with the versions it reflects in one statement (one snapshot) and is
// served while
//   - the process is listening, and has been since before the answer was read,
//   - no change of its section was announced since it was read (nor written by this process),
//   - no version re-read since (every second: the net under every other writer, and under a lost
//     notification) is newer than the one the answer reflects, and
//   - its time is not up: a hold counts as a booked seat only until its expires_at, so an answer
//     holds from the `now` it was read at until the earliest expires_at among the holds it counts
//     (a hold being paid counts whatever the time; a change of that is a version bump).
// While not listening, nothing is kept: every call reads the database.
import type { Queryable } from '../db';
import { listen } from '../db/listener';
import type { Listener } from '../db/listener';
import type { Logger } from '../logger';
import { liveSeatSql } from '../db/event-sql';
import { availabilitySql } from './booking.repository';
import type { SectionAvailability } from './booking.repository';

export const SEAT_VERSIONS_CHANNEL = 'seat_versions';

/** get-booked-seats' answer: the seats with their JSON text and entity tag, or why there is none. */
export type GridAnswer = { kind: 'seats'; seats: number[]; body: string; etag: string } | { kind: 'no-event' } | { kind: 'no-section' };

export interface AvailabilityAnswer {
  /** null: no approved event of that id. */
  sections: SectionAvailability[] | null;
}

export interface LiveSeats {
  /** The answer if it is kept and still true at `now`; no database work. */
  cachedGrid(eventId: number, sectionId: number, now: Date): GridAnswer | undefined;
  /** The answer, kept or read (one query), at `now`. */
  grid(eventId: number, sectionId: number, now: Date): Promise<GridAnswer>;
  availability(eventId: number, now: Date): Promise<AvailabilityAnswer>;
  /**
   * This process committed a change of seats of the event's section (null: any of its sections):
   * its own kept answers go at once, and the other processes are told (NOTIFY, a moment later).
   */
  announce(eventId: number, sectionId: number | null): void;
  /** Listening (answers may be kept). */
  readonly listening: boolean;
  /** Queries run: answers read, versions re-read. */
  readonly stats: { gridReads: number; availabilityReads: number; versionReads: number; notifications: number };
  close(): Promise<void>;
}

export interface LiveSeatsOptions {
  db: Queryable;
  /** Where to LISTEN; null: never listen (nothing is kept, every call reads). */
  databaseUrl: string | null;
  logger?: Logger;
  /** How often the versions of kept answers are re-read (a change nobody announced, a notification lost). Default 1000 ms. */
  recheckMs?: number;
  /** At most this many answers are kept (the oldest go first). */
  maxEntries?: number;
}

/** Counter rows of one event are keyed section * STRIPES + stripe (the event's own: 0 to 15). */
const STRIPES = 16;
const counterKey = (sectionId: number, stripe: number): number => sectionId * STRIPES + stripe;
const sectionOf = (key: number): number => Math.floor(key / STRIPES);

/** The versions an answer reflects: of each counter row read (absent = 0). */
type Versions = Map<number, number>;

/** [section, stripe, version] rows as read with an answer. */
function versionsOf(rows: [number, number, number][]): Versions {
  return new Map(rows.map(([section, stripe, version]) => [counterKey(section, stripe), version]));
}

interface GridEntry {
  answer: GridAnswer & { kind: 'seats' };
  versions: Versions;
  from: number;
  until: number;
}

interface AvailabilityEntry {
  sections: SectionAvailability[];
  versions: Versions;
  from: number;
  until: number;
}

const NEVER = Number.POSITIVE_INFINITY;
const ANNOUNCE_MS = 10;

const GRID_READ = {
  name: 'live_seats_grid',
  text: `SELECT EXISTS (SELECT 1 FROM events e WHERE e.id = $1 AND e.status = 'Approved') AS approved,
                EXISTS (SELECT 1 FROM sections sec WHERE sec.id = $2) AS section,
                (SELECT coalesce(json_agg(json_build_array(v.section_id, v.stripe, v.version)), '[]') FROM seat_versions v
                 WHERE v.event_id = $1 AND v.section_id IN ($2, 0)) AS versions,
                t.seats, (extract(epoch FROM t.until) * 1000)::float8 AS until
         FROM (SELECT coalesce(array_agg(s.seat_number ORDER BY s.seat_number), '{}') AS seats,
                      min(o.expires_at) FILTER (WHERE o.status = 'held' AND o.pending_attempt_id IS NULL) AS until
               FROM order_seats s JOIN orders o ON o.id = s.order_id
               WHERE s.event_id = $1 AND s.section_id = $2 AND ${liveSeatSql('$3')}) t`,
};

const AVAILABILITY_READ = {
  name: 'live_seats_availability',
  text: `SELECT EXISTS (SELECT 1 FROM events WHERE id = $1 AND status = 'Approved') AS approved,
                (SELECT coalesce(json_agg(json_build_array(v.section_id, v.stripe, v.version)), '[]') FROM seat_versions v WHERE v.event_id = $1) AS versions,
                (SELECT (extract(epoch FROM min(o.expires_at)) * 1000)::float8 FROM order_seats s JOIN orders o ON o.id = s.order_id
                 WHERE s.event_id = $1 AND ${liveSeatSql('$2')} AND o.status = 'held' AND o.pending_attempt_id IS NULL) AS until,
                (SELECT coalesce(json_agg(a ORDER BY a."sectionId"), '[]') FROM (${availabilitySql('$1', '$2')}) a) AS sections`,
};

/**
 * A strong entity tag naming what the answer reflects: the event, the section, their versions (the
 * sums of their stripes), and the end of its time.
 */
function gridTag(eventId: number, sectionId: number, versions: Versions, until: number): string {
  let event = 0;
  let section = 0;
  for (const [key, version] of versions) {
    if (sectionOf(key) === 0) event += version;
    else section += version;
  }
  return `"${eventId}.${sectionId}.${event}.${section}.${until === NEVER ? 'x' : until}"`;
}

export function createLiveSeats(options: LiveSeatsOptions): LiveSeats {
  const { db, logger } = options;
  const recheckMs = options.recheckMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 50_000;
  const grids = new Map<number, Map<number, GridEntry>>();
  const availabilities = new Map<number, AvailabilityEntry>();
  /** Highest version heard per event and counter row (counterKey). */
  const known = new Map<number, Versions>();
  /** Changes announced per event (any section): an answer read across one of its section's, or any for availability, is not kept. */
  const writes = new Map<number, number>();
  /** Changes announced per event and section (key counterKey(section, 0)). */
  const sectionWrites = new Map<number, Map<number, number>>();
  const writesOf = (eventId: number, sectionId: number): number => (sectionWrites.get(eventId)?.get(sectionId) ?? 0) + (sectionWrites.get(eventId)?.get(0) ?? 0);
  /**
   * One read per (event, section) at a time: a burst of polls on a changed section shares it. A
   * read that a change overtakes is no longer joined (a later poll must see the change).
   */
  const reading = new Map<number, Map<number, Promise<GridAnswer>>>();
  let gridCount = 0;
  let listening = false;
  let schema: string | null = null;
  /** Changes each time listening starts or stops: an answer read across it is not kept. */
  let generation = 0;
  const stats = { gridReads: 0, availabilityReads: 0, versionReads: 0, notifications: 0 };

  /** Whether `versions` (read with an answer of the event) are at least those heard, for the section's rows (or all rows of the event: undefined). */
  const upToDate = (eventId: number, versions: Versions, sectionId?: number): boolean => {
    const heardOf = known.get(eventId);
    if (!heardOf) return true;
    for (const [key, version] of heardOf) {
      if (sectionId !== undefined && sectionOf(key) !== sectionId && sectionOf(key) !== 0) continue;
      if ((versions.get(key) ?? 0) < version) return false;
    }
    return true;
  };

  const dropGrid = (eventId: number, sectionId: number): void => {
    const perEvent = grids.get(eventId);
    if (perEvent?.delete(sectionId)) {
      gridCount -= 1;
      if (perEvent.size === 0) grids.delete(eventId);
    }
  };

  const dropEvent = (eventId: number): void => {
    const perEvent = grids.get(eventId);
    if (perEvent) {
      gridCount -= perEvent.size;
      grids.delete(eventId);
    }
    availabilities.delete(eventId);
  };

  const dropAll = (): void => {
    grids.clear();
    availabilities.clear();
    reading.clear();
    gridCount = 0;
  };

  /** A version heard (notification or re-read): answers older than it go. */
  const heard = (eventId: number, sectionId: number, stripe: number, version: number): void => {
    const key = counterKey(sectionId, stripe);
    let perEvent = known.get(eventId);
    if (!perEvent) known.set(eventId, (perEvent = new Map()));
    if ((perEvent.get(key) ?? 0) >= version) return;
    perEvent.set(key, version);
    if (sectionId === 0) reading.delete(eventId);
    else reading.get(eventId)?.delete(sectionId);
    const avail = availabilities.get(eventId);
    if (avail && (avail.versions.get(key) ?? 0) < version) availabilities.delete(eventId);
    const perSection = grids.get(eventId);
    if (!perSection) return;
    if (sectionId === 0) {
      for (const [id, entry] of perSection) if ((entry.versions.get(key) ?? 0) < version) dropGrid(eventId, id);
    } else {
      const entry = perSection.get(sectionId);
      if (entry && (entry.versions.get(key) ?? 0) < version) dropGrid(eventId, sectionId);
    }
  };

  /** A change of the event's section (0: of the event, any section) committed: what was read before it goes. */
  const changed = (eventId: number, sectionId: number): void => {
    writes.set(eventId, (writes.get(eventId) ?? 0) + 1);
    let perEvent = sectionWrites.get(eventId);
    if (!perEvent) sectionWrites.set(eventId, (perEvent = new Map()));
    perEvent.set(sectionId, (perEvent.get(sectionId) ?? 0) + 1);
    availabilities.delete(eventId);
    if (sectionId === 0) {
      reading.delete(eventId);
      const grid = grids.get(eventId);
      if (grid) {
        gridCount -= grid.size;
        grids.delete(eventId);
      }
    } else {
      reading.get(eventId)?.delete(sectionId);
      dropGrid(eventId, sectionId);
    }
  };

  // "schema event section" (section 0: any section of the event).
  const onNotify = (payload: string): void => {
    stats.notifications += 1;
    const [from, e, s] = payload.split(' ');
    if (from !== schema) return;
    const eventId = Number(e);
    const sectionId = Number(s);
    if (Number.isInteger(eventId) && Number.isInteger(sectionId)) changed(eventId, sectionId);
  };

  // Announcements of this process, sent together, at most one statement every ANNOUNCE_MS: each
  // is a commit that waits for its WAL flush under the notification queue's lock.
  let outbox = new Set<string>();
  const sendOutbox = (): void => {
    const payloads = [...outbox];
    outbox = new Set();
    db.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) p', [SEAT_VERSIONS_CHANNEL, payloads]).catch((err: unknown) =>
      // The other processes see the change at their next re-read of versions.
      logger?.warn({ err }, 'seat change not announced'),
    );
  };

  const listener: Listener | null =
    options.databaseUrl === null
      ? null
      : listen(
          options.databaseUrl,
          SEAT_VERSIONS_CHANNEL,
          {
            notify: onNotify,
            listening(s) {
              schema = s;
              // What was kept before may have missed notifications.
              dropAll();
              generation += 1;
              listening = true;
            },
            lost() {
              listening = false;
              generation += 1;
              dropAll();
            },
          },
          logger ? { logger } : {},
        );

  /** Re-reads the versions of the events with kept answers: the net under a lost notification. */
  const recheck = async (): Promise<void> => {
    if (!listening) return;
    const events = [...new Set([...grids.keys(), ...availabilities.keys()])];
    if (events.length === 0) return;
    stats.versionReads += 1;
    const { rows } = await db.query<{ event_id: number; section_id: number; stripe: number; version: string }>(
      { name: 'live_seats_versions', text: 'SELECT event_id, section_id, stripe, version FROM seat_versions WHERE event_id = ANY($1::int[])' },
      [events],
    );
    for (const r of rows) heard(r.event_id, r.section_id, r.stripe, Number(r.version));
  };
  let rechecking = false;
  const timer =
    listener === null
      ? undefined
      : setInterval(() => {
          if (rechecking) return;
          rechecking = true;
          recheck()
            .catch((err: unknown) => logger?.warn({ err }, 'seat versions re-read failed'))
            .finally(() => {
              rechecking = false;
            });
        }, recheckMs);
  timer?.unref();

  const evictIfFull = (): void => {
    if (gridCount < maxEntries) return;
    // Maps keep insertion order: the events first read go first.
    const oldest = grids.keys().next();
    if (!oldest.done) dropEvent(oldest.value);
  };

  const cachedGrid = (eventId: number, sectionId: number, now: Date): GridAnswer | undefined => {
    const entry = grids.get(eventId)?.get(sectionId);
    if (!entry) return undefined;
    const t = now.getTime();
    if (t < entry.from || t >= entry.until) {
      dropGrid(eventId, sectionId);
      return undefined;
    }
    return entry.answer;
  };

  const readGrid = async (eventId: number, sectionId: number, now: Date): Promise<GridAnswer> => {
    // A read that a notification overtakes is read again (twice at most), then served unkept.
    for (let attempt = 0; ; attempt += 1) {
      const started = { generation, writes: writesOf(eventId, sectionId) };
      stats.gridReads += 1;
      const { rows } = await db.query<{ approved: boolean; section: boolean; versions: [number, number, number][]; seats: number[]; until: number | null }>(GRID_READ, [
        eventId,
        sectionId,
        now,
      ]);
      const row = rows[0];
      if (!row || !row.approved) return { kind: 'no-event' };
      if (!row.section) return { kind: 'no-section' };
      const until = row.until ?? NEVER;
      const versions = versionsOf(row.versions);
      const answer: GridAnswer = {
        kind: 'seats',
        seats: row.seats,
        body: JSON.stringify({ bookedSeats: row.seats }),
        etag: gridTag(eventId, sectionId, versions, until),
      };
      const current = listening && started.generation === generation && started.writes === writesOf(eventId, sectionId) && upToDate(eventId, versions, sectionId);
      if (current) {
        evictIfFull();
        let perEvent = grids.get(eventId);
        if (!perEvent) grids.set(eventId, (perEvent = new Map()));
        if (!perEvent.has(sectionId)) gridCount += 1;
        perEvent.set(sectionId, { answer, versions, from: now.getTime(), until });
        return answer;
      }
      if (!listening || attempt >= 2) return answer;
    }
  };

  return {
    cachedGrid,
    grid(eventId, sectionId, now) {
      const kept = cachedGrid(eventId, sectionId, now);
      if (kept) return Promise.resolve(kept);
      // Shared only while listening: unkept reads each answer at their own `now`.
      if (!listening) return readGrid(eventId, sectionId, now);
      let perEvent = reading.get(eventId);
      if (!perEvent) reading.set(eventId, (perEvent = new Map()));
      const joined = perEvent.get(sectionId);
      if (joined) return joined;
      const own = readGrid(eventId, sectionId, now).finally(() => {
        const current = reading.get(eventId);
        if (current?.get(sectionId) === own) {
          current.delete(sectionId);
          if (current.size === 0) reading.delete(eventId);
        }
      });
      perEvent.set(sectionId, own);
      return own;
    },

    async availability(eventId, now) {
      const t = now.getTime();
      const kept = availabilities.get(eventId);
      if (kept && t >= kept.from && t < kept.until) return { sections: kept.sections };
      for (let attempt = 0; ; attempt += 1) {
        const started = { generation, writes: writes.get(eventId) ?? 0 };
        stats.availabilityReads += 1;
        const { rows } = await db.query<{ approved: boolean; versions: [number, number, number][]; until: number | null; sections: SectionAvailability[] }>(AVAILABILITY_READ, [
          eventId,
          now,
        ]);
        const row = rows[0];
        if (!row || !row.approved) return { sections: null };
        const versions = versionsOf(row.versions);
        if (listening && upToDate(eventId, versions) && started.generation === generation && started.writes === (writes.get(eventId) ?? 0)) {
          availabilities.set(eventId, { sections: row.sections, versions, from: t, until: row.until ?? NEVER });
          return { sections: row.sections };
        }
        if (!listening || attempt >= 2) return { sections: row.sections };
      }
    },

    announce(eventId, sectionId) {
      changed(eventId, sectionId ?? 0);
      if (listener === null || schema === null) return;
      if (outbox.size === 0) setTimeout(sendOutbox, ANNOUNCE_MS);
      outbox.add(`${schema} ${eventId} ${sectionId ?? 0}`);
    },

    get listening() {
      return listening;
    },
    stats,

    async close() {
      clearInterval(timer);
      await listener?.close();
      dropAll();
    },
  };
}
