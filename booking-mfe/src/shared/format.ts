import { CURRENCY, CURRENCY_LOCALE } from './constants';

const pesos = new Intl.NumberFormat(CURRENCY_LOCALE, { style: 'currency', currency: CURRENCY });
const longDate = new Intl.DateTimeFormat(CURRENCY_LOCALE, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/** A peso amount, e.g. ₱150.00. */
export function formatPesos(amount: number): string {
  return pesos.format(amount);
}

/** 'FREE' for free events, otherwise the peso price. */
export function formatPrice(event: { isFree: boolean; price: number }): string {
  return event.isFree || event.price === 0 ? 'FREE' : formatPesos(event.price);
}

/**
 * A calendar date 'YYYY-MM-DD' as 'Sat, Apr 12, 2025'. The date is read as a local calendar day
 * (not as UTC midnight), so it never shifts by one day with the viewer's time zone.
 */
export function formatEventDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, y, m, d] = match;
  return longDate.format(new Date(Number(y), Number(m) - 1, Number(d)));
}

/** True once ticket sales have closed: sales close when the event starts (PRODUCT §1). */
export function salesClosed(event: { startsAt: string }, now: number = Date.now()): boolean {
  const startsAt = Date.parse(event.startsAt);
  return Number.isFinite(startsAt) && startsAt <= now;
}
