import { z } from 'zod';
import { EVENT_STATUSES } from './enums';
import { searchParam } from './admin-accounts';
import { pageParam } from './query-params';
import { REJECTION_REASON_MAX } from './limits';
import { requiredText } from './text';

/**
 * GET /api/admin/events?page=&search=&status=
 * search matches the event name or its organizer (name, email or the organizer line) anywhere,
 * case-insensitively; status narrows it. Newest request first.
 */
export const adminEventsQuerySchema = z.object({
  page: pageParam,
  search: searchParam,
  status: z.enum(EVENT_STATUSES, `status must be one of: ${EVENT_STATUSES.join(', ')}`).optional(),
});
export type AdminEventsQuery = z.infer<typeof adminEventsQuerySchema>;

/** POST /api/admin/events/:id/reject — body { reason }: shown to the organizer on their Event List. */
export const rejectEventRequestSchema = z.object({
  reason: requiredText({ required: 'A reason is required to reject an event', label: 'Reason', max: REJECTION_REASON_MAX }),
});

/** POST /api/admin/events/:id/approve — an empty body ({}). */
export const approveEventRequestSchema = z.object({});
