import * as z from 'zod/mini';
import { GENRES } from './enums';
import { OFFERABLE_CATEGORIES } from './pricing';

const positiveInt = () => z.int().check(z.positive());

/** SPEC §3 "Event": the visitor-facing event. `img` is a path on the API (prefix it with `assetUrl`). */
export const eventSchema = z.object({
  id: positiveInt(),
  genre: z.enum(GENRES),
  title: z.string(),
  description: z.string(),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** Pesos per seat; with `pricesVary`, the lowest of its sections' prices ("from ₱…"). */
  price: z.number().check(z.nonnegative()),
  isFree: z.boolean(),
  /** Its sections are sold at different prices. */
  pricesVary: z.optional(z.boolean()),
  /** An event's own page, when its sections' prices vary: each section's price per seat. */
  sectionPrices: z.optional(z.array(z.object({ sectionId: positiveInt(), price: z.number() }))),
  /** An event's own page: the ticket categories it offers besides Regular, each with its discount in percent. */
  ticketCategories: z.optional(z.array(z.object({ category: z.enum(OFFERABLE_CATEGORIES), discountPercent: z.number() }))),
  img: z.string(),
  time: z.optional(z.string()),
  organizer: z.optional(z.string()),
  about: z.optional(z.string()),
  /** ISO instant at which sales close (the event's start). */
  startsAt: z.string(),
  /** ISO instant of the end; null when none was announced. */
  endsAt: z.optional(z.nullable(z.string())),
  /** Where it plays: the venue and its address (the parts an event has). */
  venue: z.optional(
    z.object({
      name: z.string(),
      street: z.nullable(z.string()),
      barangay: z.nullable(z.string()),
      city: z.nullable(z.string()),
      province: z.nullable(z.string()),
    }),
  ),
  /** Set when the event was cancelled: it cannot be booked. */
  cancelled: z.optional(z.nullable(z.object({ at: z.string(), reason: z.string() }))),
  /** ISO instant of the start first announced, while the event has been moved to another date. */
  postponedFrom: z.optional(z.nullable(z.string())),
  /** The refund policy: null, no refunds; N, a full refund until N days before the start. */
  refundDaysBefore: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  /** In the lists of events on sale: every seat it is sold on is taken (sold or held). */
  soldOut: z.optional(z.boolean()),
});
export type Event = z.infer<typeof eventSchema>;

/** SPEC §3 "Featured event entry". */
export const featuredEventSchema = z.object({
  title: z.string(),
  text: z.string(),
  img: z.string(),
  button: z.string(),
  eventId: positiveInt(),
});
export type FeaturedEvent = z.infer<typeof featuredEventSchema>;

/** SPEC §3 "Section": map position and size are percentages of the venue drawing. */
export const sectionSchema = z.object({
  id: positiveInt(),
  label: z.string(),
  capacity: positiveInt(),
  level: z.enum(['upper', 'lower']),
  map: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  /** An event's own seat plan: its rows (columns = capacity / rows). Absent for the arena's sections, whose rows follow the level. */
  rows: z.optional(positiveInt()),
});
export type Section = z.infer<typeof sectionSchema>;

export const eventsResponseSchema = z.object({ success: z.literal(true), events: z.array(eventSchema) });
export type EventsResponse = z.infer<typeof eventsResponseSchema>;
export const eventResponseSchema = z.object({ success: z.literal(true), event: eventSchema });
export type EventResponse = z.infer<typeof eventResponseSchema>;
export const featuredResponseSchema = z.object({ success: z.literal(true), featured: z.array(featuredEventSchema) });
export const sectionsResponseSchema = z.object({ success: z.literal(true), sections: z.array(sectionSchema) });
export type SectionsResponse = z.infer<typeof sectionsResponseSchema>;

/** A result of GET /api/events/search: an event on sale, and how many of its seats are not taken. */
export const searchResultSchema = z.extend(eventSchema, { seatsLeft: z.int().check(z.nonnegative()), soldOut: z.boolean() });
export type SearchResult = z.infer<typeof searchResultSchema>;
export const eventSearchResponseSchema = z.object({
  success: z.literal(true),
  events: z.array(searchResultSchema),
  /** Results in all pages. */
  total: z.int().check(z.nonnegative()),
  page: positiveInt(),
  pageSize: positiveInt(),
});
export type EventSearchResponse = z.infer<typeof eventSearchResponseSchema>;
