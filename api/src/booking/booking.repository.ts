// SQL of holds, seats and orders. Every time comes in as a parameter ($now) from the service's
// clock, never from now(): a hold is live while status = 'held' AND expires_at > $now.
import type { OrderStatus, PaymentMethod } from '@sports/contracts';
import type { Queryable } from '../db';

/** The event and section a booking targets, read in one round trip. */
export interface BookingTarget {
  event: { id: number; title: string; date: string; time: string | null; startsAt: Date; price: number } | null;
  section: { id: number; label: string; capacity: number } | null;
}

const EVENT_DATE = `to_char(e.starts_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD')`;
const EVENT_TIME = `CASE WHEN e.has_time THEN to_char(e.starts_at AT TIME ZONE 'Asia/Manila', 'FMHH12:MI AM') END`;

// The booking hot path uses named statements: parsed and planned once per connection.
const TARGET = {
  name: 'booking_target',
  text: `SELECT e.id AS e_id, e.title, ${EVENT_DATE} AS date, ${EVENT_TIME} AS time, e.starts_at, e.price::float8 AS price,
                s.id AS s_id, s.label, s.capacity
         FROM (SELECT 1) one
         LEFT JOIN events e ON e.id = $1 AND e.status = 'Approved'
         LEFT JOIN sections s ON s.id = $2`,
};

/** An approved event and a section, each null when missing. */
export async function findBookingTarget(db: Queryable, eventId: number, sectionId: number): Promise<BookingTarget> {
  const { rows } = await db.query<{
    e_id: number | null;
    title: string | null;
    date: string | null;
    time: string | null;
    starts_at: Date | null;
    price: number | null;
    s_id: number | null;
    label: string | null;
    capacity: number | null;
  }>(TARGET, [eventId, sectionId]);
  const r = rows[0];
  return {
    event:
      r && r.e_id !== null
        ? { id: r.e_id, title: r.title as string, date: r.date as string, time: r.time, startsAt: r.starts_at as Date, price: r.price as number }
        : null,
    section: r && r.s_id !== null ? { id: r.s_id, label: r.label as string, capacity: r.capacity as number } : null,
  };
}

/**
 * Expires the held orders of one event+section whose time is up and makes their seats not live,
 * so the unique index stops seeing them. Runs inside the booking transaction, before the insert.
 * Order rows are locked in id order (ORDER BY under FOR UPDATE), so two bookings sweeping the
 * same holds queue up instead of deadlocking; a row another transaction already expired or paid
 * is re-checked after the wait and skipped.
 */
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
  userId: number;
  eventId: number;
  sectionId: number;
  /** Distinct, ascending. */
  seats: number[];
  now: Date;
  expiresAt: Date;
}

/** What book_hold answered: the hold, or the seats that were taken, or neither (event not bookable). */
export type HoldResult = { kind: 'held'; orderId: number; totalAmount: number } | { kind: 'taken'; seats: number[] } | { kind: 'not-bookable' };

const BOOK_HOLD = {
  name: 'booking_book_hold',
  text: 'SELECT order_id, total_amount, taken FROM book_hold($1, $2, $3, $4::int[], $5, $6)',
};

/**
 * The booking transaction, as one statement run in autocommit (migration 0102_book_hold.sql):
 * free the section's expired holds, then insert the order and its seats with ON CONFLICT DO
 * NOTHING against the live-seat unique index; all seats or none. Being a single statement, it
 * holds its row locks only while PostgreSQL works on it, never across a round trip to the API.
 */
export async function bookHold(db: Queryable, hold: NewHold): Promise<HoldResult> {
  const { rows } = await db.query<{ order_id: number | null; total_amount: number | null; taken: number[] | null }>(BOOK_HOLD, [
    hold.userId,
    hold.eventId,
    hold.sectionId,
    hold.seats,
    hold.now,
    hold.expiresAt,
  ]);
  const row = rows[0];
  if (row?.order_id != null) return { kind: 'held', orderId: row.order_id, totalAmount: row.total_amount ?? 0 };
  if (row?.taken != null) return { kind: 'taken', seats: row.taken };
  return { kind: 'not-bookable' };
}

const LIVE_AT = `s.live AND (o.status = 'paid' OR (o.status = 'held' AND o.expires_at > $3))`;

const TAKEN_SEATS = {
  name: 'booking_taken_seats',
  text: `SELECT s.seat_number FROM order_seats s JOIN orders o ON o.id = s.order_id
         WHERE s.event_id = $1 AND s.section_id = $2 AND ${LIVE_AT}
         ORDER BY s.seat_number`,
};

/** Seats of the event's section that are held (hold not expired at $now) or sold, ascending. */
export async function findTakenSeats(db: Queryable, eventId: number, sectionId: number, now: Date): Promise<number[]> {
  const { rows } = await db.query<{ seat_number: number }>(TAKEN_SEATS, [eventId, sectionId, now]);
  return rows.map((r) => r.seat_number);
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
