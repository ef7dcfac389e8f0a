import { z } from 'zod';
import { GENRES } from './enums';

export const genreSchema = z.enum(GENRES);
export const eventsQuerySchema = z.object({ genre: genreSchema.optional() });
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
