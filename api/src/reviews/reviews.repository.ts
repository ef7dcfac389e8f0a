import type { ReviewOrder, ReviewResponseFilter } from '@sports/contracts';
import type { Queryable } from '../db';
import { contains } from '../db/sql';
import { EVENT_OVER_AT } from '../db/event-sql';

export interface ReviewRow {
  id: number;
  order_id: number;
  event_id: number;
  event_title: string;
  first_name: string;
  last_name: string;
  email: string;
  rating: number;
  body: string;
  created_at: Date;
  date: string;
  response: string | null;
  responded_at: Date | null;
  /** A ticket of the reviewed order was checked in at the gate. */
  attended: boolean;
}

/** A ticket of order `orderId` (SQL) was checked in. */
const checkedIn = (orderId: string): string => `EXISTS (SELECT 1 FROM tickets tk JOIN ticket_checkins c ON c.ticket_id = tk.id WHERE tk.order_id = ${orderId})`;

const REVIEW_COLUMNS = `r.id, r.order_id, r.event_id, e.title AS event_title, u.first_name, u.last_name, u.email, r.rating, r.body, r.created_at,
  to_char(r.created_at AT TIME ZONE 'Asia/Manila', 'MM-DD-YYYY') AS date, r.response, r.responded_at, ${checkedIn('r.order_id')} AS attended`;
const REVIEW_FROM = `FROM reviews r JOIN events e ON e.id = r.event_id JOIN users u ON u.id = r.user_id`;

// ---- anyone: an event's reviews ------------------------------------------------------------

/** How many reviews an approved event has and their mean rating; null when there is no such approved event. */
export async function findEventReviewSummary(db: Queryable, eventId: number): Promise<{ count: number; average: number | null } | null> {
  const { rows } = await db.query<{ count: number; average: number | null }>(
    `SELECT count(r.id)::int AS count, avg(r.rating)::float8 AS average
     FROM events e LEFT JOIN reviews r ON r.event_id = e.id
     WHERE e.id = $1 AND e.status = 'Approved'
     GROUP BY e.id`,
    [eventId],
  );
  return rows[0] ?? null;
}

export async function findEventReviews(db: Queryable, eventId: number, limit: number): Promise<ReviewRow[]> {
  const { rows } = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} ${REVIEW_FROM} WHERE r.event_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2`, [eventId, limit]);
  return rows;
}

// ---- the visitor's side -------------------------------------------------------------------

export interface OrderForReview {
  order_id: number;
  event_id: number;
  event_title: string;
  paid: boolean;
  /** The event has ended by `now`. */
  over: boolean;
}

/** The caller's own order (null for anyone else's), and whether its event has ended by `now`. */
export async function findOwnOrder(db: Queryable, orderId: number, userId: number, now: Date): Promise<OrderForReview | null> {
  const { rows } = await db.query<OrderForReview>(
    `SELECT o.id AS order_id, o.event_id, e.title AS event_title, o.status = 'paid' AS paid, ${EVENT_OVER_AT} <= $3 AS over
     FROM orders o JOIN events e ON e.id = o.event_id
     WHERE o.id = $1 AND o.user_id = $2`,
    [orderId, userId, now],
  );
  return rows[0] ?? null;
}

/** The caller's review of an event, if any. */
export async function findUserReviewOfEvent(db: Queryable, userId: number, eventId: number): Promise<ReviewRow | null> {
  const { rows } = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} ${REVIEW_FROM} WHERE r.user_id = $1 AND r.event_id = $2`, [userId, eventId]);
  return rows[0] ?? null;
}

export async function findUserReviews(db: Queryable, userId: number, limit: number): Promise<ReviewRow[]> {
  const { rows } = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} ${REVIEW_FROM} WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2`, [userId, limit]);
  return rows;
}

/**
 * One statement: the review goes in only for the caller's own paid order of an event that has
 * ended, and only as their first review of that event (the unique key decides between two at once).
 * Returns the new review's id, or null when nothing was inserted.
 */
export async function insertReview(db: Queryable, r: { orderId: number; userId: number; rating: number; text: string; now: Date }): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO reviews (event_id, user_id, order_id, rating, body, created_at)
     SELECT o.event_id, o.user_id, o.id, $3, $4, $5
     FROM orders o JOIN events e ON e.id = o.event_id
     WHERE o.id = $1 AND o.user_id = $2 AND o.status = 'paid' AND ${EVENT_OVER_AT} <= $5
     ON CONFLICT (event_id, user_id) DO NOTHING
     RETURNING id`,
    [r.orderId, r.userId, r.rating, r.text, r.now],
  );
  return rows[0]?.id ?? null;
}

// ---- the organizer's side -----------------------------------------------------------------

export interface ReviewFilter {
  eventId: number | null;
  eventName: string | null;
  response: ReviewResponseFilter | null;
}

const ORDER_BY: Readonly<Record<ReviewOrder, string>> = {
  newest: 'r.created_at DESC, r.id DESC',
  oldest: 'r.created_at ASC, r.id ASC',
  highest: 'r.rating DESC, r.created_at DESC, r.id DESC',
  lowest: 'r.rating ASC, r.created_at DESC, r.id DESC',
};

const ORGANIZER_WHERE = `e.organizer_user_id = $1
  AND ($2::int IS NULL OR e.id = $2)
  AND ($3::text IS NULL OR e.title ILIKE $3)
  AND ($4::text IS NULL OR ($4 = 'responded') = (r.response IS NOT NULL))`;

const filterParams = (organizerId: number, f: ReviewFilter): unknown[] => [organizerId, f.eventId, f.eventName ? contains(f.eventName) : null, f.response];

export async function countOrganizerReviews(db: Queryable, organizerId: number, f: ReviewFilter): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${REVIEW_FROM} WHERE ${ORGANIZER_WHERE}`, filterParams(organizerId, f));
  return rows[0]?.n ?? 0;
}

export async function findOrganizerReviews(db: Queryable, organizerId: number, f: ReviewFilter, order: ReviewOrder, limit: number, offset: number): Promise<ReviewRow[]> {
  const { rows } = await db.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} ${REVIEW_FROM} WHERE ${ORGANIZER_WHERE} ORDER BY ${ORDER_BY[order]} LIMIT $5 OFFSET $6`,
    [...filterParams(organizerId, f), limit, offset],
  );
  return rows;
}

export async function findOrganizerReview(db: Queryable, organizerId: number, reviewId: number): Promise<ReviewRow | null> {
  const { rows } = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} ${REVIEW_FROM} WHERE r.id = $2 AND e.organizer_user_id = $1`, [organizerId, reviewId]);
  return rows[0] ?? null;
}

/** Stores the reply only on a review of the caller's events that has none yet (one statement). */
export async function storeResponse(db: Queryable, organizerId: number, reviewId: number, message: string, now: Date): Promise<{ event_id: number } | null> {
  const { rows } = await db.query<{ event_id: number }>(
    `UPDATE reviews r SET response = $3, responded_at = $4, responded_by = $1
     FROM events e
     WHERE r.id = $2 AND e.id = r.event_id AND e.organizer_user_id = $1 AND r.response IS NULL
     RETURNING r.event_id`,
    [organizerId, reviewId, message, now],
  );
  return rows[0] ?? null;
}

export async function findUserName(db: Queryable, userId: number): Promise<string> {
  const { rows } = await db.query<{ name: string }>(`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`, [userId]);
  return rows[0]?.name ?? 'The organizer';
}
