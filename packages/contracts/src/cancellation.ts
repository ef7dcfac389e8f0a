// Cancelling an event after its sale began (its organizer, or an admin). A buyer's POST
// /api/orders/:id/cancel answers orderResponseSchema: the order, now refund pending or refunded.
import { z } from 'zod';
import { CANCEL_REASON_MAX } from './limits';
import { requiredText } from './text';

/** POST /api/organizer/events/:id/cancel and /api/admin/events/:id/cancel — body { reason }: told to every ticket holder. */
export const cancelEventRequestSchema = z.object({
  reason: requiredText({ required: 'A reason is required to cancel an event', label: 'Reason', max: CANCEL_REASON_MAX }),
});
export type CancelEventRequest = z.infer<typeof cancelEventRequestSchema>;
