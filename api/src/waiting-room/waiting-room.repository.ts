// The waiting room's SQL (tables waiting_rooms and waiting_line, migration 0325). Times are the
// database's: every API process admits and counts by the same clock.
import type { NamedStatement, Queryable } from '../db';
import { availabilitySql } from '../booking/booking.repository';

/** An admitted place whose pass is not claimed within this long goes back to the end of the line. */
export const CLAIM_WINDOW_SECONDS = 120;
/** A pass lets its holder pick and hold seats for this long (a hold then lasts its own time). */
export const PASS_SECONDS = 15 * 60;
/** How long a line that switched on by itself stays on after the load that switched it on. */
const AUTO_ON_SECONDS = 10 * 60;

export interface RoomRow {
  event_id: number;
  shoppers: number;
  admitted_through: string;
  admitted: string;
  /** Someone is waiting. */
  waiting: boolean;
}

/**
 * An event's line switches on by itself when the accounts holding seats of it reach its shoppers: from then on new
 * arrivals wait their turn. Kept on for AUTO_ON_SECONDS after the last time the load was there
 * (renewed at most once a minute, so a busy minute writes one row).
 */
export async function switchOnUnderLoad(db: Queryable, defaultShoppers: number): Promise<void> {
  await db.query(
    `INSERT INTO waiting_rooms (event_id, auto_until)
     SELECT o.event_id, now() + make_interval(secs => $2)
     FROM orders o LEFT JOIN waiting_rooms w ON w.event_id = o.event_id
     WHERE o.status = 'held' AND o.expires_at > now()
     GROUP BY o.event_id, w.shoppers
     HAVING count(DISTINCT o.user_id) >= coalesce(w.shoppers, $1)
     ON CONFLICT (event_id) DO UPDATE SET auto_until = excluded.auto_until
     WHERE waiting_rooms.auto_until IS NULL OR waiting_rooms.auto_until < now() + make_interval(secs => $2 - 60)`,
    [defaultShoppers, AUTO_ON_SECONDS],
  );
}

const ROOMS_ON: NamedStatement = {
  name: 'waiting-rooms-on',
  text: `SELECT r.event_id, coalesce(r.shoppers, $1) AS shoppers, r.admitted_through, r.admitted, w.waiting
         FROM waiting_rooms r
         CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM waiting_line l WHERE l.event_id = r.event_id AND l.admitted_at IS NULL) AS waiting) w
         WHERE r.forced OR r.auto_until > now() OR w.waiting`,
};

/** The events whose line is on now. */
export async function roomsOn(db: Queryable, defaultShoppers: number): Promise<RoomRow[]> {
  return (await db.query<RoomRow>(ROOMS_ON, [defaultShoppers])).rows;
}

/** The last place number given in any line (0 before the first). */
export async function lastPlaceNumber(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM waiting_line_seq');
  return Number(rows[0]?.n ?? 0);
}

const WAITING_PLACES: NamedStatement = {
  name: 'waiting-line-places',
  text: `SELECT event_id, array_agg(seq::float8 ORDER BY seq) AS seqs FROM waiting_line
         WHERE event_id = ANY ($1::int[]) AND admitted_at IS NULL GROUP BY event_id`,
};

/** The places still waiting in each event's line, in order: a place's position is its rank here. */
export async function waitingPlaces(db: Queryable, eventIds: number[]): Promise<Map<number, number[]>> {
  const { rows } = await db.query<{ event_id: number; seqs: number[] }>(WAITING_PLACES, [eventIds]);
  return new Map(rows.map((r) => [r.event_id, r.seqs]));
}

const SOLD_OUT: NamedStatement = {
  name: 'waiting-rooms-sold-out',
  text: `SELECT x.id FROM unnest($1::int[]) x(id)
         WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.event_id = x.id AND o.status = 'held' AND (o.expires_at > now() OR o.pending_attempt_id IS NOT NULL))
           AND (SELECT coalesce(sum(a.available), 0) FROM (${availabilitySql('x.id', 'now()')}) a) = 0`,
};

/** Of these events, those with every seat sold: none free and none held (a hold may still lapse). */
export async function soldOutEvents(db: Queryable, eventIds: number[]): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>(SOLD_OUT, [eventIds]);
  return new Set(rows.map((r) => r.id));
}

/**
 * SQL condition on a place `w` (a waiting_line row): its pass holds. It was claimed less than
 * PASS_SECONDS (`passSeconds`, an SQL parameter) ago and its holder has not paid for the event
 * since: a pass ends with its time or with its purchase, whichever comes first. A place that left
 * the line has no row, so nothing holds for it (docs/waiting-room.md).
 */
function passHolds(w: string, passSeconds: string): string {
  return `(${w}.claimed_at > now() - make_interval(secs => ${passSeconds})
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = ${w}.user_id AND o.event_id = ${w}.event_id AND o.status = 'paid' AND o.paid_at >= ${w}.claimed_at))`;
}

const PASS_ENDS: NamedStatement = {
  name: 'waiting-line-pass',
  text: `SELECT w.claimed_at + make_interval(secs => $4) AS ends FROM waiting_line w
         WHERE w.event_id = $1 AND w.user_id = $2 AND w.seq = $3 AND ${passHolds('w', '$4')}`,
};

/**
 * When the pass of the account's place `seq` in the event's line ends (epoch ms), read from its
 * row: null when the place left the line, was never given a pass, or its pass ended or was used
 * up by a purchase. One lookup by the line's primary key (and the account's orders of the event).
 */
export async function passEnds(db: Queryable, eventId: number, userId: number, seq: number): Promise<number | null> {
  const { rows } = await db.query<{ ends: Date }>(PASS_ENDS, [eventId, userId, seq, PASS_SECONDS]);
  return rows[0]?.ends.getTime() ?? null;
}

/** A place joins the line's order this long after it was taken: a join still committing is not passed over. */
const SETTLE_SECONDS = 1;

/**
 * Admits the next places in order of arrival while the event has fewer shoppers than it admits at
 * once, in one statement. A shopper is an admitted place still inside its claim window, a claimed
 * pass that has not ended and whose holder has not paid since, or an account that holds seats and
 * came in before the line (no claimed place). One process admits at a time (the room's row is
 * locked, another process skips it; joining the line only shares that lock).
 */
export async function admitNext(db: Queryable, eventId: number, defaultShoppers: number): Promise<void> {
  await db.query(
    `WITH room AS (
       SELECT event_id, coalesce(shoppers, $2) AS shoppers FROM waiting_rooms WHERE event_id = $1 FOR NO KEY UPDATE SKIP LOCKED
     ), busy AS (
       SELECT (SELECT count(*) FROM waiting_line w
               WHERE w.event_id = $1 AND w.admitted_at IS NOT NULL
                 AND ((w.claimed_at IS NULL AND w.admitted_at > now() - make_interval(secs => $3)) OR ${passHolds('w', '$4')}))
            + (SELECT count(DISTINCT o.user_id) FROM orders o
               WHERE o.event_id = $1 AND o.status = 'held' AND o.expires_at > now()
                 AND NOT EXISTS (SELECT 1 FROM waiting_line w WHERE w.event_id = $1 AND w.user_id = o.user_id AND w.claimed_at IS NOT NULL)) AS n
     ), next AS (
       SELECT w.user_id, w.seq FROM waiting_line w, room
       WHERE w.event_id = $1 AND w.admitted_at IS NULL AND w.joined_at < now() - make_interval(secs => $5)
       ORDER BY w.seq
       LIMIT greatest(0, (SELECT shoppers FROM room) - (SELECT n FROM busy))
     ), admitted AS (
       UPDATE waiting_line w SET admitted_at = now() FROM next
       WHERE w.event_id = $1 AND w.user_id = next.user_id RETURNING w.seq
     )
     UPDATE waiting_rooms r
     SET admitted_through = greatest(r.admitted_through, (SELECT max(seq) FROM admitted)), admitted = r.admitted + (SELECT count(*) FROM admitted)
     FROM room WHERE r.event_id = room.event_id`,
    [eventId, defaultShoppers, CLAIM_WINDOW_SECONDS, PASS_SECONDS, SETTLE_SECONDS],
  );
}

export interface PlaceRow {
  seq: string;
  admitted: boolean;
}

/**
 * The account's place in the event's line: the one it has, or a new one at the end. Null when the
 * event has no waiting room row (the line is off).
 */
export async function joinLine(db: Queryable, eventId: number, userId: number): Promise<PlaceRow | null> {
  const { rows } = await db.query<PlaceRow>(
    `WITH added AS (
       INSERT INTO waiting_line (event_id, user_id) SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM waiting_rooms WHERE event_id = $1)
       ON CONFLICT (event_id, user_id) DO NOTHING RETURNING seq, false AS admitted
     )
     SELECT seq, admitted FROM added
     UNION ALL SELECT seq, admitted_at IS NOT NULL FROM waiting_line WHERE event_id = $1 AND user_id = $2 AND NOT EXISTS (SELECT 1 FROM added)`,
    [eventId, userId],
  );
  return rows[0] ?? null;
}

/** A claim: the pass's end (epoch ms), or why there is none. */
export type Claim = { ends: number } | 'waiting' | 'gone';

/**
 * Gives the pass of an admitted place (once; asked again, the same end while it holds). 'waiting'
 * when the place is not admitted yet; 'gone' when its claim window passed unclaimed, its pass ended
 * or was used up by a purchase, or there is no such place.
 */
export async function claimPass(db: Queryable, eventId: number, userId: number, seq: number): Promise<Claim> {
  const { rows } = await db.query<{ ends: Date | null; waiting: boolean | null }>(
    `WITH place AS (
       SELECT admitted_at, claimed_at FROM waiting_line WHERE event_id = $1 AND user_id = $2 AND seq = $3 FOR UPDATE
     ), claimed AS (
       UPDATE waiting_line w SET claimed_at = coalesce(w.claimed_at, now()) FROM place
       WHERE w.event_id = $1 AND w.user_id = $2 AND place.admitted_at IS NOT NULL
         AND (CASE WHEN place.claimed_at IS NULL THEN place.admitted_at > now() - make_interval(secs => $4) ELSE ${passHolds('w', '$5')} END)
       RETURNING w.claimed_at + make_interval(secs => $5) AS ends
     )
     SELECT (SELECT ends FROM claimed) AS ends, (SELECT admitted_at IS NULL FROM place) AS waiting`,
    [eventId, userId, seq, CLAIM_WINDOW_SECONDS, PASS_SECONDS],
  );
  const row = rows[0];
  if (row?.ends) return { ends: row.ends.getTime() };
  return row?.waiting ? 'waiting' : 'gone';
}

/** Removes the account's place (it left, or its turn passed unclaimed and it joins again at the end). */
export async function leaveLine(db: Queryable, eventId: number, userId: number): Promise<void> {
  await db.query('DELETE FROM waiting_line WHERE event_id = $1 AND user_id = $2', [eventId, userId]);
}

export interface SettingsRow {
  forced: boolean;
  active: boolean;
  shoppers: number;
  waiting: number;
}

const SETTINGS_SELECT = `SELECT coalesce(w.forced, false) AS forced,
    coalesce(w.forced OR w.auto_until > now() OR EXISTS (SELECT 1 FROM waiting_line l WHERE l.event_id = e.id AND l.admitted_at IS NULL), false) AS active,
    coalesce(w.shoppers, $2) AS shoppers,
    (SELECT count(*)::int FROM waiting_line l WHERE l.event_id = e.id AND l.admitted_at IS NULL) AS waiting
  FROM events e LEFT JOIN waiting_rooms w ON w.event_id = e.id`;

/** The event's waiting room settings; null when the event does not exist (or is not the organizer's). */
export async function readSettings(db: Queryable, eventId: number, defaultShoppers: number, organizerId: number | null): Promise<SettingsRow | null> {
  const { rows } = await db.query<SettingsRow>(`${SETTINGS_SELECT} WHERE e.id = $1 AND ($3::int IS NULL OR e.organizer_user_id = $3)`, [eventId, defaultShoppers, organizerId]);
  return rows[0] ?? null;
}

export async function writeSettings(db: Queryable, eventId: number, forced: boolean, shoppers: number | undefined): Promise<void> {
  await db.query(
    `INSERT INTO waiting_rooms (event_id, forced, shoppers) VALUES ($1, $2, $3)
     ON CONFLICT (event_id) DO UPDATE SET forced = excluded.forced, shoppers = coalesce(excluded.shoppers, waiting_rooms.shoppers)`,
    [eventId, forced, shoppers ?? null],
  );
}
