// Limits that the forms and lists of the apps show and the API enforces: text lengths, page sizes,
// ranges. No validator is imported here (like enums.ts and organizer-limits.ts), so an app that
// imports them does not bundle the request schemas (full zod). The request schemas import them.

// Accounts (SPEC §9 / §5): passwords, reset codes, the registration form's choices.
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 1024;
export const RESET_CODE_LENGTH = 6;
export const SUFFIXES = ['', 'Jr', 'Sr', 'II', 'III'] as const;
export const GENDERS = ['Male', 'Female', 'Other', 'Prefer not to say'] as const;

// Admin: Accounts and audit history.
/** Accounts shown per page on the admin Accounts screen (SPEC: "Page 1 of 25", "Total Accounts: 250"). */
export const ACCOUNTS_PAGE_SIZE = 10;
/** Audit entries per page (an account's or an event's history). */
export const AUDIT_PAGE_SIZE = 20;

// Admin: Dashboard.
/** Rows in the dashboard's short lists (recent organizations, pending inquiries). */
export const DASHBOARD_LIST_SIZE = 5;
/** Years the sales chart may ask for. */
export const SALES_YEAR_MIN = 2000;
export const SALES_YEAR_MAX = 2100;

// Admin: Manage Events.
/** Event requests per page on Manage Events. */
export const EVENT_REQUESTS_PAGE_SIZE = 10;
/** The longest rejection reason (the events table holds at most 500 characters). */
export const REJECTION_REASON_MAX = 500;
/** The longest reason for cancelling an event (told to every ticket holder). */
export const CANCEL_REASON_MAX = 500;

// Feedback and inquiries.
export const FEEDBACK_COMMENT_MAX = 1000;
export const INQUIRY_MESSAGE_MAX = 2000;
export const INQUIRY_RESPONSE_MAX = 5000;
/** Feedback cards per page on the admin Feedback screen. */
export const FEEDBACK_PAGE_SIZE = 10;
/** Inquiries per page on the admin inquiries list. */
export const INQUIRIES_PAGE_SIZE = 10;

// Organizer: Event List and Attendee List.
/** Rows per page (SPEC §9 samples: event list "1 of 1", attendees "1 of 5"). */
export const ORGANIZER_EVENTS_PAGE_SIZE = 10;
export const ATTENDEES_PAGE_SIZE = 10;
/** Most rows one CSV export holds. */
export const ATTENDEES_CSV_MAX_ROWS = 50_000;

// Check-in at the gate.
/** Longest scanned text taken as a possible ticket; longer text is answered `unreadable`. */
export const CHECKIN_QR_MAX = 4096;
export const CHECKIN_LOG_PAGE_SIZE = 50;

// Reviews.
/** Reviews per page (SPEC §9: "reviews 1 of 10 with 243 total"). */
export const REVIEWS_PAGE_SIZE = 25;
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_RESPONSE_MAX = 2000;
