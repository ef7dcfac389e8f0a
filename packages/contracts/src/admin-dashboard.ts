import { z } from 'zod';

/** Rows in the dashboard's short lists (recent organizations, pending inquiries). */
export const DASHBOARD_LIST_SIZE = 5;
/** Years the sales chart may ask for. */
export const SALES_YEAR_MIN = 2000;
export const SALES_YEAR_MAX = 2100;

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
export type SalesQuery = z.infer<typeof salesQuerySchema>;
