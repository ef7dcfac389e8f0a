// An event's prices and ticket categories on Create Event: the checks the schema cannot make (the
// sections are the arena's, every one priced; an event with its own seat plan has one price) and
// their writing in the request's transaction. events.price stays the lowest price a seat sells at:
// the section prices' lowest with a price per section, the one price otherwise.
import { EVENT_PRICING_MESSAGES } from '@sports/contracts';
import type { EventRequest, OfferableCategory, OrganizerEventDetail } from '@sports/contracts';
import type { Queryable } from '../db';
import { badRequest } from '../errors';
import * as repo from './event-pricing.repository';

export interface EventPricing {
  /** null: one price for all seats. */
  sectionPrices: Array<{ sectionId: number; price: number }> | null;
  /** undefined: unchanged (none on a new event). */
  ticketCategories: Array<{ category: OfferableCategory; discountPercent: number | null }> | undefined;
}

/** The request's pricing after checking its sections against the arena's; `price` is what events.price becomes. */
export async function checkedPricing(db: Queryable, input: EventRequest): Promise<{ pricing: EventPricing; price: number }> {
  const ticketCategories = input.ticketCategories;
  if (!input.sectionPrices) return { pricing: { sectionPrices: null, ticketCategories }, price: input.price };
  const arena = new Set((await repo.findArenaSections(db)).map((s) => s.id));
  if (input.sectionPrices.some((p) => !arena.has(p.sectionId))) throw badRequest(EVENT_PRICING_MESSAGES.sectionUnknown);
  if (input.sectionPrices.length !== arena.size) throw badRequest(EVENT_PRICING_MESSAGES.sectionMissing);
  const sectionPrices = input.sectionPrices.map((p) => ({ sectionId: p.sectionId, price: p.price }));
  return { pricing: { sectionPrices, ticketCategories }, price: Math.min(...sectionPrices.map((p) => p.price)) };
}

/** Writes the pricing of the event, in the caller's transaction; a price per section on an event with its own seat plan is refused (400). */
export async function savePricing(tx: Queryable, eventId: number, pricing: EventPricing): Promise<void> {
  if (pricing.sectionPrices && (await repo.hasSeatPlan(tx, eventId))) throw badRequest(EVENT_PRICING_MESSAGES.seatPlanOnePrice);
  await repo.replaceSectionPrices(tx, eventId, pricing.sectionPrices);
  if (pricing.ticketCategories !== undefined) await repo.replaceTicketCategories(tx, eventId, pricing.ticketCategories);
}

/** The event's pricing as Create Event shows it back. */
export async function pricingOf(db: Queryable, eventId: number): Promise<Pick<OrganizerEventDetail, 'sectionPrices' | 'ticketCategories'>> {
  const [prices, categories] = await Promise.all([repo.findSectionPrices(db, eventId), repo.findTicketCategories(db, eventId)]);
  return {
    sectionPrices: prices.map((p) => ({ sectionId: p.section_id, label: p.label, price: p.price })),
    ticketCategories: categories.map((c) => ({ category: c.category, discountPercent: c.discount_percent })),
  };
}

/** The pricing as it stands, in the audit trail's terms (to tell whether an edit changed it). */
export function pricingSnapshot(p: Pick<OrganizerEventDetail, 'sectionPrices' | 'ticketCategories'>): { sectionPrices: Array<[number, number]>; ticketCategories: Array<[string, number | null]> } {
  return { sectionPrices: p.sectionPrices.map((s) => [s.sectionId, s.price]), ticketCategories: p.ticketCategories.map((c) => [c.category, c.discountPercent]) };
}

export async function pricingOptions(db: Queryable, lawDiscountPercent: number, priceMax: number): Promise<{ sections: repo.ArenaSectionRow[]; lawDiscountPercent: number; priceMax: number }> {
  return { sections: await repo.findArenaSections(db), lawDiscountPercent, priceMax };
}
