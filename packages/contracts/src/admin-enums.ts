// Enumerations of the admin area and the visitor forms (no validator imported: free for any app).

/** What an entry of an account's or an event's history did (the API's names for the audit trail's admin actions). */
export const AUDIT_ACTIONS = [
  'account.status',
  'account.role',
  'event.approve',
  'event.reject',
  'event.resubmit',
  'event.edit',
  'event.reschedule',
  'event.cancel',
  'inquiry.respond',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An inquiry is Pending until an admin answers it. */
export const INQUIRY_STATUSES = ['Pending', 'Answered'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** The inquiries list filter: `pending` (default), `answered` or `all`. */
export const INQUIRY_FILTERS = ['pending', 'answered', 'all'] as const;
export type InquiryFilter = (typeof INQUIRY_FILTERS)[number];

/** One step of an event request's history as the admin reads it: submitted, then what the audit trail recorded. */
export const EVENT_HISTORY_STEPS = ['submitted', 'approved', 'rejected', 'resubmitted', 'edited', 'rescheduled', 'cancelled'] as const;
export type EventHistoryStep = (typeof EVENT_HISTORY_STEPS)[number];
