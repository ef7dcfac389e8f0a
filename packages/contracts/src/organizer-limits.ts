// Limits and texts of the organizer area that the screens use too. No validator imported: an app
// that imports them does not bundle the request schemas of organizer.ts (full zod).

/** Seat Planning: rows x columns, capacity = rows x columns (rows are lettered A-Z, hence 26). */
export const SEAT_PLAN_LIMITS = { min: 1, defaultRows: 6, defaultColumns: 10, maxRows: 26, maxColumns: 50 } as const;

/** Banner image (Create Event): checked on the server by content. 5 MB = 5 x 1024 x 1024 bytes. */
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_MAX_SIDE = 4000;
export const BANNER_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type BannerContentType = (typeof BANNER_CONTENT_TYPES)[number];
/**
 * Content-Types POST /api/organizer/banners accepts for the raw image body. None of them is a
 * CORS-safelisted type, so a cross-site page cannot send one without a preflight (which CORS
 * refuses): the same protection a JSON body has. The type itself is not trusted: the bytes decide.
 */
export const BANNER_UPLOAD_TYPES = [...BANNER_CONTENT_TYPES, 'application/octet-stream'] as const;
/**
 * A banner is stored re-encoded (WebP) in two sizes: the event page's, at most BANNER_PAGE_SIDE px
 * a side (its `url`), and the cards', at most BANNER_CARD_SIDE (the same url with ?w=480).
 */
export const BANNER_PAGE_SIDE = 1600;
export const BANNER_CARD_SIDE = 480;
/** The cards' size of an event image: an uploaded banner's small one; other images (the generated posters) as they are. */
export function cardImageUrl(img: string): string {
  return /^\/api\/banners\/[A-Za-z0-9_-]{22}$/.test(img) ? `${img}?w=${BANNER_CARD_SIDE}` : img;
}
/** Ticket price in pesos: 0 (free) up to this, at most two decimals. */
export const EVENT_PRICE_MAX = 100_000;

/**
 * The check-in window of an event: doors open `opens` minutes before the start and check-in closes
 * `closes` minutes after the end (or the end of the start day without one); whole minutes, 0 to max.
 * The database's defaults and CHECK constraints say the same.
 */
export const CHECKIN_WINDOW_LIMITS = { min: 0, max: 1440, defaultOpensMinutes: 180, defaultClosesMinutes: 0 } as const;

/**
 * One-line definitions of the Dashboard cards (the screen shows them on hover). A ticket is one
 * paid order (one or more seats). An event has ended at its end time, or, without one, at the end
 * of its start day in Manila. Present = all - no-shows - open.
 */
export const DASHBOARD_CARD_DEFINITIONS = {
  noShows: 'Paid tickets never checked in, for events that have ended.',
  dueToday: 'Paid tickets not yet checked in, for events running today: started or starting by midnight (Manila time) and not yet ended.',
  open: 'Paid tickets not yet checked in, for events that have not ended (today\'s included).',
  all: 'Every paid ticket for your events, checked in or not.',
} as const;
