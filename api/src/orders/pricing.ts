// The arithmetic of a ticket's price, in one place: a seat's base price (its section's), one
// discount, the price paid. Amounts are computed in whole centavos and given back in pesos, so
// every rounding happens once, half up, per ticket.
//
// One discount per ticket, never two: the larger of its category's (the law's 20% for Senior
// Citizen and PWD, the organizer's for Student and Child) and its promo code's. A senior citizen
// who also has a promo code gets whichever is worth more, as the law's rules on promotional
// discounts say; a tie keeps the category's. A ticket's price never goes below zero.
import type { DiscountKind, OrderLine, PromoCodeKind, TicketCategory } from '@sports/contracts';

/** What a category takes off: a percentage, and whether by law or by the organizer (null: nothing). */
export interface CategoryDiscount {
  percent: number;
  kind: Extract<DiscountKind, 'law' | 'category'> | null;
}

/** A promo code's rule: what it takes off each ticket it applies to. */
export interface PromoRule {
  kind: PromoCodeKind;
  /** Percent (0.01..100) or pesos. */
  value: number;
  /** null: every section. */
  sectionIds: readonly number[] | null;
  /** null: every category. */
  categories: readonly TicketCategory[] | null;
}

export interface LineChoice {
  seat: number;
  category: TicketCategory;
  /** Pesos: the seat's section price. */
  basePrice: number;
}

export interface PricedLine extends LineChoice {
  discount: number;
  discountKind: DiscountKind | null;
  price: number;
}

export function toCentavos(pesos: number): number {
  return Math.round(pesos * 100);
}

function toPesos(centavos: number): number {
  return centavos / 100;
}

/** `percent` (two decimals at most) of an amount in centavos, rounded half up to the centavo, in integers only. */
export function percentOf(centavos: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  return Math.floor((centavos * hundredths + 5000) / 10_000);
}

/** Whether a promo code applies to a ticket of this category in this section. */
export function codeAppliesTo(code: PromoRule, category: TicketCategory, sectionId: number): boolean {
  return (code.sectionIds === null || code.sectionIds.includes(sectionId)) && (code.categories === null || code.categories.includes(category));
}

/** One ticket: its base price, the larger of its two possible discounts, and what is left to pay. */
export function priceLine(line: LineChoice, category: CategoryDiscount, code: PromoRule | null, sectionId: number): PricedLine {
  const base = toCentavos(line.basePrice);
  const byCategory = category.kind === null ? 0 : Math.min(base, percentOf(base, category.percent));
  let byCode = 0;
  if (code && codeAppliesTo(code, line.category, sectionId)) {
    byCode = Math.min(base, code.kind === 'percent' ? percentOf(base, code.value) : toCentavos(code.value));
  }
  const discount = Math.max(byCategory, byCode);
  let discountKind: DiscountKind | null = null;
  if (discount > 0) discountKind = byCode > byCategory ? 'code' : category.kind;
  return { ...line, basePrice: toPesos(base), discount: toPesos(discount), discountKind, price: toPesos(base - discount) };
}

/** Every ticket of an order priced, and its total (the sum of the prices, exact in centavos). */
export function priceOrder(
  lines: readonly LineChoice[],
  categoryOf: (category: TicketCategory) => CategoryDiscount,
  code: PromoRule | null,
  sectionId: number,
): { lines: PricedLine[]; total: number } {
  const priced = lines.map((l) => priceLine(l, categoryOf(l.category), code, sectionId));
  return { lines: priced, total: toPesos(priced.reduce((sum, l) => sum + toCentavos(l.price), 0)) };
}

/** A new hold's lines: every seat Regular at an equal share of what booking charged (its section's price each). */
export function regularLines(seats: readonly number[], seatNames: readonly string[], total: number): OrderLine[] {
  const each = seats.length === 0 ? 0 : toPesos(Math.round(toCentavos(total) / seats.length));
  return seats.map((seat, i) => ({ seat, seatName: seatNames[i] ?? String(seat), category: 'regular', basePrice: each, discount: 0, price: each }));
}
