// Requests of check-in at the gate (/api/organizer/checkins...).
import { z } from 'zod';

/** Longest scanned text taken as a possible ticket; longer text is answered `unreadable`. */
export const CHECKIN_QR_MAX = 4096;
export const CHECKIN_LOG_PAGE_SIZE = 50;

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
export type UndoCheckinRequest = z.infer<typeof undoCheckinRequestSchema>;

/** GET /api/organizer/events/:id/checkin-log?page= */
export const checkinLogQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'page must be a whole number from 1')
    .transform(Number)
    .refine((n) => n >= 1, 'page must be a whole number from 1')
    .optional(),
});
