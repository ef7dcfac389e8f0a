import { z } from 'zod';
import { GENRES } from './enums';

export const genreSchema = z.enum(GENRES);

/** SPEC §3 "Event": the visitor-facing event. `img` is a path on the API (prefix it with `assetUrl`). */
export const eventSchema = z.object({
  id: z.number().int().positive(),
  genre: genreSchema,
  title: z.string(),
  description: z.string(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  price: z.number().nonnegative(),
  isFree: z.boolean(),
  img: z.string(),
  time: z.string().optional(),
  organizer: z.string().optional(),
  about: z.string().optional(),
  /** ISO instant at which sales close (the event's start). */
  startsAt: z.string(),
});
export type Event = z.infer<typeof eventSchema>;

/** SPEC §3 "Featured event entry". */
export const featuredEventSchema = z.object({
  title: z.string(),
  text: z.string(),
  img: z.string(),
  button: z.string(),
  eventId: z.number().int().positive(),
});
export type FeaturedEvent = z.infer<typeof featuredEventSchema>;

/** SPEC §3 "Section": map position and size are percentages of the venue drawing. */
export const sectionSchema = z.object({
  id: z.number().int().positive(),
  label: z.string(),
  capacity: z.number().int().positive(),
  level: z.enum(['upper', 'lower']),
  map: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
});
export type Section = z.infer<typeof sectionSchema>;

export const eventsQuerySchema = z.object({ genre: genreSchema.optional() });
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export interface EventsResponse { success: true; events: Event[] }
export interface EventResponse { success: true; event: Event }
export interface FeaturedResponse { success: true; featured: FeaturedEvent[] }
export interface SectionsResponse { success: true; sections: Section[] }
