// The arithmetic of ticket prices (orders/pricing.ts), property by property with fast-check, in
// centavos computed here independently of the module (BigInt, so no float can hide an error).
import fc from 'fast-check';
import { TICKET_CATEGORIES } from '@sports/contracts';
import type { TicketCategory } from '@sports/contracts';
import { percentOf, priceLine, priceOrder, toCentavos } from '../src/orders/pricing';
import type { CategoryDiscount, PromoRule } from '../src/orders/pricing';

const centavos = fc.integer({ min: 0, max: 10_000_000 });
const pesos = centavos.map((c) => c / 100);
const percent = fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100);
const category = fc.constantFrom(...TICKET_CATEGORIES);
const categoryDiscount: fc.Arbitrary<CategoryDiscount> = fc.oneof(
  fc.constant<CategoryDiscount>({ percent: 0, kind: null }),
  percent.map((p): CategoryDiscount => ({ percent: p, kind: 'law' })),
  percent.map((p): CategoryDiscount => ({ percent: p, kind: 'category' })),
);
const code: fc.Arbitrary<PromoRule | null> = fc.option(
  fc.record({
    kind: fc.constantFrom('percent' as const, 'amount' as const),
    value: fc.integer({ min: 1, max: 10_000_000 }).map((c) => c / 100),
    sectionIds: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 13 }), { minLength: 1, maxLength: 13 })),
    categories: fc.option(fc.uniqueArray(category, { minLength: 1, maxLength: 5 })),
  }).map((r): PromoRule => (r.kind === 'percent' ? { ...r, value: Math.min(r.value, 100) } : r)),
);
const section = fc.integer({ min: 1, max: 13 });

/** Half up, in integers: `percent` (two decimals) of `base` centavos. */
function expectedPercentOf(base: number, pct: number): number {
  const hundredths = BigInt(Math.round(pct * 100));
  return Number((BigInt(base) * hundredths + 5000n) / 10_000n);
}

function applies(rule: PromoRule, cat: TicketCategory, sectionId: number): boolean {
  return (rule.sectionIds === null || rule.sectionIds.includes(sectionId)) && (rule.categories === null || rule.categories.includes(cat));
}

describe('ticket pricing', () => {
  it('rounds a percentage half up to the centavo', () => {
    expect(percentOf(12_345, 20)).toBe(2469);
    expect(percentOf(25, 50)).toBe(13);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(1, 49.99)).toBe(0);
    fc.assert(fc.property(centavos, percent, (base, pct) => percentOf(base, pct) === expectedPercentOf(base, pct)));
  });

  it('never goes below zero, never takes more than the base, and pays base minus discount to the centavo', () => {
    fc.assert(
      fc.property(pesos, category, categoryDiscount, code, section, (base, cat, byCategory, rule, sectionId) => {
        const line = priceLine({ seat: 1, category: cat, basePrice: base }, byCategory, rule, sectionId);
        expect(line.price).toBeGreaterThanOrEqual(0);
        expect(line.discount).toBeGreaterThanOrEqual(0);
        expect(line.discount).toBeLessThanOrEqual(line.basePrice);
        expect(toCentavos(line.basePrice) - toCentavos(line.discount)).toBe(toCentavos(line.price));
        for (const amount of [line.basePrice, line.discount, line.price]) expect(Number.isInteger(toCentavos(amount)) && Math.abs(amount * 100 - toCentavos(amount)) < 1e-6).toBe(true);
      }),
    );
  });

  it('gives one discount, the larger of the category’s and the code’s, never their sum', () => {
    fc.assert(
      fc.property(centavos, category, categoryDiscount, code, section, (base, cat, byCategory, rule, sectionId) => {
        const line = priceLine({ seat: 1, category: cat, basePrice: base / 100 }, byCategory, rule, sectionId);
        const fromCategory = byCategory.kind === null ? 0 : Math.min(base, expectedPercentOf(base, byCategory.percent));
        let fromCode = 0;
        if (rule && applies(rule, cat, sectionId)) fromCode = Math.min(base, rule.kind === 'percent' ? expectedPercentOf(base, rule.value) : Math.round(rule.value * 100));
        expect(toCentavos(line.discount)).toBe(Math.max(fromCategory, fromCode));
        if (line.discount === 0) expect(line.discountKind).toBeNull();
        else expect(line.discountKind).toBe(fromCode > fromCategory ? 'code' : byCategory.kind);
      }),
    );
  });

  it('totals an order as the exact sum of its tickets’ prices', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(pesos, category), { minLength: 1, maxLength: 10 }), categoryDiscount, code, section, (seats, byCategory, rule, sectionId) => {
        const lines = seats.map(([basePrice, cat], i) => ({ seat: i + 1, category: cat, basePrice }));
        const { lines: priced, total } = priceOrder(lines, () => byCategory, rule, sectionId);
        expect(toCentavos(total)).toBe(priced.reduce((sum, l) => sum + toCentavos(l.price), 0));
        expect(total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('prices the law’s 20% on a ₱1,200 Lower Box seat, and a ₱300 code for that section instead', () => {
    const base = { seat: 4, category: 'senior' as const, basePrice: 1200 };
    expect(priceLine(base, { percent: 20, kind: 'law' }, null, 6)).toMatchObject({ discount: 240, discountKind: 'law', price: 960 });
    const amount: PromoRule = { kind: 'amount', value: 300, sectionIds: [6], categories: null };
    expect(priceLine(base, { percent: 20, kind: 'law' }, amount, 6)).toMatchObject({ discount: 300, discountKind: 'code', price: 900 });
    expect(priceLine(base, { percent: 20, kind: 'law' }, amount, 7)).toMatchObject({ discount: 240, discountKind: 'law', price: 960 });
  });
});
