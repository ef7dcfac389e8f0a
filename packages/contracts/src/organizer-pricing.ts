// Create Event's prices and ticket categories (PRODUCT §9 "Prices"): one price for all seats or a
// price per section of the arena, and the categories offered besides Regular. The API and the
// form check the same rules with the same messages.
import { EVENT_PRICE_MAX } from './organizer-limits';
import { TICKET_CATEGORIES, TICKET_CATEGORY_LABELS } from './pricing';
import type { OfferableCategory, TicketCategory } from './pricing';

export const EVENT_PRICING_MESSAGES = {
  sectionPriceType: 'A section price must be a number of pesos (0 for free seats)',
  sectionPriceNegative: 'A section price cannot be negative',
  sectionPriceMax: `A section price must be at most ${EVENT_PRICE_MAX} pesos`,
  sectionPriceDecimals: 'A section price may have at most two decimals',
  sectionUnknown: 'Unknown section: a price per section is for the sections of the arena',
  sectionMissing: 'Give a price for every section of the arena',
  sectionTwice: 'Each section has one price: a section is listed twice',
  seatPlanOnePrice: 'This event has its own seat plan: it has one price for all seats, not a price per section',
  categoryUnknown: 'Unknown ticket category: choose Student, Child, Senior Citizen or PWD',
  categoryTwice: 'Each ticket category is offered once',
} as const;

/** The message for a Student or Child discount that is not a percentage from 0 to 100 with at most two decimals. */
export function categoryDiscountMessage(category: OfferableCategory): string {
  return `${TICKET_CATEGORY_LABELS[category]} discount must be a percentage from 0 to 100 (at most two decimals)`;
}

/** Whether a number of pesos or percent has at most two decimals. */
export function hasTwoDecimalsAtMost(n: number): boolean {
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

/** A section price's message, or undefined when it is fine. */
export function sectionPriceError(price: number): string | undefined {
  if (!Number.isFinite(price)) return EVENT_PRICING_MESSAGES.sectionPriceType;
  if (price < 0) return EVENT_PRICING_MESSAGES.sectionPriceNegative;
  if (price > EVENT_PRICE_MAX) return EVENT_PRICING_MESSAGES.sectionPriceMax;
  if (!hasTwoDecimalsAtMost(price)) return EVENT_PRICING_MESSAGES.sectionPriceDecimals;
  return undefined;
}

/** A Student or Child discount's message, or undefined when it is fine. */
export function categoryDiscountError(category: OfferableCategory, percent: number | null | undefined): string | undefined {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100 || !hasTwoDecimalsAtMost(percent)) return categoryDiscountMessage(category);
  return undefined;
}

/**
 * What the gate tells the usher for admitted tickets of these categories: 'Check ID: Senior
 * Citizen' (every category other than Regular, once each, in category order); null for Regular only.
 */
export function idCheckText(categories: readonly TicketCategory[]): string | null {
  const shown = TICKET_CATEGORIES.filter((c) => c !== 'regular' && categories.includes(c));
  return shown.length ? `Check ID: ${shown.map((c) => TICKET_CATEGORY_LABELS[c]).join(', ')}` : null;
}
