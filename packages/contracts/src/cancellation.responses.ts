// The answers of cancelling an event: what it would affect, and what it did.
import * as z from 'zod/mini';

/** What cancelling affects: paid orders, their tickets and the pesos refunded. */
const impact = { orders: z.int(), tickets: z.int(), amount: z.number() };

/** GET .../events/:id/cancellation: what the confirmation says before cancelling. */
export const cancellationPreviewResponseSchema = z.object({ success: z.literal(true), eventId: z.int(), name: z.string(), ...impact });
export type CancellationPreviewResponse = z.infer<typeof cancellationPreviewResponseSchema>;

/** POST .../events/:id/cancel: what it did (the refunds then run in the background). */
export const cancelEventResponseSchema = z.object({ success: z.literal(true), eventId: z.int(), ...impact });
export type CancelEventResponse = z.infer<typeof cancelEventResponseSchema>;
