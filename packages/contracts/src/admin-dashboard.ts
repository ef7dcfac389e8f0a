import { z } from 'zod';
import { SALES_YEAR_MAX, SALES_YEAR_MIN } from './limits';

/**
 * GET /api/admin/dashboard/sales?year=YYYY — tickets sold per month of that year (Asia/Manila).
 * Without a year: the latest year with sales (the current year when nothing was ever sold).
 */
export const salesQuerySchema = z.object({
  year: z
    .string({ error: 'year must be a year such as 2024' })
    .regex(/^\d{4}$/, 'year must be a year such as 2024')
    .transform(Number)
    .refine((y) => y >= SALES_YEAR_MIN && y <= SALES_YEAR_MAX, `year must be from ${SALES_YEAR_MIN} to ${SALES_YEAR_MAX}`)
    .optional(),
});
