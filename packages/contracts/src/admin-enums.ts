// Enumerations of the admin area and the visitor forms (no validator imported: free for any app).

/** What an admin audit row records (admin_audit_log.action). */
export const AUDIT_ACTIONS = ['account.status', 'event.approve', 'event.reject', 'inquiry.respond'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An inquiry is Pending until an admin answers it. */
export const INQUIRY_STATUSES = ['Pending', 'Answered'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** The inquiries list filter: `pending` (default), `answered` or `all`. */
export const INQUIRY_FILTERS = ['pending', 'answered', 'all'] as const;
export type InquiryFilter = (typeof INQUIRY_FILTERS)[number];
