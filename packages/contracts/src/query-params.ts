// Query parameters that several list screens take, declared once.
import { z } from 'zod';

/** `?page=`: a whole number from 1 (absent: 1). A page past the last answers an empty list. */
export const pageParam = z
  .string({ error: 'page must be a whole number from 1' })
  .regex(/^\d{1,6}$/, 'page must be a whole number from 1')
  .transform(Number)
  .refine((n) => n >= 1, 'page must be a whole number from 1')
  .optional();

/** A list that takes nothing but `?page=`. */
export const pageQuerySchema = z.object({ page: pageParam });
