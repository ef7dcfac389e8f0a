import * as z from 'zod/mini';
import { AUDIT_ACTIONS, EVENT_HISTORY_STEPS, INQUIRY_STATUSES } from './admin-enums';
import { ACCOUNT_STATUSES, EVENT_STATUSES, GENRES, ROLE_NAMES } from './enums';
import { eventSchema, sectionSchema } from './events.responses';

// Answers of /api/admin/*. Dates a person reads are MM-DD-YYYY (and times h:mm AM) in
// Asia/Manila; instants a program reads are ISO strings.

const id = z.int().check(z.positive());
const count = z.int().check(z.nonnegative());
const mmddyyyy = z.string().check(z.regex(/^\d{2}-\d{2}-\d{4}$/));
const iso = z.string();

/** Every paged list: the page asked for (a page past the last is empty), its size, and the totals for "Page 1 of 25" and "Total Accounts: 250". */
const pageInfoShape = { page: id, pageSize: id, totalPages: id, total: count };

/** Someone named on an admin screen (the admin who acted, an event's organizer). */
export const personSchema = z.object({ id, name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

// ── Accounts ────────────────────────────────────────────────────────────────────────────────

/** One row of the admin Accounts table (SPEC §3 "Account"). */
export const adminAccountSchema = z.object({
  id,
  /** First, middle initial, last name and suffix: 'Ana M. Reyes'. */
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLE_NAMES),
  /** 12 digits. */
  accountNo: z.string().check(z.regex(/^\d{12}$/)),
  status: z.enum(ACCOUNT_STATUSES),
  dateCreated: mmddyyyy,
  /** null when the account never logged in. */
  lastLogin: z.nullable(mmddyyyy),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** GET /api/admin/accounts */
export const adminAccountsResponseSchema = z.object({ success: z.literal(true), accounts: z.array(adminAccountSchema), ...pageInfoShape });
export type AdminAccountsResponse = z.infer<typeof adminAccountsResponseSchema>;

/** POST /api/admin/accounts/:id/status — `changed` false: it already had that status (nothing written). */
export const accountStatusResponseSchema = z.object({ success: z.literal(true), account: adminAccountSchema, changed: z.boolean() });
export type AccountStatusResponse = z.infer<typeof accountStatusResponseSchema>;

// ── Audit log ───────────────────────────────────────────────────────────────────────────────

/**
 * One audit row: who (`actor`), what (`action`, and the target the list was asked for), the
 * changed fields `before` and `after` (e.g. { status: 'Active' } -> { status: 'Restricted',
 * reason: '...' }), when (`at`, and `date`/`time` for people) and from which address (`ip`,
 * null when unknown). Audit rows cannot be changed or deleted.
 */
export const auditEntrySchema = z.object({
  id,
  action: z.enum(AUDIT_ACTIONS),
  actor: personSchema,
  before: z.record(z.string(), z.nullable(z.string())),
  after: z.record(z.string(), z.nullable(z.string())),
  at: iso,
  date: mmddyyyy,
  time: z.string(),
  ip: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/accounts/:id/audit and GET /api/admin/events/:id/audit: newest first. */
export const auditResponseSchema = z.object({ success: z.literal(true), entries: z.array(auditEntrySchema), ...pageInfoShape });
export type AuditResponse = z.infer<typeof auditResponseSchema>;

// ── Manage Events ───────────────────────────────────────────────────────────────────────────

/**
 * One event request on Manage Events. `type` is the genre as a label (Sports, Concert,
 * Community). `duration` is the date range ('05-01-2026 - 05-02-2026', or one date when it
 * starts and ends the same day), `timeRange` the times ('6:00 PM - 9:00 PM'; the start alone
 * without an end; '' when no time was announced), both in Asia/Manila. `organizer`: the
 * organizer account that asked (null for the venue's own events); `organizerName` the
 * organizer line visitors see. `reviewedBy`/`reviewedAt`: the admin decision (null when
 * undecided or decided before decisions were recorded).
 */
export const adminEventRequestSchema = z.object({
  id,
  name: z.string(),
  genre: z.enum(GENRES),
  type: z.string(),
  duration: z.string(),
  timeRange: z.string(),
  startsAt: iso,
  endsAt: z.nullable(iso),
  status: z.enum(EVENT_STATUSES),
  rejectionReason: z.nullable(z.string()),
  organizer: z.nullable(personSchema),
  organizerName: z.nullable(z.string()),
  /** When the request was made (MM-DD-YYYY). */
  submitted: mmddyyyy,
  reviewedBy: z.nullable(personSchema),
  reviewedAt: z.nullable(iso),
});
export type AdminEventRequest = z.infer<typeof adminEventRequestSchema>;

/** Requests per status over the whole table (for the filter's labels), whatever the search. */
export const eventStatusCountsSchema = z.object({ Pending: count, Approved: count, Rejected: count });

/** GET /api/admin/events */
export const adminEventsResponseSchema = z.object({
  success: z.literal(true),
  events: z.array(adminEventRequestSchema),
  ...pageInfoShape,
  statusCounts: eventStatusCountsSchema,
});
export type AdminEventsResponse = z.infer<typeof adminEventsResponseSchema>;

/** POST /api/admin/events/:id/approve and /reject — `changed` false: it already had that decision (nothing written). */
export const eventDecisionResponseSchema = z.object({ success: z.literal(true), event: adminEventRequestSchema, changed: z.boolean() });
export type EventDecisionResponse = z.infer<typeof eventDecisionResponseSchema>;

/**
 * Where an event request takes place: the venue's name, street, and the barangay, city and
 * province it lies in. Every part is null when the request did not give it (the venue's own events
 * play at the sports complex and give none).
 */
export const eventVenueSchema = z.object({
  name: z.nullable(z.string()),
  street: z.nullable(z.string()),
  barangay: z.nullable(z.string()),
  city: z.nullable(z.string()),
  province: z.nullable(z.string()),
});
export type EventVenue = z.infer<typeof eventVenueSchema>;

/**
 * The seats an event request is sold on: its own `plan` of rows x columns (seats numbered row by
 * row; `sections` is then empty), or, without one (`plan` null), the venue's `sections`.
 */
export const eventSeatingSchema = z.object({
  capacity: count,
  plan: z.nullable(z.object({ rows: id, columns: id })),
  sections: z.array(sectionSchema),
});
export type EventSeating = z.infer<typeof eventSeatingSchema>;

/** One other event of the same organizer (their track record), newest start first. */
export const organizerTrackEventSchema = z.object({
  id,
  name: z.string(),
  /** Its start, MM-DD-YYYY in Asia/Manila. */
  date: mmddyyyy,
  status: z.enum(EVENT_STATUSES),
  /** Approved, then called off. */
  cancelled: z.boolean(),
});
export type OrganizerTrackEvent = z.infer<typeof organizerTrackEventSchema>;

/**
 * One step of a request's history, oldest first: when it was submitted (its creation), then each
 * decision, resubmission, edit, reschedule and cancellation the audit trail holds. `actor` is null
 * when nobody is known (the system, or a request made before accounts owned events); `reason` is a
 * rejection's or a cancellation's reason; `changes` the fields an edit or reschedule changed.
 */
export const eventHistoryEntrySchema = z.object({
  step: z.enum(EVENT_HISTORY_STEPS),
  actor: z.nullable(personSchema),
  at: iso,
  date: mmddyyyy,
  time: z.string(),
  reason: z.nullable(z.string()),
  changes: z.array(z.object({ field: z.string(), before: z.nullable(z.string()), after: z.nullable(z.string()) })),
});
export type EventHistoryEntry = z.infer<typeof eventHistoryEntrySchema>;

/**
 * GET /api/admin/events/:id — a request in full, for the admin to see what they approve: the row of
 * Manage Events plus its description, banner, category, price, venue with address, seats, the
 * organizer's other events, its history, and `preview`, the event as the public event page would
 * show it (its `img` is the banner, or the generated poster under /api/admin until it is approved).
 */
export const adminEventDetailSchema = z.object({
  ...adminEventRequestSchema.shape,
  description: z.string(),
  about: z.nullable(z.string()),
  /** The organizer's uploaded banner (a path on the API), null for a generated poster. */
  bannerUrl: z.nullable(z.string()),
  price: z.number().check(z.nonnegative()),
  isFree: z.boolean(),
  venue: eventVenueSchema,
  seating: eventSeatingSchema,
  /** Set when the event was called off after approval. */
  cancelledAt: z.nullable(iso),
  cancelReason: z.nullable(z.string()),
  organizerEvents: z.array(organizerTrackEventSchema),
  /** How many other events the organizer has (organizerEvents holds the newest 10). */
  organizerEventCount: count,
  history: z.array(eventHistoryEntrySchema),
  preview: eventSchema,
});
export type AdminEventDetail = z.infer<typeof adminEventDetailSchema>;

export const adminEventDetailResponseSchema = z.object({ success: z.literal(true), event: adminEventDetailSchema });
export type AdminEventDetailResponse = z.infer<typeof adminEventDetailResponseSchema>;

/** How many of the organizer's other events the detail lists. */
export const ORGANIZER_EVENTS_SHOWN = 10;

// ── Dashboard ───────────────────────────────────────────────────────────────────────────────

/**
 * The four cards. A ticket is one seat of an order (docs/dashboards.md):
 * - ticketsCreated: the seats of every order ever made, whatever became of it (held now, paid,
 *   refunded, or a hold that expired unpaid);
 * - ticketsSold: the seats of orders that are paid (refunded ones are not);
 * - accountsCreated: every account, whatever its role or status;
 * - activeUsers: accounts that signed in within the last 30 days (whatever their status now).
 */
export const dashboardCardsSchema = z.object({ ticketsCreated: count, ticketsSold: count, accountsCreated: count, activeUsers: count });
export type DashboardCards = z.infer<typeof dashboardCardsSchema>;

/** An organizer account with the tickets sold (seats of paid orders) for all its events. */
export const dashboardOrganizationSchema = z.object({ id, name: z.string(), email: z.string(), tickets: count });

/** A pending inquiry; `date` MM-DD-YYYY. */
export const dashboardInquirySchema = z.object({ id, name: z.string(), email: z.string(), message: z.string(), receivedAt: iso, date: mmddyyyy });

/**
 * GET /api/admin/dashboard
 * - organizations.recent: organizer accounts, the one with the latest event request first
 *   (accounts without one after them, newest account first), at most 5; `total`: organizer
 *   accounts; `tickets`: tickets sold for events of organizer accounts (their summary line).
 * - inquiries.pending: the oldest unanswered inquiries first, at most 5; `total`: all unanswered.
 */
export const adminDashboardResponseSchema = z.object({
  success: z.literal(true),
  cards: dashboardCardsSchema,
  organizations: z.object({ recent: z.array(dashboardOrganizationSchema), total: count, tickets: count }),
  inquiries: z.object({ pending: z.array(dashboardInquirySchema), total: count }),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponseSchema>;

/** One bar: tickets sold (seats of orders paid, and not refunded since) in that month of the year, Asia/Manila. */
export const monthlySalesSchema = z.object({ month: z.int().check(z.gte(1), z.lte(12)), label: z.string(), tickets: count });

/**
 * GET /api/admin/dashboard/sales?year= — all 12 months (zeros included), their `total`, and
 * `years`: every year with at least one sale, ascending (for the year selector).
 */
export const salesResponseSchema = z.object({
  success: z.literal(true),
  year: z.int(),
  years: z.array(z.int()),
  months: z.array(monthlySalesSchema),
  total: count,
});
export type SalesResponse = z.infer<typeof salesResponseSchema>;

// ── Feedback and inquiries ──────────────────────────────────────────────────────────────────

/** A feedback card: the sender's name, when (date MM-DD-YYYY, time h:mm AM), 1-5 stars, comment. */
export const adminFeedbackSchema = z.object({
  id,
  name: z.string(),
  rating: z.int().check(z.gte(1), z.lte(5)),
  comment: z.string(),
  createdAt: iso,
  date: mmddyyyy,
  time: z.string(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

/** GET /api/admin/feedback: newest first. */
export const adminFeedbackResponseSchema = z.object({ success: z.literal(true), feedback: z.array(adminFeedbackSchema), ...pageInfoShape });
export type AdminFeedbackResponse = z.infer<typeof adminFeedbackResponseSchema>;

/** An inquiry and, once answered, the answer, who sent it and when. */
export const adminInquirySchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  receivedAt: iso,
  date: mmddyyyy,
  status: z.enum(INQUIRY_STATUSES),
  response: z.nullable(z.string()),
  respondedBy: z.nullable(personSchema),
  respondedAt: z.nullable(iso),
});
export type AdminInquiry = z.infer<typeof adminInquirySchema>;

/** GET /api/admin/inquiries */
export const adminInquiriesResponseSchema = z.object({ success: z.literal(true), inquiries: z.array(adminInquirySchema), ...pageInfoShape });
export type AdminInquiriesResponse = z.infer<typeof adminInquiriesResponseSchema>;

/** POST /api/admin/inquiries/:id/respond — the answered inquiry. */
export const respondInquiryResponseSchema = z.object({ success: z.literal(true), inquiry: adminInquirySchema });
export type RespondInquiryResponse = z.infer<typeof respondInquiryResponseSchema>;
