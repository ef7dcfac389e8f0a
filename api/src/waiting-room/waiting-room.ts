// A fair line for a hot sale. While an event's line is on, seats of it are held only with a pass;
// a pass is given in order of arrival, as shoppers finish (pay), leave or let their time run out.
//
// Cheap while thousands wait. Each API process keeps the events whose line is on, read at most
// once per KEEP_MS (and then it also admits the next places: one statement per event, which one
// process at a time runs). A place is named by a signed cookie (line-cookie.ts), so a waiting
// page's poll finds its position in memory; the database is asked to join the line, to claim a
// pass when the turn came, to leave, and whether a pass the cookie names still holds.
//
// Fair. One place per account and event in PostgreSQL: reloading, another tab or another device
// finds the same place, a cookie is worth nothing to another account or event, and book-seats
// refuses a hold without a pass (booking.routes.ts), so calling the API directly jumps nothing.
// A pass is the place's row, not the cookie: a cookie kept after leaving the line, after the pass
// ended or after its purchase holds nothing (docs/waiting-room.md).
import type { LineStatus } from '@sports/contracts';
import type { Db } from '../db';
import type { Logger } from '../logger';
import { linePlaceOf, signLinePlace } from './line-cookie';
import type { LinePlace } from './line-cookie';
import * as repo from './waiting-room.repository';

/** The lines are read (and the next places admitted) at most this often per process. */
export const KEEP_MS = 1_000;
/** The pace of admissions is measured over this long. */
const PACE_WINDOW_MS = 60_000;

interface Room {
  shoppers: number;
  /** The last place admitted: a place up to it had its turn. */
  admittedThrough: number;
  /** The places waiting, in order (a position is a rank here). */
  waiting: number[];
  /** The last place number given before `waiting` was read: a place after it joined since. */
  lastNumber: number;
  /** Every seat is sold: nobody is admitted, and nobody need join. */
  soldOut: boolean;
}

/** A line answer, and what becomes of the caller's line cookie: a new value, cleared (null), or kept (absent). */
export interface LineAnswer {
  line: LineStatus;
  cookie?: string | null;
}

export interface WaitingRoom {
  /** Where the caller stands, from memory (and the kept lines). userId null: signed out. */
  status(eventId: number, userId: number | null, cookie: unknown): Promise<LineAnswer>;
  /** Joins the line or keeps the place; claims the pass when the turn came. */
  keepPlace(eventId: number, userId: number, cookie: unknown): Promise<LineAnswer>;
  leave(eventId: number, userId: number): Promise<LineAnswer>;
  /**
   * The account may hold seats of the event now: no line (no query), or a pass that holds by its
   * row in the line (one lookup, only for a cookie that names a pass).
   */
  mayHold(eventId: number, userId: number, cookie: unknown): Promise<boolean>;
  /** A setting changed in this process: the next call reads the lines again. */
  changed(): void;
}

export interface WaitingRoomDeps {
  db: Db;
  /** Signs the line cookies. */
  secret: string;
  /** Shoppers admitted at once when an event does not say (WAITING_ROOM_SHOPPERS). */
  defaultShoppers: number;
  logger?: Logger;
  keepMs?: number;
}

/** Further back in line, fewer polls: thousands waiting must not cost what shoppers do. */
function refreshSecondsAt(position: number): number {
  if (position <= 20) return 2;
  if (position <= 200) return 5;
  if (position <= 2_000) return 10;
  return 20;
}

const OPEN: LineAnswer = { line: { state: 'open', refreshSeconds: 30 } };
const OUT: LineAnswer = { line: { state: 'out', refreshSeconds: 5 } };
/** Seats come back only when an order is cancelled or refunded: no need to ask often. */
const SOLD_OUT: LineAnswer = { line: { state: 'soldout', refreshSeconds: 60 } };

export function createWaitingRoom(deps: WaitingRoomDeps): WaitingRoom {
  const { db, secret, defaultShoppers } = deps;
  const keepMs = deps.keepMs ?? KEEP_MS;
  let kept: { at: number; rooms: Map<number, Room> } | null = null;
  let reading: Promise<Map<number, Room>> | null = null;
  /** Per event, where admissions stood when: the pace behind the estimated waits. */
  const paces = new Map<number, Array<{ at: number; admitted: number }>>();

  async function read(): Promise<Map<number, Room>> {
    await repo.switchOnUnderLoad(db, defaultShoppers);
    let rows = await repo.roomsOn(db, defaultShoppers);
    const soldOut = rows.length > 0 ? await repo.soldOutEvents(db, rows.map((r) => r.event_id)) : new Set<number>();
    const withWaiting = rows.filter((r) => r.waiting && !soldOut.has(r.event_id));
    for (const r of withWaiting) await repo.admitNext(db, r.event_id, defaultShoppers);
    if (withWaiting.length > 0) rows = await repo.roomsOn(db, defaultShoppers);
    // With no line on (every second of a sale without one), there are no places to read.
    const waitingIds = rows.filter((r) => r.waiting).map((r) => r.event_id);
    const lastNumber = rows.length > 0 ? await repo.lastPlaceNumber(db) : 0;
    const places = waitingIds.length > 0 ? await repo.waitingPlaces(db, waitingIds) : new Map<number, number[]>();
    const at = Date.now();
    const rooms = new Map<number, Room>();
    for (const r of rows) {
      rooms.set(r.event_id, { shoppers: r.shoppers, admittedThrough: Number(r.admitted_through), waiting: places.get(r.event_id) ?? [], lastNumber, soldOut: soldOut.has(r.event_id) });
      const pace = paces.get(r.event_id) ?? [];
      pace.push({ at, admitted: Number(r.admitted) });
      while (pace.length > 1 && (pace[0] as { at: number }).at < at - PACE_WINDOW_MS) pace.shift();
      paces.set(r.event_id, pace);
    }
    for (const eventId of paces.keys()) if (!rooms.has(eventId)) paces.delete(eventId);
    kept = { at, rooms };
    return rooms;
  }

  function rooms(): Promise<Map<number, Room>> {
    if (kept && Date.now() - kept.at < keepMs) return Promise.resolve(kept.rooms);
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  }

  function waitSeconds(eventId: number, position: number): number | null {
    const pace = paces.get(eventId);
    const first = pace?.[0];
    const last = pace?.[pace.length - 1];
    if (!first || !last || last.at - first.at < 5_000 || last.admitted <= first.admitted) return null;
    return Math.round((position * (last.at - first.at)) / (last.admitted - first.admitted) / 1000);
  }

  function waitingAnswer(eventId: number, room: Room, place: LinePlace, cookie?: string): LineAnswer {
    const position = positionOf(room, place.seq);
    const line: LineStatus = { state: 'waiting', position, estimatedWaitSeconds: waitSeconds(eventId, position), refreshSeconds: refreshSecondsAt(position) };
    return cookie === undefined ? { line } : { line, cookie };
  }

  function admittedAnswer(passEndsAt: number, cookie?: string): LineAnswer {
    const line: LineStatus = { state: 'admitted', passExpiresAt: new Date(passEndsAt).toISOString(), refreshSeconds: 60 };
    return cookie === undefined ? { line } : { line, cookie };
  }

  /**
   * The place's rank among those waiting. A place taken since the lines were read counts every
   * number given since as ahead of it: at most its rank at the next read, so a position never rises.
   */
  function positionOf(room: Room, seq: number): number {
    if (seq <= room.admittedThrough) return 1;
    const { waiting } = room;
    if (seq > room.lastNumber) return waiting.length + (seq - room.lastNumber);
    let low = 0;
    let high = waiting.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((waiting[mid] as number) < seq) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  }

  /** A new place at the end of the line (null: the line went off meanwhile). */
  async function join(eventId: number, userId: number): Promise<{ place: LinePlace; admitted: boolean } | null> {
    const row = await repo.joinLine(db, eventId, userId);
    return row ? { place: { userId, seq: Number(row.seq), passEndsAt: 0 }, admitted: row.admitted } : null;
  }

  /** When the pass of the cookie's place ends, by the place's row (null: it holds nothing). */
  function passOf(eventId: number, place: LinePlace): Promise<number | null> {
    return repo.passEnds(db, eventId, place.userId, place.seq);
  }

  return {
    async status(eventId, userId, cookie) {
      const room = (await rooms()).get(eventId);
      if (!room) return OPEN;
      const place = userId === null ? null : linePlaceOf(secret, eventId, cookie, userId);
      if (place && place.passEndsAt > Date.now()) {
        const ends = await passOf(eventId, place);
        if (ends !== null) return admittedAnswer(ends);
        // The pass is over (left, ended or bought with): the page joins again.
        return { ...(room.soldOut ? SOLD_OUT : OUT), cookie: null };
      }
      if (room.soldOut) return SOLD_OUT;
      return place ? waitingAnswer(eventId, room, place) : OUT;
    },

    async keepPlace(eventId, userId, cookie) {
      const room = (await rooms()).get(eventId);
      if (!room) return OPEN;
      let place = linePlaceOf(secret, eventId, cookie, userId);
      let changed = false;
      if (place && place.passEndsAt > Date.now()) {
        const ends = await passOf(eventId, place);
        if (ends !== null) return admittedAnswer(ends);
        // The pass is over: where the account stands is read from its row below (joining again if it left).
        place = null;
        changed = true;
      }
      // A place already taken stays (in case seats come back); nobody joins a line for nothing.
      if (room.soldOut) return changed ? { ...SOLD_OUT, cookie: null } : SOLD_OUT;
      let admitted = false;
      if (!place) {
        const joined = await join(eventId, userId);
        if (!joined) return OPEN;
        ({ place, admitted } = joined);
        changed = true;
      }
      if (admitted || place.seq <= room.admittedThrough) {
        const claim = await repo.claimPass(db, eventId, userId, place.seq);
        if (claim === 'waiting') return waitingAnswer(eventId, room, place, changed ? signLinePlace(secret, eventId, place) : undefined);
        if (claim !== 'gone' && claim.ends > Date.now()) return admittedAnswer(claim.ends, signLinePlace(secret, eventId, { userId, seq: place.seq, passEndsAt: claim.ends }));
        // The turn passed unclaimed, the pass is over (ended or bought with), or the place is gone: back to the end of the line.
        await repo.leaveLine(db, eventId, userId);
        const again = await join(eventId, userId);
        if (!again) return { ...OPEN, cookie: null };
        place = again.place;
        changed = true;
      }
      return waitingAnswer(eventId, room, place, changed ? signLinePlace(secret, eventId, place) : undefined);
    },

    async leave(eventId, userId) {
      await repo.leaveLine(db, eventId, userId);
      return { ...((await rooms()).has(eventId) ? OUT : OPEN), cookie: null };
    },

    async mayHold(eventId, userId, cookie) {
      if (!(await rooms()).has(eventId)) return true;
      // The cookie only names the place (and spares a query to one that names no pass); the row decides.
      const place = linePlaceOf(secret, eventId, cookie, userId);
      return place !== null && place.passEndsAt > Date.now() && (await passOf(eventId, place)) !== null;
    },

    changed() {
      kept = null;
    },
  };
}
