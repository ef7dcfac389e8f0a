// Requests of check-in at the gate (/api/organizer/checkins...).
import { z } from 'zod';
import { pageQuerySchema } from './query-params';
import { requiredText } from './text';

const eventIdField = z
  .number({ error: 'eventId must be a positive whole number' })
  .int('eventId must be a positive whole number')
  .min(1, 'eventId must be a positive whole number')
  .max(2_147_483_647, 'eventId must be a positive whole number')
  .optional();
/** Admit although the check-in window is closed (too early or too late): a deliberate second action, logged. */
const overrideField = z.boolean({ error: 'override must be true or false' }).optional();

/**
 * POST /api/organizer/checkins: the scanned QR text as the camera, a USB scanner or a paste gave
 * it, or a ticket's short code as typed (any case, spaces and dashes ignored), and optionally the
 * event selected on the Attendee List (a ticket of another event is then answered `wrong_event`).
 */
export const checkinRequestSchema = z.object({
  qr: z.string({ error: 'qr must be the scanned text' }).min(1, 'qr must be the scanned text').max(65_536, 'qr is too long'),
  eventId: eventIdField,
  override: overrideField,
});

/** POST /api/organizer/tickets/:ticketId/checkin: Check in by hand from the Attendee List. */
export const handCheckinRequestSchema = z.object({ eventId: eventIdField, override: overrideField });
export type CheckinRequest = z.infer<typeof checkinRequestSchema>;

/** POST /api/organizer/tickets/:ticketId/checkin/undo */
export const undoCheckinRequestSchema = z.object({
  reason: requiredText({ required: 'Give a reason for undoing the check-in', max: 500, tooLong: 'Reason is too long (at most 500 characters)' }),
});

/** GET /api/organizer/events/:id/checkin-log?page= */
export const checkinLogQuerySchema = pageQuerySchema;
