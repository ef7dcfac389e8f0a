// SQL of holds, seats and orders. Every time comes in as a parameter ($now) from the service's
// clock, never from now(): a hold is live while status = 'held' AND expires_at > $now.
import type { OrderStatus, PaymentMethod } from '@sports/contracts';
import { liveSessionCondition } from '../auth/sessions.repository';
import type { Queryable } from '../db';
import { eventDateSql, eventTimeSql } from '../events/event-dates';

const EVENT_DATE = eventDateSql('e');
const EVENT_TIME = eventTimeSql('e');

/**
 * The periodic sweep: expires at most `limit` due holds of any event. SKIP LOCKED makes it
 * safe to run from every API process at once (each takes different rows) and means it never
 * waits for a booking or a payment that holds an order's lock.
 */
export async function expireDueHolds(db: Queryable, now: Date, limit: number): Promise<{ orders: number; seats: number }> {
  const { rows } = await db.query<{ orders: number; seats: number }>(
    `WITH due AS (
       SELECT id FROM orders
       WHERE status = 'held' AND expires_at <= $1
       ORDER BY id
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     ), expired AS (
       UPDATE orders o SET status = 'expired' FROM due WHERE o.id = due.id RETURNING o.id
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
}

/** What the booking statement answered, in the order it checks. */
export type HoldResult =
  | { kind: 'no-session' }
  | { kind: 'no-event' }
  | { kind: 'closed' }
  | { kind: 'held'; orderId: number; totalAmount: number; event: { title: string; date: string; time: string | null } }
  | { kind: 'taken'; seats: number[] };

// The caller's session (live, account Active), the event (approved, still selling at $6) and
// book_hold (migration 0102) in one statement: on a sale day every round trip to PostgreSQL is
// a wake-up of its backend and of ours, so the hottest call makes exactly one. book_hold runs
// only for a live session and a selling event (it sits on the inner side of the LATERAL join).
const BOOK_HOLD = {
  name: 'booking_book_hold',
  text: `WITH account AS (
           SELECT u.id FROM sessions s JOIN users u ON u.id = s.user_id
           WHERE ${liveSessionCondition('$1', '$2')} AND u.status = 'Active'
         ), target AS (
           SELECT e.id, e.title, ${EVENT_DATE} AS date, ${EVENT_TIME} AS time, e.starts_at > $6 AS selling
           FROM events e WHERE e.id = $3 AND e.status = 'Approved'
         ), hold AS (
           SELECT h.order_id, h.total_amount, h.taken
           FROM account, target, LATERAL book_hold(account.id, target.id, $4, $5::int[], $6, $7) h
           WHERE target.selling
         )
         SELECT EXISTS (SELECT 1 FROM account) AS signed_in, t.title, t.date, t.time, h.order_id, h.total_amount, h.taken
         FROM (SELECT 1) one LEFT JOIN target t ON true LEFT JOIN hold h ON true`,
};

/**
 * The booking transaction, as one statement run in autocommit: checks the session and the event,
 * then book_hold frees the section's expired holds and inserts the order and its seats with ON
 * CONFLICT DO NOTHING against the live-seat unique index; all seats or none. Being a single
 * statement, it holds its row locks only while PostgreSQL works on it, never across a round trip.
 */
export async function bookHold(db: Queryable, hold: NewHold): Promise<HoldResult> {
  const { rows } = await db.query<{
    signed_in: boolean;
    title: string | null;
    date: string | null;
    time: string | null;
    order_id: number | null;
    total_amount: number | null;
    taken: number[] | null;
  }>(BOOK_HOLD, [hold.sessionId, hold.userId, hold.eventId, hold.sectionId, hold.seats, hold.now, hold.expiresAt]);
  const row = rows[0];
  if (!row?.signed_in) return { kind: 'no-session' };
  if (row.title === null || row.date === null) return { kind: 'no-event' };
  if (row.order_id !== null) return { kind: 'held', orderId: row.order_id, totalAmount: row.total_amount ?? 0, event: { title: row.title, date: row.date, time: row.time } };
  if (row.taken !== null) return { kind: 'taken', seats: row.taken };
  // Not selling at $6, or it stopped between the event check and book_hold's own.
  return { kind: 'closed' };
}

const LIVE_AT = `s.live AND (o.status = 'paid' OR (o.status = 'held' AND o.expires_at > $3))`;

// The grid's poll on a sale day: the event check and its seats in one round trip.
const TAKEN_SEATS = {
  name: 'booking_taken_seats',
  text: `SELECT ARRAY(SELECT s.seat_number FROM order_seats s JOIN orders o ON o.id = s.order_id
                      WHERE s.event_id = $1 AND s.section_id = $2 AND ${LIVE_AT}
                      ORDER BY s.seat_number) AS seats
         FROM events e WHERE e.id = $1 AND e.status = 'Approved'`,
};

/** Seats of the approved event's section that are held (hold not expired at $now) or sold, ascending; null without such an event. */
export async function findTakenSeats(db: Queryable, eventId: number, sectionId: number, now: Date): Promise<number[] | null> {
  const { rows } = await db.query<{ seats: number[] }>(TAKEN_SEATS, [eventId, sectionId, now]);
  return rows[0]?.seats ?? null;
}

export interface SectionAvailability {
  sectionId: number;
  capacity: number;
  available: number;
}

/** Every section with its capacity minus the event's live holds and tickets there. */
export async function findAvailability(db: Queryable, eventId: number, now: Date): Promise<SectionAvailability[]> {
  const { rows } = await db.query<SectionAvailability>(
    `SELECT sec.id AS "sectionId", sec.capacity, (sec.capacity - coalesce(t.taken, 0))::int AS available
     FROM sections sec
     LEFT JOIN (
       SELECT s.section_id, count(*) AS taken
       FROM order_seats s JOIN orders o ON o.id = s.order_id
       WHERE s.event_id = $1 AND ${LIVE_AT.replace('$3', '$2')}
       GROUP BY s.section_id
     ) t ON t.section_id = sec.id
     ORDER BY sec.id`,
    [eventId, now],
  );
  return rows;
}

export async function approvedEventExists(db: Queryable, eventId: number): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM events WHERE id = $1 AND status = 'Approved'`, [eventId]);
  return (rowCount ?? 0) > 0;
}

/** An order with what its summary shows; `status` is the stored one (see the service). */
export interface OrderRow {
  id: number;
  user_id: number;
  status: OrderStatus;
  event_id: number;
  event_title: string;
  event_date: string;
  event_time: string | null;
  section_id: number;
  section_label: string;
  seats: number[];
  total_amount: number;
  created_at: Date;
  expires_at: Date;
  payment_method: PaymentMethod | null;
  payment_type: 'full' | null;
  paid_at: Date | null;
  ticket_id: string | null;
}

const ORDER_SELECT = `
  SELECT o.id, o.user_id, o.status, o.event_id, e.title AS event_title,
         ${EVENT_DATE} AS event_date, ${EVENT_TIME} AS event_time,
         o.section_id, sec.label AS section_label,
         ARRAY(SELECT os.seat_number FROM order_seats os WHERE os.order_id = o.id ORDER BY os.seat_number) AS seats,
         o.total_amount::float8 AS total_amount, o.created_at, o.expires_at,
         o.payment_method, o.payment_type, o.paid_at, o.ticket_id
  FROM orders o
  JOIN events e ON e.id = o.event_id
  JOIN sections sec ON sec.id = o.section_id`;

export async function findOrder(db: Queryable, orderId: number): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1`, [orderId]);
  return rows[0] ?? null;
}

/** A user's orders, newest first (bounded). */
export async function findOrdersOfUser(db: Queryable, userId: number, limit: number): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2`, [userId, limit]);
  return rows;
}

export async function findPaidOrderByTicketId(db: Queryable, ticketId: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.ticket_id = $1 AND o.status = 'paid'`, [ticketId]);
  return rows[0] ?? null;
}

/** The owner of an order, or null when there is no such order. */
export async function findOrderOwner(db: Queryable, orderId: number): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM orders WHERE id = $1', [orderId]);
  return rows[0]?.user_id ?? null;
}

/** Locks the order row for a payment: bookings' and the sweep's expiry of it wait (or skip it). */
export async function lockOrder(db: Queryable, orderId: number): Promise<{ status: OrderStatus; expires_at: Date; user_id: number } | null> {
  const { rows } = await db.query<{ status: OrderStatus; expires_at: Date; user_id: number }>(
    'SELECT status, expires_at, user_id FROM orders WHERE id = $1 FOR UPDATE',
    [orderId],
  );
  return rows[0] ?? null;
}

export interface Payment {
  orderId: number;
  method: PaymentMethod;
  type: 'full';
  reference: string;
  paidAt: Date;
  ticketId: string;
}

export async function markPaid(db: Queryable, p: Payment): Promise<void> {
  await db.query(
    `UPDATE orders SET status = 'paid', payment_method = $2, payment_type = $3, payment_reference = $4, paid_at = $5, ticket_id = $6
     WHERE id = $1 AND status = 'held'`,
    [p.orderId, p.method, p.type, p.reference, p.paidAt, p.ticketId],
  );
}

export interface PaymentAttempt {
  order_id: number;
  request_hash: string;
  status_code: number | null;
  response: string | null;
}

/**
 * Claims (user, key) for this request, or finds the earlier request with the same key. A
 * concurrent first request's row makes the INSERT wait until that request commits or rolls
 * back; then SELECT ... FOR UPDATE serialises the retries on the row, so a retry sees the
 * stored answer (or, after a rollback, becomes the first request itself).
 */
export async function claimPaymentAttempt(
  db: Queryable,
  a: { userId: number; key: string; orderId: number; requestHash: string; now: Date },
): Promise<{ attempt: PaymentAttempt; fresh: boolean }> {
  const inserted = await db.query(
    `INSERT INTO payment_attempts (user_id, idempotency_key, order_id, request_hash, created_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING`,
    [a.userId, a.key, a.orderId, a.requestHash, a.now],
  );
  const { rows } = await db.query<PaymentAttempt>(
    // response::text: the exact bytes stored (json keeps them as written).
    `SELECT order_id, request_hash, status_code, response::text AS response
     FROM payment_attempts WHERE user_id = $1 AND idempotency_key = $2 FOR UPDATE`,
    [a.userId, a.key],
  );
  const attempt = rows[0];
  if (!attempt) throw new Error('payment attempt row vanished');
  return { attempt, fresh: (inserted.rowCount ?? 0) === 1 };
}

export async function storePaymentResponse(db: Queryable, userId: number, key: string, statusCode: number, response: string): Promise<void> {
  await db.query('UPDATE payment_attempts SET status_code = $3, response = $4::json WHERE user_id = $1 AND idempotency_key = $2', [userId, key, statusCode, response]);
}
