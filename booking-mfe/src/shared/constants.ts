/** Business constants of the booking pages (SPEC §9). */

/** Number of featured events in the home carousel. */
export const CAROUSEL_SLIDE_COUNT = 3;
/** Time a slide stays before the carousel advances by itself. */
export const CAROUSEL_INTERVAL_MS = 5000;
/** Duration of the slide transition. */
export const CAROUSEL_TRANSITION_MS = 700;

/** Peso prices (SPEC: currency peso). */
export const CURRENCY_LOCALE = 'en-PH';
export const CURRENCY = 'PHP';

/** Most seats one order may hold (the seat grid refuses the 11th). */
export const MAX_SEATS_PER_ORDER = 10;
/** The choices of a "How many seats?" select: 1..MAX_SEATS_PER_ORDER. */
export const SEAT_COUNTS: readonly number[] = Array.from({ length: MAX_SEATS_PER_ORDER }, (_, i) => i + 1);

/** A `?seats=N` the section page proposes on arrival: a whole number 1..MAX_SEATS_PER_ORDER, else null. */
export function parseSeatCount(raw: string | null): number | null {
  const n = raw !== null && /^\d{1,2}$/.test(raw) ? Number(raw) : 0;
  return n >= 1 && n <= MAX_SEATS_PER_ORDER ? n : null;
}
/** SPEC §9 "checkout pay delay 1.2 seconds": Pay and Generate QR shows Processing... at least this long. */
export const CHECKOUT_PAY_DELAY_MS = 1200;
