// SQL of holds, seats and orders. Every time comes in as a parameter ($now) from the service's
// clock, never from now(): a hold is live while status = 'held' AND expires_at > $now.
import type { OrderStatus } from '@sports/contracts';
import { liveSessionCondition } from '../auth/sessions.repository';
import type { Queryable } from '../db';
import { eventDateSql, eventTimeSql, liveSeatSql, sectionPriceSql, soldOn } from '../db/event-sql';

const EVENT_DATE = eventDateSql('e');
const EVENT_TIME = eventTimeSql('e');

/**
 * The periodic sweep: expires at most `limit` due holds of any event. SKIP LOCKED makes it
 * safe to run from every API process at once (each takes different rows) and means it never
 * waits for a booking or a payment that holds an order's lock. An order being paid is never
 * expired: the provider's answer settles it.
 */
export async function expireDueHolds(db: Queryable, now: Date, limit: number): Promise<{ orders: number; seats: number }> {
  const { rows } = await db.query<{ orders: number; seats: number }>(
    `WITH due AS (
       SELECT id FROM orders
       WHERE status = 'held' AND expires_at <= $1 AND pending_attempt_id IS NULL
       ORDER BY id
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     ), expired AS (
       UPDATE orders o SET status = 'expired' FROM due WHERE o.id = due.id AND o.pending_attempt_id IS NULL RETURNING o.id
     ), freed AS (
       UPDATE order_seats s SET live = false FROM expired WHERE s.order_id = expired.id AND s.live RETURNING 1
     )
     SELECT (SELECT count(*)::int FROM expired) AS orders, (SELECT count(*)::int FROM freed) AS seats`,
    [now, limit],
  );
  return rows[0] ?? { orders: 0, seats: 0 };
}

export interface NewHold {
  /** The caller's session cookie claims; the statement checks the session row itself. */
  sessionId: string;
  userId: number;
  eventId: number;
  sectionId: number;
  /** Distinct, ascending. */
  seats: number[];
  now: Date;
  expiresAt: Date;
  /** MAX_SEATS_PER_ACCOUNT: the account's live seats of the event may not exceed it. */
  cap: number;
  /**
   * The buyer's live hold of this event that this request changes (one hold under the
   * buyer's control) instead of making another; ignored unless it is still such a hold.
   */
  replaceOrderId?: number;
}

/** What the booking statement answered for one request, in the order it checks. */
export type HoldResult =
  | { kind: 'no-session' }
  /** The account has not confirmed its email address yet: it may not buy. */
  | { kind: 'unconfirmed' }
  | { kind: 'no-event' }
  /** The section is not one this event is sold on (another event's plan, or the arena's for an event with a plan). */
  | { kind: 'no-section' }
  | { kind: 'closed' }
  | { kind: 'held'; orderId: number; totalAmount: number; event: { title: string; date: string; time: string | null } }
  | { kind: 'taken'; seats: number[] }
  /** Over the per-account cap: the account may still take `mayTake` seats of this event. */
  | { kind: 'capped'; mayTake: number };

// A batch of booking requests in one statement: per request, the caller's session
// (live, account Active, address confirmed) and the event (approved, still selling at the request's now), then
// book_holds for the eligible ones: in one pass when they share nothing,
// else each in a subtransaction of its own, under advisory locks (the account's, each seat's, the
// section's shared) taken in one global order. On a sale day every round trip to PostgreSQL is a
// wake-up of its backend and of ours, and every commit a WAL flush: a batch pays them once.
const BOOK_HOLDS = {
  name: 'booking_book_holds',
  text: `WITH req AS (
           SELECT * FROM booking_requests($1::uuid[], $2::int[], $3::int[], $4::int[], $5::timestamptz[])
         ), checked AS (
           -- Each check a keyed lookup per request (LIMIT 1 keeps it one): as EXISTS, the kept
           -- plan hashed every live session of every active account once per batch.
           SELECT req.idx,
                  -- NULL: no live session of an active account; false: its address is not confirmed yet.
                  (SELECT u.email_confirmed_at IS NOT NULL FROM sessions s JOIN users u ON u.id = s.user_id
                   WHERE ${liveSessionCondition('req.session_id', 'req.user_id')} AND u.status = 'Active' LIMIT 1) AS confirmed,
                  e.title, ${EVENT_DATE} AS date, ${EVENT_TIME} AS time, coalesce(e.starts_at > req.now, false) AS selling,
                  coalesce((SELECT true FROM sections sec WHERE sec.id = req.section_id AND ${soldOn('sec', 'req.event_id')} LIMIT 1), false) AS on_sale_here
           -- By id alone inside (OFFSET 0 keeps the status outside): with it, the kept plan walked
           -- the index of approved events instead of the primary key.
           FROM req LEFT JOIN LATERAL (SELECT * FROM events e WHERE e.id = req.event_id OFFSET 0) e ON e.status = 'Approved'
         ), held AS (
           SELECT h.* FROM book_holds(ARRAY(SELECT coalesce(c.confirmed, false) AND c.selling AND c.on_sale_here FROM checked c ORDER BY c.idx),
                                      $2::int[], $3::int[], $4::int[], $6::int[], $7::int[], $5::timestamptz[], $8::timestamptz[], $9::int, $10::int[]) h
         )
         SELECT c.confirmed, c.title, c.date, c.time, c.on_sale_here, h.order_id, h.total_amount, h.taken, h.may_take
         FROM checked c LEFT JOIN held h ON h.idx = c.idx
         ORDER BY c.idx`,
};

/** user ids of signed session tokens are at most 10 digits; the statement's are int4. */
const MAX_INT4 = 2_147_483_647;

/**
 * Books a batch as one statement run in autocommit: every request all or nothing, answered in
 * the order given. Being a single statement, it holds its locks only while PostgreSQL works on
 * it, never across a round trip; the batch commits once.
 */
export async function bookHolds(db: Queryable, holds: readonly NewHold[]): Promise<HoldResult[]> {
  const [first] = holds;
  if (!first) return [];
  // One cap for the batch: it comes from the process's configuration.
  const { cap } = first;
  const valid = holds.map((h) => h.userId <= MAX_INT4);
  const { rows } = await db.query<{
    confirmed: boolean | null;
    title: string | null;
    date: string | null;
    time: string | null;
    on_sale_here: boolean;
    order_id: number | null;
    total_amount: number | null;
    taken: number[] | null;
    may_take: number | null;
  }>(BOOK_HOLDS, [
    holds.map((h) => h.sessionId),
    holds.map((h, i) => (valid[i] ? h.userId : 0)),
    holds.map((h) => h.eventId),
    holds.map((h) => h.sectionId),
    // As ISO text: pg's own formatting of a Date costs several times toISOString's.
    holds.map((h) => h.now.toISOString()),
    holds.map((h) => h.seats.length),
    holds.flatMap((h) => h.seats),
    holds.map((h) => h.expiresAt.toISOString()),
    cap,
    holds.map((h) => (h.replaceOrderId !== undefined && h.replaceOrderId <= MAX_INT4 ? h.replaceOrderId : 0)),
  ]);
  return rows.map((row, i): HoldResult => {
    if (row.confirmed === null || !valid[i]) return { kind: 'no-session' };
    if (!row.confirmed) return { kind: 'unconfirmed' };
    if (row.title === null || row.date === null) return { kind: 'no-event' };
    if (!row.on_sale_here) return { kind: 'no-section' };
    if (row.order_id !== null) return { kind: 'held', orderId: row.order_id, totalAmount: row.total_amount ?? 0, event: { title: row.title, date: row.date, time: row.time } };
    if (row.taken !== null) return { kind: 'taken', seats: row.taken };
    if (row.may_take !== null) return { kind: 'capped', mayTake: row.may_take };
    // Not selling at its now.
    return { kind: 'closed' };
  });
}

// The grid's poll on a sale day: the event check and its seats in one round trip.
const TAKEN_SEATS = {
  name: 'booking_taken_seats',
  text: `SELECT ARRAY(SELECT s.seat_number FROM order_seats s JOIN orders o ON o.id = s.order_id
                      WHERE s.event_id = $1 AND s.section_id = $2 AND ${liveSeatSql('$3')}
                      ORDER BY s.seat_number) AS seats
         FROM events e WHERE e.id = $1 AND e.status = 'Approved'`,
};

/** Seats of the approved event's section that are held (hold not expired at $now) or sold, ascending; null without such an event. */
export async function findTakenSeats(db: Queryable, eventId: number, sectionId: number, now: Date): Promise<number[] | null> {
  const { rows } = await db.query<{ seats: number[] }>(TAKEN_SEATS, [eventId, sectionId, now]);
  return rows[0]?.seats ?? null;
}

/** A section the event is sold on, with its held and sold seats (ascending). */
export interface SectionSeats {
  id: number;
  capacity: number;
  level: 'upper' | 'lower';
  /** A plan section's rows; null for the arena's (their rows follow the level). */
  seat_rows: number | null;
  taken: number[];
}

/**
 * The approved event's sections (by id: the venue's order) with the seats each has held or sold
 * at $now, as get-booked-seats reports them, in one round trip; whether the event still sells at
 * $now. null without such an event.
 */
export async function findSeatsTakenBySection(db: Queryable, eventId: number, now: Date): Promise<{ selling: boolean; sections: SectionSeats[] } | null> {
  const { rows } = await db.query<{ selling: boolean } & { [K in keyof SectionSeats]: SectionSeats[K] | null }>(
    `SELECT e.starts_at > $2 AS selling, sec.id, sec.capacity, sec.level, sec.seat_rows,
            ARRAY(SELECT s.seat_number FROM order_seats s JOIN orders o ON o.id = s.order_id
                  WHERE s.event_id = e.id AND s.section_id = sec.id AND ${liveSeatSql('$2')}
                  ORDER BY s.seat_number) AS taken
     FROM events e LEFT JOIN sections sec ON ${soldOn('sec', 'e.id')}
     WHERE e.id = $1 AND e.status = 'Approved'
     ORDER BY sec.id`,
    [eventId, now],
  );
  const [first] = rows;
  if (!first) return null;
  const sections = rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, capacity: r.capacity ?? 0, level: r.level ?? 'upper', seat_rows: r.seat_rows, taken: r.taken ?? [] }]));
  return { selling: first.selling, sections };
}

export interface SectionAvailability {
  sectionId: number;
  capacity: number;
  available: number;
  /** Pesos per seat. */
  price: number;
}

/**
 * SQL: every section the event `event` is sold on with its capacity minus the event's live holds
 * and tickets there at `now` (SQL parameters), and its price; by section id.
 */
export function availabilitySql(event: string, now: string): string {
  return `SELECT sec.id AS "sectionId", sec.capacity, (sec.capacity - coalesce(t.taken, 0))::int AS available,
            ${sectionPriceSql('e', 'sec')}::float8 AS price
     FROM sections sec
     JOIN events e ON e.id = ${event}
     LEFT JOIN (
       SELECT s.section_id, count(*) AS taken
       FROM order_seats s JOIN orders o ON o.id = s.order_id
       WHERE s.event_id = ${event} AND ${liveSeatSql(now)}
       GROUP BY s.section_id
     ) t ON t.section_id = sec.id
     WHERE ${soldOn('sec', event)}
     ORDER BY sec.id`;
}

/** Every section with its capacity minus the event's live holds and tickets there, and its price (read fresh: live-seats.ts keeps it). */
export async function findAvailability(db: Queryable, eventId: number, now: Date): Promise<SectionAvailability[]> {
  const { rows } = await db.query<SectionAvailability>(availabilitySql('$1', '$2'), [eventId, now]);
  return rows;
}

/** What releasing a hold found: the order's state when its row was locked, and whether it was released now. */
export interface ReleaseOutcome {
  status: OrderStatus;
  paying: boolean;
  released: boolean;
}

/**
 * POST /api/orders/:id/release: the user's held order, unless it is being paid, is expired and its
 * seats freed, in one statement that locks the order row first, then its seats (the sweep's
 * order). It records `now` as released_at while its time was not up (a hold that ran out stays
 * merely expired). null when the order is not the user's (or does not exist).
 */
export async function releaseHold(db: Queryable, orderId: number, userId: number, now: Date): Promise<ReleaseOutcome | null> {
  const { rows } = await db.query<ReleaseOutcome>(
    `WITH target AS (
       SELECT id, status, pending_attempt_id FROM orders WHERE id = $1 AND user_id = $2 FOR NO KEY UPDATE
     ), released AS (
       UPDATE orders o SET status = 'expired', released_at = CASE WHEN o.expires_at > $3 THEN $3::timestamptz END FROM target t
       WHERE o.id = t.id AND t.status = 'held' AND t.pending_attempt_id IS NULL
       RETURNING o.id
     ), freed AS (
       -- Runs whether or not the query below reads it (a data-modifying WITH always does).
       UPDATE order_seats s SET live = false FROM released r WHERE s.order_id = r.id AND s.live
     )
     SELECT t.status, t.pending_attempt_id IS NOT NULL AS paying,
            EXISTS (SELECT 1 FROM released) AS released
     FROM target t`,
    [orderId, userId, now],
  );
  return rows[0] ?? null;
}
