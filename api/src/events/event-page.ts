// An event's own page as visitors read it (GET /api/events/:id), in one place: the admin's approval
// screen previews a request with exactly these fields before it is public.
import type { Event } from '@sports/contracts';
import type { Queryable } from '../db';
import { findEventPageRow } from './events.repository';
import { toEvent } from './events.service';

/**
 * The event with the ticket categories it offers (Senior Citizen and PWD at the law's percentage)
 * and its section prices when they differ; null when there is none (or it is not approved, unless
 * `approvedOnly` is false).
 */
export async function eventPage(db: Queryable, id: number, lawDiscountPercent: number, approvedOnly = true): Promise<Event | null> {
  const row = await findEventPageRow(db, id, approvedOnly);
  if (!row) return null;
  const event: Event = { ...toEvent(row), ticketCategories: row.categories.map((c) => ({ category: c.category, discountPercent: c.percent ?? lawDiscountPercent })) };
  if (row.prices_vary) event.sectionPrices = row.section_prices;
  return event;
}
