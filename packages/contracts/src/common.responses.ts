import * as z from 'zod/mini';

/** Every refusal of the API: `{ success: false, error }` with a fitting 4xx/5xx status. */
export const errorResponseSchema = z.object({ success: z.literal(false), error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A write that answers nothing but its success. */
export const successResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

/** GET /api/health: 200 with the database up, 503 with it down. */
export const healthResponseSchema = z.object({ success: z.boolean(), database: z.enum(['up', 'down']) });
