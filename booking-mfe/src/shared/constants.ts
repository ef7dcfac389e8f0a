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
