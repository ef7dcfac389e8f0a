/** What a free event's price reads as, everywhere (SPEC: "FREE or a peso price"). */
export const FREE_PRICE = 'FREE';

const pesos = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });

/** An event's price as visitors and organizers read it: FREE for a free event (or a price of 0), otherwise pesos (₱1,250.00). */
export function formatPrice({ price, isFree = false }: { price: number; isFree?: boolean }): string {
  return isFree || price === 0 ? FREE_PRICE : pesos.format(price);
}
