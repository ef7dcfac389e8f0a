import { z } from 'zod';
import { GENRES } from './enums';
import { pageParam } from './query-params';

export const genreSchema = z.enum(GENRES);
export const eventsQuerySchema = z.object({ genre: genreSchema.optional() });
/** GET /api/sections?event_id=: the sections that event is sold on (its own plan's, or the arena's). */
export const sectionsQuerySchema = z.object({ event_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /api/events/search: how many results one page holds. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_SORTS = ['relevance', 'soonest', 'price', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PRICES = ['free', 'paid'] as const;
export const SEARCH_TEXT_MAX = 100;
export const SEARCH_PRICE_MAX = 1_000_000;
export const SEARCH_SEATS_MAX = 100_000;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
/** YYYY-MM-DD naming a day of the calendar (2026-02-30 is refused). */
const isCalendarDay = (s: string): boolean => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const dayParam = (name: string) => {
  const message = `${name} must be a date as YYYY-MM-DD`;
  return z.string({ error: message }).regex(DAY_FORMAT, message).refine(isCalendarDay, message).optional();
};
const amountParam = (name: string) => {
  const message = `${name} must be an amount in pesos from 0 to ${SEARCH_PRICE_MAX}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,7}(\.\d{1,2})?$/, message)
    .transform(Number)
    .refine((n) => n <= SEARCH_PRICE_MAX, message)
    .optional();
};
/** An empty field of the search form (?q=&genre=) counts as not given. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * GET /api/events/search: the query string. Every parameter is optional; dates are days in Manila,
 * `to` included. Without `sort` the results come best match first when `q` is given, soonest first otherwise.
 */
export const eventSearchQuerySchema = z
  .object({
    q: z.preprocess(
      blankAsAbsent,
      z
        .string({ error: 'q must be text' })
        .trim()
        .max(SEARCH_TEXT_MAX, `q must be at most ${SEARCH_TEXT_MAX} characters`)
        .transform((s) => (s === '' ? undefined : s))
        .optional(),
    ),
    genre: z.preprocess(blankAsAbsent, z.enum(GENRES, { error: `genre must be one of: ${GENRES.join(', ')}` }).optional()),
    from: z.preprocess(blankAsAbsent, dayParam('from')),
    to: z.preprocess(blankAsAbsent, dayParam('to')),
    price: z.preprocess(blankAsAbsent, z.enum(SEARCH_PRICES, { error: 'price must be free or paid' }).optional()),
    minPrice: z.preprocess(blankAsAbsent, amountParam('minPrice')),
    maxPrice: z.preprocess(blankAsAbsent, amountParam('maxPrice')),
    minSeats: z.preprocess(
      blankAsAbsent,
      z
        .string({ error: `minSeats must be a whole number from 1 to ${SEARCH_SEATS_MAX}` })
        .regex(/^\d{1,6}$/, `minSeats must be a whole number from 1 to ${SEARCH_SEATS_MAX}`)
        .transform(Number)
        .refine((n) => n >= 1 && n <= SEARCH_SEATS_MAX, `minSeats must be a whole number from 1 to ${SEARCH_SEATS_MAX}`)
        .optional(),
    ),
    sort: z.preprocess(blankAsAbsent, z.enum(SEARCH_SORTS, { error: `sort must be one of: ${SEARCH_SORTS.join(', ')}` }).optional()),
    page: z.preprocess(blankAsAbsent, pageParam),
  })
  .refine((p) => p.from === undefined || p.to === undefined || p.from <= p.to, { message: 'from must not be after to' })
  .refine((p) => p.minPrice === undefined || p.maxPrice === undefined || p.minPrice <= p.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
  });
export type EventSearchQuery = z.output<typeof eventSearchQuerySchema>;
