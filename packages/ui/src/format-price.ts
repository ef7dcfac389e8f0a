/** What a free event's price reads as, everywhere (SPEC: "FREE or a peso price"). */
export const FREE_PRICE = 'FREE';

const pesos = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });

/**
 * An event's price as visitors and organizers read it: FREE for a free event (or a price of 0),
 * otherwise pesos (₱1,250.00); from its lowest section price when its sections' prices vary
 * (from ₱500.00).
 */
export function formatPrice({ price, isFree = false, pricesVary = false }: { price: number; isFree?: boolean; pricesVary?: boolean }): string {
  if (pricesVary) return `from ${pesos.format(price)}`;
  return isFree || price === 0 ? FREE_PRICE : pesos.format(price);
}

/** What a seat of `sectionId` costs at the event: its section's own price, else the event's one price. */
export function sectionPrice(event: { price: number; sectionPrices?: readonly { sectionId: number; price: number }[] }, sectionId: number): number {
  return event.sectionPrices?.find((p) => p.sectionId === sectionId)?.price ?? event.price;
}
