import { z } from 'zod';
import { GENRES } from './enums';

export const genreSchema = z.enum(GENRES);
export const eventsQuerySchema = z.object({ genre: genreSchema.optional() });
/** GET /api/sections?event_id=: the sections that event is sold on (its own plan's, or the arena's). */
export const sectionsQuerySchema = z.object({ event_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
