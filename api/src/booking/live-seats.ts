// The seat grid's and the seat map's answers (get-booked-seats, availability) kept in memory per
// API process, so that a grid polling an unchanged section costs no database query.
//
// Freshness. The process that booked or released seats drops its own answers of that section at
// once and NOTIFYs 'seat_changes' after the commit (a few changes to one statement), so that every
// other process drops its answers too. An answer is served while
//   - the process is listening, and has been since before the answer was read,
//   - no change of its section was announced since it was read,
//   - it is younger than KEEP_MS: the bound for a change nobody announces (a refund, an organizer's
//     price, a notification lost), which is then seen at the next poll, and
//   - its time is not up: a hold counts as a booked seat only until its expires_at, so an answer
//     holds from the `now` it was read at until the earliest expires_at among the holds it counts
//     (a hold being paid counts whatever the time).
// While not listening, nothing is kept: every call reads the database. The grid's entity tag is a
// digest of its text, so every process names the same seats with the same tag.
//
// The seat map's availability (seats left per section) is a count the buyer reads, not a seat
// they choose: it is kept AVAILABILITY_KEEP_MS whatever changes meanwhile (never past a hold's
// time), so that a sale in full swing, which changes it many times a second, reads it once a
// second per process rather than at every call.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db';
import { listen } from '../db/listener';
import type { Listener } from '../db/listener';
import type { Logger } from '../logger';
import { liveSeatSql } from '../db/event-sql';
import { availabilitySql } from './booking.repository';
import type { SectionAvailability } from './booking.repository';

export const SEAT_CHANGES_CHANNEL = 'seat_changes';

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
  /** Queries run (answers read) and notifications heard. */
  readonly stats: { gridReads: number; availabilityReads: number; notifications: number };
  close(): Promise<void>;
}

export interface LiveSeatsOptions {
  db: Queryable;
  /** Where to LISTEN; null: never listen (nothing is kept, every call reads). */
  databaseUrl: string | null;
  logger?: Logger;
  /** How long an answer is kept at most (a change nobody announced shows after it). Default KEEP_MS. */
  keepMs?: number;
  /** At most this many answers are kept (the oldest go first). */
  maxEntries?: number;
}

/** An answer is kept this long at most: the bound for a change no process announced. */
export const KEEP_MS = 2_000;
/** The seat map's availability is kept this long, changes or not. */
export const AVAILABILITY_KEEP_MS = 1_000;

interface GridEntry {
  answer: GridAnswer & { kind: 'seats' };
  from: number;
  until: number;
}

interface AvailabilityEntry {
  sections: SectionAvailability[];
  from: number;
  until: number;
}

const NEVER = Number.POSITIVE_INFINITY;
/** Announcements of one process wait this long to go out together (other processes drop their answers that much later). */
const ANNOUNCE_MS = 50;

const GRID_READ = {
  name: 'live_seats_grid',
  text: `SELECT EXISTS (SELECT 1 FROM events e WHERE e.id = $1 AND e.status = 'Approved') AS approved,
                EXISTS (SELECT 1 FROM sections sec WHERE sec.id = $2) AS section,
                t.seats, (extract(epoch FROM t.until) * 1000)::float8 AS until
         FROM (SELECT coalesce(array_agg(s.seat_number ORDER BY s.seat_number), '{}') AS seats,
                      min(o.expires_at) FILTER (WHERE o.status = 'held' AND o.pending_attempt_id IS NULL) AS until
               FROM order_seats s JOIN orders o ON o.id = s.order_id
               WHERE s.event_id = $1 AND s.section_id = $2 AND ${liveSeatSql('$3')}) t`,
};

const AVAILABILITY_READ = {
  name: 'live_seats_availability',
  text: `SELECT EXISTS (SELECT 1 FROM events WHERE id = $1 AND status = 'Approved') AS approved,
                (SELECT (extract(epoch FROM min(o.expires_at)) * 1000)::float8 FROM order_seats s JOIN orders o ON o.id = s.order_id
                 WHERE s.event_id = $1 AND ${liveSeatSql('$2')} AND o.status = 'held' AND o.pending_attempt_id IS NULL) AS until,
                (SELECT coalesce(json_agg(a ORDER BY a."sectionId"), '[]') FROM (${availabilitySql('$1', '$2')}) a) AS sections`,
};

const ANNOUNCE = {
  name: 'live_seats_announce',
  text: `WITH async AS (SELECT set_config('synchronous_commit', 'off', true))
         SELECT pg_notify($1, p) FROM async, unnest($2::text[]) p`,
};

/** A strong entity tag naming the answer's text: the same seats get the same tag in every process. */
function gridTag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function createLiveSeats(options: LiveSeatsOptions): LiveSeats {
  const { db, logger } = options;
  const keepMs = options.keepMs ?? KEEP_MS;
  const maxEntries = options.maxEntries ?? 50_000;
  const grids = new Map<number, Map<number, GridEntry>>();
  const availabilities = new Map<number, AvailabilityEntry>();
  /** Changes announced per event and section (section 0: any section of the event). */
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
  const stats = { gridReads: 0, availabilityReads: 0, notifications: 0 };
  /** Names this process's announcements. */
  const origin = randomBytes(9).toString('base64url');

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

  /** A change of the event's section (0: of the event, any section) committed: what was read before it goes. */
  const changed = (eventId: number, sectionId: number): void => {
    let perEvent = sectionWrites.get(eventId);
    if (!perEvent) sectionWrites.set(eventId, (perEvent = new Map()));
    perEvent.set(sectionId, (perEvent.get(sectionId) ?? 0) + 1);
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

  // "schema origin event section" (section 0: any section of the event). This process's own
  // announcements took effect when it made them (announce), before their commit was told.
  const onNotify = (payload: string): void => {
    stats.notifications += 1;
    const [from, sender, e, s] = payload.split(' ');
    if (from !== schema || sender === origin) return;
    const eventId = Number(e);
    const sectionId = Number(s);
    if (Number.isInteger(eventId) && Number.isInteger(sectionId)) changed(eventId, sectionId);
  };

  // Announcements of this process, sent together, at most one statement every ANNOUNCE_MS: each
  // is a transaction of its own, committed under the notification queue's lock. Its commit does
  // not wait for the WAL flush (synchronous_commit off for it alone): an announcement a crash
  // loses costs only KEEP_MS of staleness.
  let outbox = new Set<string>();
  const sendOutbox = (): void => {
    const payloads = [...outbox];
    outbox = new Set();
    db.query(ANNOUNCE, [SEAT_CHANGES_CHANNEL, payloads]).catch((err: unknown) =>
      // The other processes see the change once their answers are KEEP_MS old.
      logger?.warn({ err }, 'seat change not announced'),
    );
  };

  const listener: Listener | null =
    options.databaseUrl === null
      ? null
      : listen(
          options.databaseUrl,
          SEAT_CHANGES_CHANNEL,
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
      const { rows } = await db.query<{ approved: boolean; section: boolean; seats: number[]; until: number | null }>(GRID_READ, [
        eventId,
        sectionId,
        now,
      ]);
      const row = rows[0];
      if (!row || !row.approved) return { kind: 'no-event' };
      if (!row.section) return { kind: 'no-section' };
      const body = JSON.stringify({ bookedSeats: row.seats });
      const answer: GridAnswer = { kind: 'seats', seats: row.seats, body, etag: gridTag(body) };
      if (listening && started.generation === generation && started.writes === writesOf(eventId, sectionId)) {
        evictIfFull();
        let perEvent = grids.get(eventId);
        if (!perEvent) grids.set(eventId, (perEvent = new Map()));
        if (!perEvent.has(sectionId)) gridCount += 1;
        perEvent.set(sectionId, { answer, from: now.getTime(), until: Math.min(row.until ?? NEVER, now.getTime() + keepMs) });
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
      const started = generation;
      stats.availabilityReads += 1;
      const { rows } = await db.query<{ approved: boolean; until: number | null; sections: SectionAvailability[] }>(AVAILABILITY_READ, [eventId, now]);
      const row = rows[0];
      if (!row || !row.approved) return { sections: null };
      if (listening && started === generation) availabilities.set(eventId, { sections: row.sections, from: t, until: Math.min(row.until ?? NEVER, t + AVAILABILITY_KEEP_MS) });
      return { sections: row.sections };
    },

    announce(eventId, sectionId) {
      changed(eventId, sectionId ?? 0);
      if (listener === null || schema === null) return;
      if (outbox.size === 0) setTimeout(sendOutbox, ANNOUNCE_MS);
      outbox.add(`${schema} ${origin} ${eventId} ${sectionId ?? 0}`);
    },

    get listening() {
      return listening;
    },
    stats,

    async close() {
      await listener?.close();
      dropAll();
    },
  };
}
