// Answers of check-in at the gate.
import * as z from 'zod/mini';
import { ATTENDEE_STATUSES, CHECKIN_LOG_ACTIONS, CHECKIN_LOG_RESULTS, CHECKIN_RESULTS } from './organizer-enums';
import { pageInfoShape } from './organizer.responses';

const id = z.int().check(z.positive());

export const checkinAttendeeSchema = z.object({
  orderId: id,
  transactionNo: z.string(),
  name: z.string(),
  section: z.string(),
  seats: z.array(id),
  /** The seats as the grid names them (e.g. 'A3'). */
  seatNames: z.array(z.string()),
  event: z.object({ id, name: z.string() }),
});

/**
 * Every scan that reaches the API is answered 200 with its `result` (and logged); `headline` is
 * the large text (CHECKIN_HEADLINES), `message` the sentence under it. `checkedInAt`: the time of
 * the check-in (checked_in) or of the first scan (already_checked_in). `attendee` only for the
 * caller's own genuine tickets; `ticketEvent` names the caller's event a wrong_event ticket is for
 * (null when the ticket is another organizer's).
 */
export const checkinResponseSchema = z.object({
  success: z.literal(true),
  result: z.enum(CHECKIN_RESULTS),
  headline: z.string(),
  message: z.string(),
  checkedInAt: z.nullable(z.string()),
  attendee: z.nullable(checkinAttendeeSchema),
  ticketEvent: z.nullable(z.object({ id, name: z.string() })),
});
export type CheckinResponse = z.infer<typeof checkinResponseSchema>;

export const undoCheckinResponseSchema = z.object({
  success: z.literal(true),
  orderId: id,
  status: z.enum(ATTENDEE_STATUSES),
  /** When the undone check-in had been made. */
  undoneCheckedInAt: z.string(),
});
export type UndoCheckinResponse = z.infer<typeof undoCheckinResponseSchema>;

/** The check-in log of one event, newest first: scans (with their answer) and undos (with the reason). */
export const checkinLogEntrySchema = z.object({
  id,
  at: z.string(),
  action: z.enum(CHECKIN_LOG_ACTIONS),
  result: z.enum(CHECKIN_LOG_RESULTS),
  by: z.string(),
  transactionNo: z.nullable(z.string()),
  attendee: z.nullable(z.string()),
  reason: z.nullable(z.string()),
});
export const checkinLogResponseSchema = z.object({ success: z.literal(true), entries: z.array(checkinLogEntrySchema), ...pageInfoShape });
export type CheckinLogResponse = z.infer<typeof checkinLogResponseSchema>;
