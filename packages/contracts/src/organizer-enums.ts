// Enumerations of the organizer area (events, attendees, check-in, reviews), declared once here
// with no validator, like enums.ts: the database's CHECK constraints list the
// same values (api/test/organizer-enums.test.ts holds them together).

/** An attendee (one paid ticket) is Present once checked in, Absent otherwise (SPEC §3). */
export const ATTENDEE_STATUSES = ['Present', 'Absent'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

/** What a scan at the gate answers (POST /api/organizer/checkins). */
export const CHECKIN_RESULTS = [
  'checked_in',
  'already_checked_in',
  'wrong_event',
  'forged',
  'altered',
  'not_paid',
  'unreadable',
  'not_found',
  'too_early',
  'too_late',
  'cancelled',
  'refunded',
  'transferred',
  // Only a gate's sync answers these (docs/checkin.md): a scan time the server cannot believe.
  'in_future',
  'before_download',
] as const;
export type CheckinResult = (typeof CHECKIN_RESULTS)[number];

/** The headline the scan screen shows, large, for each answer (the API's `message` adds details). */
export const CHECKIN_HEADLINES: Readonly<Record<CheckinResult, string>> = {
  checked_in: 'Checked in',
  already_checked_in: 'Already checked in',
  wrong_event: 'Not for this event',
  forged: 'Forged ticket',
  altered: 'Altered ticket',
  not_paid: 'Ticket not paid',
  unreadable: 'Not a ticket code',
  not_found: 'Not found',
  too_early: 'Too early',
  too_late: 'Too late',
  cancelled: 'Event cancelled',
  refunded: 'Order refunded',
  transferred: 'Ticket transferred',
  in_future: 'Scan time in the future',
  before_download: 'Scanned before the gate had its copy',
};

/** Answers outside the check-in window: the organizer may admit anyway (`override`), which the log records. */
export const CHECKIN_OVERRIDABLE: readonly CheckinResult[] = ['too_early', 'too_late'];

/** How a ticket was checked in: scanned (QR or typed code) online, by hand from the list, or at an offline gate. */
export const CHECKIN_METHODS = ['scan', 'hand', 'gate'] as const;
export type CheckinMethod = (typeof CHECKIN_METHODS)[number];

/** Rows of the check-in log: every scan with its answer, and every undo ('undone'). */
export const CHECKIN_LOG_ACTIONS = ['scan', 'hand', 'gate', 'undo', 'conflict'] as const;
export type CheckinLogAction = (typeof CHECKIN_LOG_ACTIONS)[number];
export const CHECKIN_LOG_RESULTS = [...CHECKIN_RESULTS, 'undone', 'conflict'] as const;
export type CheckinLogResult = (typeof CHECKIN_LOG_RESULTS)[number];

/** Order-by of the organizer's Reviews table. */
export const REVIEW_ORDERS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export type ReviewOrder = (typeof REVIEW_ORDERS)[number];

/** The Reviews filter: all (absent), answered, or still waiting for an answer. */
export const REVIEW_RESPONSE_FILTERS = ['responded', 'not_responded'] as const;
export type ReviewResponseFilter = (typeof REVIEW_RESPONSE_FILTERS)[number];

/** The badge of an answered review (SPEC "Reviews"). */
export const RESPONSE_SENT = 'Response Sent';
