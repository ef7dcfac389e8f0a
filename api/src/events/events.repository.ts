import type { Genre, OfferableCategory } from '@sports/contracts';
import type { Queryable } from '../db';
import { EVENT_CAPACITY, eventDateSql, eventTimeSql, liveSeatSql } from '../db/event-sql';

/** An event row as the visitor pages need it; dates already rendered in Asia/Manila. */
export interface EventRow {
  id: number;
  genre: Genre;
  title: string;
  description: string;
  about: string | null;
  organizer: string | null;
  price: number;
  date: string;
  time: string | null;
  starts_at: Date;
  featured_rank: number | null;
  featured_text: string | null;
  image_hue: number;
  /** An uploaded banner (organizer events): shown instead of the generated poster. */
  banner_id: string | null;
  ends_at: Date | null;
  venue_name: string | null;
  street_name: string | null;
  barangay_name: string | null;
  city_name: string | null;
  province_name: string | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  postponed_from: Date | null;
  refund_days_before: number | null;
  /** Its sections are sold at different prices (events.price is then the lowest). */
  prices_vary: boolean;
}

/** An event's own page: with the categories it offers (percent null: the law's). */
export interface EventDetailRow extends EventRow {
  categories: { category: OfferableCategory; percent: number | null }[];
  section_prices: { sectionId: number; price: number }[];
}

/** A listed event: with whether every seat it is sold on is taken. */
export interface ListedEventRow extends EventRow {
  sold_out: boolean;
}

export const EVENT_COLUMNS = `
  id, genre, title, description, about, organizer,
  price::float8 AS price,
  ${eventDateSql()} AS date,
  ${eventTimeSql()} AS time,
  starts_at, featured_rank, featured_text, image_hue, banner_id,
  ends_at, venue_name, street_name,
  (SELECT b.name FROM barangays b WHERE b.code = e.barangay_code) AS barangay_name,
  (SELECT c.name FROM cities c WHERE c.code = e.city_code) AS city_name,
  (SELECT p.name FROM cities c JOIN provinces p ON p.code = c.province_code WHERE c.code = e.city_code) AS province_name,
  cancelled_at, cancel_reason, postponed_from, refund_days_before,
  EXISTS (SELECT 1 FROM event_section_prices p WHERE p.event_id = e.id AND p.price <> e.price) AS prices_vary`;

// Seats taken at $2 (sold, or held by a live hold) of the event `e`.
const TAKEN_AT_NOW = `(SELECT count(*) FROM order_seats s JOIN orders o ON o.id = s.order_id WHERE s.event_id = e.id AND ${liveSeatSql('$2')})`;

/**
 * Approved events (optionally of one genre) still on sale at `now`: the ones with seats left
 * soonest first, then the sold-out ones soonest first. Cancelled ones and those whose sales closed
 * (they started) are left out: the lists are for finding something to book; such an event stays
 * at its own page, and a started one among the past events.
 */
export async function findUpcoming(db: Queryable, now: Date, genre?: Genre): Promise<ListedEventRow[]> {
  const { rows } = await db.query<ListedEventRow>(
    `SELECT ${EVENT_COLUMNS}, ${TAKEN_AT_NOW} >= ${EVENT_CAPACITY} AS sold_out FROM events e
     WHERE status = 'Approved' AND cancelled_at IS NULL AND starts_at > $2 AND ($1::text IS NULL OR genre = $1)
     ORDER BY sold_out, starts_at, id`,
    [genre ?? null, now],
  );
  return rows;
}

/** How many past events one page lists, the latest first. */
export const PAST_EVENTS_LIMIT = 60;

/** Approved events (optionally of one genre) that started before `now`, the latest first; cancelled ones left out. */
export async function findPast(db: Queryable, now: Date, genre?: Genre): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events e
     WHERE status = 'Approved' AND cancelled_at IS NULL AND starts_at <= $2 AND ($1::text IS NULL OR genre = $1)
     ORDER BY starts_at DESC, id DESC
     LIMIT ${PAST_EVENTS_LIMIT}`,
    [genre ?? null, now],
  );
  return rows;
}

/** The event `id` with its categories and section prices: an approved one, or any when `approvedOnly` is false (the admin's preview). */
export async function findEventPageRow(db: Queryable, id: number, approvedOnly = true): Promise<EventDetailRow | null> {
  const { rows } = await db.query<EventDetailRow>(
    `SELECT ${EVENT_COLUMNS},
            ARRAY(SELECT json_build_object('category', c.category, 'percent', c.discount_percent::float8) FROM event_ticket_categories c
                  WHERE c.event_id = e.id ORDER BY array_position(ARRAY['student', 'child', 'senior', 'pwd'], c.category)) AS categories,
            ARRAY(SELECT json_build_object('sectionId', p.section_id, 'price', p.price::float8) FROM event_section_prices p
                  WHERE p.event_id = e.id ORDER BY p.section_id) AS section_prices
     FROM events e WHERE id = $1 AND (status = 'Approved' OR NOT $2)`,
    [id, approvedOnly],
  );
  return rows[0] ?? null;
}

/** Approved events with a carousel rank still on sale at `now`, in rank order (not cancelled ones). */
export async function findFeatured(db: Queryable, now: Date): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events e
     WHERE status = 'Approved' AND cancelled_at IS NULL AND featured_rank IS NOT NULL AND starts_at > $1
     ORDER BY featured_rank`,
    [now],
  );
  return rows;
}
