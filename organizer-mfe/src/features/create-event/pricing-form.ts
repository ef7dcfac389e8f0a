// Create Event's Tickets part as typed: one price for all seats or a price per arena section, and
// the categories offered besides Regular; checked with the API's messages (@sports/contracts).
import { EVENT_PRICING_MESSAGES, OFFERABLE_CATEGORIES, categoryDiscountError, sectionPriceError } from '@sports/contracts';
import type { EventRequest, OfferableCategory, OrganizerEventDetail } from '@sports/contracts';

export type PricingChoice = 'one' | 'sections';

export interface CategoryChoice {
  offered: boolean;
  /** The organizer's discount as typed (Student, Child); unused for Senior Citizen and PWD (the law's). */
  discount: string;
}

export interface PricingValues {
  pricingChoice: PricingChoice;
  /** Section id -> price as typed. */
  sectionPrices: Record<string, string>;
  categories: Record<OfferableCategory, CategoryChoice>;
}

export const EMPTY_PRICING: PricingValues = {
  pricingChoice: 'one',
  sectionPrices: {},
  categories: { student: { offered: false, discount: '0' }, child: { offered: false, discount: '0' }, senior: { offered: false, discount: '' }, pwd: { offered: false, discount: '' } },
};

export function pricingFromEvent(event: OrganizerEventDetail): PricingValues {
  const categories = { ...EMPTY_PRICING.categories };
  for (const c of event.ticketCategories) categories[c.category] = { offered: true, discount: c.discountPercent === null ? '' : String(c.discountPercent) };
  return {
    pricingChoice: event.sectionPrices.length > 0 ? 'sections' : 'one',
    sectionPrices: Object.fromEntries(event.sectionPrices.map((p) => [String(p.sectionId), String(p.price)])),
    categories,
  };
}

const NUMBER = /^\d+(\.\d+)?$/;

/** A typed section price as pesos, or its message. */
export function parseSectionPrice(value: string): { ok: true; pesos: number } | { ok: false; error: string } {
  const trimmed = value.trim().replace(/,/g, '');
  if (!NUMBER.test(trimmed)) return { ok: false, error: trimmed.startsWith('-') ? EVENT_PRICING_MESSAGES.sectionPriceNegative : EVENT_PRICING_MESSAGES.sectionPriceType };
  const pesos = Number(trimmed);
  const error = sectionPriceError(pesos);
  return error ? { ok: false, error } : { ok: true, pesos };
}

/** A typed Student or Child discount as a percentage, or its message. */
export function parseDiscount(category: OfferableCategory, value: string): { ok: true; percent: number } | { ok: false; error: string } {
  const trimmed = value.trim();
  const percent = NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
  const error = categoryDiscountError(category, Number.isNaN(percent) ? null : percent);
  return error ? { ok: false, error } : { ok: true, percent };
}

export interface PricingErrors {
  /** Section id -> its message. */
  sections: Record<string, string>;
  studentDiscount?: string;
  childDiscount?: string;
}

export function validatePricing(values: PricingValues): PricingErrors {
  const errors: PricingErrors = { sections: {} };
  if (values.pricingChoice === 'sections') {
    for (const [id, typed] of Object.entries(values.sectionPrices)) {
      const parsed = parseSectionPrice(typed);
      if (!parsed.ok) errors.sections[id] = parsed.error;
    }
  }
  for (const category of ['student', 'child'] as const) {
    const choice = values.categories[category];
    if (!choice.offered) continue;
    const parsed = parseDiscount(category, choice.discount);
    if (!parsed.ok) errors[`${category}Discount`] = parsed.error;
  }
  return errors;
}

/** The request's pricing fields; `onePrice` is the one price when that is the choice. */
export function pricingRequest(values: PricingValues, onePrice: number): Pick<EventRequest, 'price' | 'sectionPrices' | 'ticketCategories'> {
  const ticketCategories = OFFERABLE_CATEGORIES.filter((c) => values.categories[c].offered).map((category) => {
    if (category === 'senior' || category === 'pwd') return { category, discountPercent: null };
    const parsed = parseDiscount(category, values.categories[category].discount);
    return { category, discountPercent: parsed.ok ? parsed.percent : Number.NaN };
  });
  if (values.pricingChoice === 'one') return { price: onePrice, sectionPrices: null, ticketCategories };
  const sectionPrices = Object.entries(values.sectionPrices).map(([id, typed]) => {
    const parsed = parseSectionPrice(typed);
    return { sectionId: Number(id), price: parsed.ok ? parsed.pesos : Number.NaN };
  });
  return { price: sectionPrices.length ? Math.min(...sectionPrices.map((p) => p.price)) : onePrice, sectionPrices, ticketCategories };
}

/** A comparable text of the pricing (Cancel asks before dropping a change). */
export function pricingKey(values: PricingValues): string {
  return JSON.stringify([values.pricingChoice, values.pricingChoice === 'sections' ? values.sectionPrices : {}, values.categories]);
}
