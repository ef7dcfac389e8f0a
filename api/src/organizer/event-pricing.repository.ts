// SQL of an event's prices and ticket categories (migration 0318): a price per arena section, or
// none (one price for all seats: events.price), and the categories offered besides Regular.
import type { OfferableCategory } from '@sports/contracts';
import type { Queryable } from '../db';

export interface ArenaSectionRow {
  id: number;
  label: string;
}

/** The arena's sections (what an event without its own seat plan is sold on), in id order. */
export async function findArenaSections(db: Queryable): Promise<ArenaSectionRow[]> {
  const { rows } = await db.query<ArenaSectionRow>('SELECT id, label FROM sections WHERE event_id IS NULL ORDER BY id');
  return rows;
}

export interface SectionPriceRow {
  section_id: number;
  label: string;
  price: number;
}

export async function findSectionPrices(db: Queryable, eventId: number): Promise<SectionPriceRow[]> {
  const { rows } = await db.query<SectionPriceRow>(
    `SELECT p.section_id, s.label, p.price::float8 AS price
     FROM event_section_prices p JOIN sections s ON s.id = p.section_id
     WHERE p.event_id = $1 ORDER BY s.id`,
    [eventId],
  );
  return rows;
}

export interface CategoryRow {
  category: OfferableCategory;
  discount_percent: number | null;
}

export async function findTicketCategories(db: Queryable, eventId: number): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>(
    `SELECT category, discount_percent::float8 AS discount_percent FROM event_ticket_categories WHERE event_id = $1
     ORDER BY array_position(ARRAY['student', 'child', 'senior', 'pwd'], category)`,
    [eventId],
  );
  return rows;
}

export async function hasSeatPlan(db: Queryable, eventId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM event_seat_plans WHERE event_id = $1', [eventId]);
  return (rowCount ?? 0) > 0;
}

/** Replaces the event's section prices: none (one price for all) or one row per section given. */
export async function replaceSectionPrices(db: Queryable, eventId: number, prices: ReadonlyArray<{ sectionId: number; price: number }> | null): Promise<void> {
  await db.query('DELETE FROM event_section_prices WHERE event_id = $1', [eventId]);
  if (!prices || prices.length === 0) return;
  await db.query(
    `INSERT INTO event_section_prices (event_id, section_id, price)
     SELECT $1, u.section_id, u.price FROM unnest($2::int[], $3::numeric[]) AS u (section_id, price)`,
    [eventId, prices.map((p) => p.sectionId), prices.map((p) => p.price)],
  );
}

export async function replaceTicketCategories(db: Queryable, eventId: number, categories: ReadonlyArray<{ category: OfferableCategory; discountPercent: number | null }>): Promise<void> {
  await db.query('DELETE FROM event_ticket_categories WHERE event_id = $1', [eventId]);
  if (categories.length === 0) return;
  await db.query(
    `INSERT INTO event_ticket_categories (event_id, category, discount_percent)
     SELECT $1, u.category, u.discount FROM unnest($2::text[], $3::numeric[]) AS u (category, discount)`,
    [eventId, categories.map((c) => c.category), categories.map((c) => c.discountPercent)],
  );
}
