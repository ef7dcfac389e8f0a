// Requests of check-in at the gate (/api/organizer/checkins...).
import { z } from 'zod';
import { pageQuerySchema } from './query-params';

/**
 * POST /api/organizer/checkins: the scanned QR text as the camera, a USB scanner or a paste gave
 * it, and optionally the event selected on the Attendee List (a ticket of another event is then
 * answered `wrong_event`).
 */
export const checkinRequestSchema = z.object({
  qr: z.string({ error: 'qr must be the scanned text' }).min(1, 'qr must be the scanned text').max(65_536, 'qr is too long'),
  eventId: z
    .number({ error: 'eventId must be a positive whole number' })
    .int('eventId must be a positive whole number')
    .min(1, 'eventId must be a positive whole number')
    .max(2_147_483_647, 'eventId must be a positive whole number')
    .optional(),
});
export type CheckinRequest = z.infer<typeof checkinRequestSchema>;

/** POST /api/organizer/checkins/:orderId/undo */
export const undoCheckinRequestSchema = z.object({
  reason: z
    .string({ error: 'Give a reason for undoing the check-in' })
    .trim()
    .min(1, 'Give a reason for undoing the check-in')
    .max(500, 'Reason is too long (at most 500 characters)'),
});

/** GET /api/organizer/events/:id/checkin-log?page= */
export const checkinLogQuerySchema = pageQuerySchema;
