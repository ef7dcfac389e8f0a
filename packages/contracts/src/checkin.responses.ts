// Answers of check-in at the gate.
import * as z from 'zod/mini';
import { ATTENDEE_STATUSES, CHECKIN_LOG_ACTIONS, CHECKIN_LOG_RESULTS, CHECKIN_RESULTS } from './organizer-enums';
import { pageInfoShape } from './organizer.responses';
import { TICKET_CATEGORIES } from './pricing';

const id = z.int().check(z.positive());

/** The ticket(s) a scan is about: one seat's ticket, or every seat of an order's one QR from before tickets per seat. */
export const checkinAttendeeSchema = z.object({
  /** The seat's ticket; null for an order's QR from before tickets per seat. */
  ticketId: z.nullable(z.string()),
  /** The short code, grouped (null with ticketId). */
  code: z.nullable(z.string()),
  orderId: id,
  transactionNo: z.string(),
  name: z.string(),
  section: z.string(),
  seats: z.array(id),
  /** The seats as the grid names them (e.g. 'A3'). */
  seatNames: z.array(z.string()),
  /** Each seat's ticket category, in the order of `seats`. */
  categories: z.array(z.enum(TICKET_CATEGORIES)),
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
  /** The event's check-in window (ISO instants) for too_early and too_late; null otherwise. */
  doors: z.nullable(z.object({ opensAt: z.string(), closesAt: z.string() })),
  /** Whether the same scan sent again with `override: true` would admit (too_early, too_late). */
  overridable: z.boolean(),
  /** true when admitted outside the window by override. */
  overridden: z.boolean(),
  /** For admitted tickets other than Regular, what the usher checks: 'Check ID: Senior Citizen' (idCheckText); null otherwise. */
  idCheck: z.nullable(z.string()),
});
export type CheckinResponse = z.infer<typeof checkinResponseSchema>;

export const undoCheckinResponseSchema = z.object({
  success: z.literal(true),
  ticketId: z.string(),
  status: z.enum(ATTENDEE_STATUSES),
  /** When the undone check-in had been made. */
  undoneCheckedInAt: z.string(),
});
export type UndoCheckinResponse = z.infer<typeof undoCheckinResponseSchema>;

/**
 * The check-in log of one event, newest first: scans (with their answer), check-ins by hand, scans
 * synced from offline gates, undos (with the reason), and conflicts: a ticket admitted at two gates
 * while offline (`detail` names both gates and times).
 */
export const checkinLogEntrySchema = z.object({
  id,
  at: z.string(),
  action: z.enum(CHECKIN_LOG_ACTIONS),
  result: z.enum(CHECKIN_LOG_RESULTS),
  by: z.string(),
  /** The gate device's name, for scans made at a named gate. */
  gate: z.nullable(z.string()),
  transactionNo: z.nullable(z.string()),
  attendee: z.nullable(z.string()),
  /** The seats the entry is about, as the grid names them. */
  seatNames: z.array(z.string()),
  /** Admitted outside the check-in window by override. */
  overridden: z.boolean(),
  reason: z.nullable(z.string()),
  detail: z.nullable(z.string()),
});
export const checkinLogResponseSchema = z.object({ success: z.literal(true), entries: z.array(checkinLogEntrySchema), ...pageInfoShape });
export type CheckinLogResponse = z.infer<typeof checkinLogResponseSchema>;
