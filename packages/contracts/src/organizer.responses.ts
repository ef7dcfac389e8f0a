// Answers of the organizer area: Create Event, Seat Planning, Event List, Attendee List, Dashboard.
import * as z from 'zod/mini';
import { EVENT_STATUSES, GENRES } from './enums';
import { ATTENDEE_STATUSES, CHECKIN_METHODS } from './organizer-enums';
import { OFFERABLE_CATEGORIES, TICKET_CATEGORIES } from './pricing';

const id = z.int().check(z.positive());
const count = z.int().check(z.nonnegative());

/** Server-side paging of every organizer table: page from 1, totalPages at least 1. */
export const pageInfoShape = { page: id, pageSize: id, totalPages: id, total: count };

/** An uploaded banner (POST /api/organizer/banners); `url` is a path on the API. */
export const bannerSchema = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  width: id,
  height: id,
  bytes: id,
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerUploadResponseSchema = z.object({ success: z.literal(true), banner: bannerSchema });
export type BannerUploadResponse = z.infer<typeof bannerUploadResponseSchema>;

/**
 * One row of the Event List. `duration` is the date range (MM-DD-YYYY, or one date when the
 * event starts and ends the same day), `timeRange` the times ('6:00 PM - 9:00 PM'), both in
 * Asia/Manila. `capacity`: rows x columns of its seat plan, or the venue's sections without one.
 * `rejectionReason` is the admin's reason, set only when Rejected.
 */
export const organizerEventSchema = z.object({
  id,
  name: z.string(),
  genre: z.enum(GENRES),
  /** The genre as a label: Sports, Concert or Community. */
  type: z.string(),
  status: z.enum(EVENT_STATUSES),
  rejectionReason: z.nullable(z.string()),
  /** YYYY-MM-DD of the start in Asia/Manila. */
  date: z.string(),
  /** Start time, e.g. '6:00 PM'; absent when none was announced. */
  time: z.optional(z.string()),
  startsAt: z.string(),
  endsAt: z.nullable(z.string()),
  duration: z.string(),
  timeRange: z.string(),
  price: z.number(),
  capacity: count,
  hasSeatPlan: z.boolean(),
  /** Paid tickets (orders) sold so far. */
  ticketsSold: count,
  /** Create Event may change it: a Pending request, an Approved event not started nor cancelled, or a Rejected request to resubmit. */
  editable: z.boolean(),
  /** When it was cancelled; null otherwise. */
  cancelledAt: z.nullable(z.string()),
  /** The start first announced, while the event has been moved to another date; null otherwise. */
  postponedFrom: z.nullable(z.string()),
});
export type OrganizerEvent = z.infer<typeof organizerEventSchema>;
export const organizerEventsResponseSchema = z.object({ success: z.literal(true), events: z.array(organizerEventSchema), ...pageInfoShape });
export type OrganizerEventsResponse = z.infer<typeof organizerEventsResponseSchema>;

/**
 * Every event of the caller for the event selectors, soonest first. `editable`: Create Event may
 * change it (Pending; Approved, not started nor cancelled; Rejected, to resubmit); `plannable`: Seat Planning may save a plan (Pending or
 * Approved, not started). `current` is the event a screen should select first: the first that
 * has not ended, else the latest; null without events.
 */
export const eventOptionSchema = z.object({
  id,
  name: z.string(),
  status: z.enum(EVENT_STATUSES),
  date: z.string(),
  startsAt: z.string(),
  endsAt: z.nullable(z.string()),
  editable: z.boolean(),
  plannable: z.boolean(),
  hasSeatPlan: z.boolean(),
});
export type EventOption = z.infer<typeof eventOptionSchema>;
export const eventOptionsResponseSchema = z.object({ success: z.literal(true), events: z.array(eventOptionSchema), current: z.nullable(id) });
export type EventOptionsResponse = z.infer<typeof eventOptionsResponseSchema>;

export const seatPlanSchema = z.object({ rows: id, columns: id, capacity: id, updatedAt: z.string() });
export type SeatPlan = z.infer<typeof seatPlanSchema>;

/** Everything Create Event needs to show one of the caller's events again (to edit or resubmit it). */
export const organizerEventDetailSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  category: z.enum(GENRES),
  status: z.enum(EVENT_STATUSES),
  rejectionReason: z.nullable(z.string()),
  banner: z.nullable(bannerSchema),
  venueName: z.nullable(z.string()),
  streetName: z.nullable(z.string()),
  city: z.nullable(z.object({ code: z.string(), name: z.string(), province: z.string() })),
  barangay: z.nullable(z.object({ code: z.string(), name: z.string() })),
  /** As typed on the form: 02-15-2024 06:00 am (Asia/Manila). */
  start: z.string(),
  end: z.nullable(z.string()),
  startsAt: z.string(),
  endsAt: z.nullable(z.string()),
  price: z.number(),
  /** The check-in window: doors open this many minutes before the start... */
  checkinOpensMinutes: count,
  /** ...and check-in closes this many minutes after the end. */
  checkinClosesMinutes: count,
  /** The refund policy: null, no refunds; N, a full refund until N days before the start. */
  refundDaysBefore: z.nullable(count),
  /** Set when the event was cancelled (it can no longer change). */
  cancelled: z.nullable(z.object({ at: z.string(), reason: z.string() })),
  /** The start first announced, while the event has been moved to another date. */
  postponedFrom: z.nullable(z.string()),
  editable: z.boolean(),
  plannable: z.boolean(),
  seatPlan: z.nullable(seatPlanSchema),
  /** The price of each arena section, in the sections' order; empty with one price for all seats. */
  sectionPrices: z.array(z.object({ sectionId: id, label: z.string(), price: z.number() })),
  /** The categories offered besides Regular; discountPercent null for Senior Citizen and PWD (the law's, see pricing options). */
  ticketCategories: z.array(z.object({ category: z.enum(OFFERABLE_CATEGORIES), discountPercent: z.nullable(z.number()) })),
});
export type OrganizerEventDetail = z.infer<typeof organizerEventDetailSchema>;
export const organizerEventDetailResponseSchema = z.object({ success: z.literal(true), event: organizerEventDetailSchema });
export type OrganizerEventDetailResponse = z.infer<typeof organizerEventDetailResponseSchema>;

/**
 * PUT /api/organizer/events/:id: the event as saved, and how many ticket holders (paid orders)
 * were mailed its new date, time or venue (0 when it did not move).
 */
export const organizerEventSavedResponseSchema = z.object({ success: z.literal(true), event: organizerEventDetailSchema, holdersMailed: count });
export type OrganizerEventSavedResponse = z.infer<typeof organizerEventSavedResponseSchema>;

/**
 * GET /api/organizer/pricing-options: what Create Event's Tickets part offers: the arena's sections
 * (a price each), the law's discount for Senior Citizen and PWD (LAW_DISCOUNT_PERCENT), the highest price.
 */
export const pricingOptionsResponseSchema = z.object({
  success: z.literal(true),
  sections: z.array(z.object({ id, label: z.string() })),
  lawDiscountPercent: z.number(),
  priceMax: z.number(),
});
export type PricingOptionsResponse = z.infer<typeof pricingOptionsResponseSchema>;

export const cityOptionSchema = z.object({ code: z.string(), name: z.string(), province: z.string() });
export const citiesResponseSchema = z.object({ success: z.literal(true), cities: z.array(cityOptionSchema) });
export type CitiesResponse = z.infer<typeof citiesResponseSchema>;

/**
 * GET/PUT /api/organizer/events/:id/seat-plan. `plan` null: none saved yet (the screen starts
 * from `defaults`). `heldOrSoldSeats`: seat numbers of the plan that are held or sold; a new
 * plan must keep every one (seats are numbered 1..rows x columns, row by row).
 */
export const seatPlanResponseSchema = z.object({
  success: z.literal(true),
  eventId: id,
  plan: z.nullable(seatPlanSchema),
  defaults: z.object({ rows: id, columns: id }),
  limits: z.object({ min: id, maxRows: id, maxColumns: id }),
  heldOrSoldSeats: z.array(id),
  plannable: z.boolean(),
});
export type SeatPlanResponse = z.infer<typeof seatPlanResponseSchema>;

/** One ticket (one seat) of a paid order of the event, with its holder. */
export const attendeeSchema = z.object({
  ticketId: z.string(),
  /** The ticket's short code, grouped (e.g. 'K7QX-3MPD-9W'). */
  code: z.string(),
  orderId: id,
  transactionNo: z.string(),
  name: z.string(),
  email: z.string(),
  section: z.string(),
  /** The ticket's seat, as a one-element list. */
  seats: z.array(id),
  /** The seat as the grid names it (row letter and number, e.g. 'A3'). */
  seatNames: z.array(z.string()),
  /** The ticket's category (Regular when it was bought without one). */
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(ATTENDEE_STATUSES),
  /** How it was checked in; null when Absent. */
  checkinMethod: z.nullable(z.enum(CHECKIN_METHODS)),
  /** The gate device's name when checked in at a named gate. */
  gate: z.nullable(z.string()),
  /** ISO instant of the check-in; null when Absent. */
  checkedInAt: z.nullable(z.string()),
  /** The check-in time as the table shows it, e.g. '6:05 PM' (Asia/Manila); null when Absent. */
  timePresent: z.nullable(z.string()),
  /** ISO instant of the payment. */
  orderDate: z.string(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** `counts` are the event's, whatever the search and status filter (the page's rows and `total` follow them). */
export const attendeesResponseSchema = z.object({
  success: z.literal(true),
  event: z.object({ id, name: z.string() }),
  attendees: z.array(attendeeSchema),
  counts: z.object({ all: count, present: count, absent: count }),
  ...pageInfoShape,
});
export type AttendeesResponse = z.infer<typeof attendeesResponseSchema>;

/** "Ticket type" on the Dashboard is the seating section the ticket is for. */
export const dashboardResponseSchema = z.object({
  success: z.literal(true),
  /** The event the figures are limited to, or null for all the caller's events. */
  eventId: z.nullable(id),
  asOf: z.string(),
  cards: z.object({ noShows: count, dueToday: count, open: count, all: count }),
  charts: z.object({
    /** Tickets sold (one per seat) by section, most first. */
    reservedByType: z.array(z.object({ type: z.string(), tickets: count })),
    /** The last 30 days in Manila, oldest first: tickets paid that day, and all paid up to its end. */
    reservationProgress: z.array(z.object({ date: z.string(), tickets: count, cumulative: count })),
    /** No-show tickets by section, most first. */
    noShowsByType: z.array(z.object({ type: z.string(), tickets: count })),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
