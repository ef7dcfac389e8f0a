// Requests of the organizer area (/api/organizer/*): Create Event, Seat Planning, Event List,
// Attendee List and Dashboard. Check-in and reviews have their own files (checkin.ts, review.ts).
import { z } from 'zod';
import { EVENT_STATUSES, GENRES } from './enums';
import { ATTENDEE_STATUSES } from './organizer-enums';
import { EVENT_DATETIME_EXAMPLE, parseEventDateTime } from './organizer-datetime';

/** Rows per page (SPEC §9 samples: event list "1 of 1", attendees "1 of 5"). */
export const ORGANIZER_EVENTS_PAGE_SIZE = 10;
export const ATTENDEES_PAGE_SIZE = 10;
/** Most rows one CSV export holds. */
export const ATTENDEES_CSV_MAX_ROWS = 50_000;

/** Seat Planning: rows x columns, capacity = rows x columns (rows are lettered A-Z, hence 26). */
export const SEAT_PLAN_LIMITS = { min: 1, defaultRows: 6, defaultColumns: 10, maxRows: 26, maxColumns: 50 } as const;

/** Banner image (Create Event): checked on the server by content. 5 MB = 5 x 1024 x 1024 bytes. */
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_MAX_SIDE = 4000;
export const BANNER_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type BannerContentType = (typeof BANNER_CONTENT_TYPES)[number];
/**
 * Content-Types POST /api/organizer/banners accepts for the raw image body. None of them is a
 * CORS-safelisted type, so a cross-site page cannot send one without a preflight (which CORS
 * refuses): the same protection a JSON body has. The type itself is not trusted: the bytes decide.
 */
export const BANNER_UPLOAD_TYPES = [...BANNER_CONTENT_TYPES, 'application/octet-stream'] as const;
export const BANNER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Ticket price in pesos: 0 (free) up to this, at most two decimals. */
export const EVENT_PRICE_MAX = 100_000;

/** The transaction number of a paid order, as the Attendee List and the CSV show it. */
export function formatTransactionNo(orderId: number): string {
  return `TXN-${String(orderId).padStart(8, '0')}`;
}

const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, 'page must be a whole number from 1')
  .transform(Number)
  .refine((n) => n >= 1, 'page must be a whole number from 1')
  .optional();
const searchParam = z.string().max(100, 'search is too long (at most 100 characters)').optional();
const idParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${name} must be a positive whole number`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2_147_483_647, `${name} must be a positive whole number`)
    .optional();

/** GET /api/organizer/events?page=&search=&eventId=&status= (search: the event name). */
export const organizerEventsQuerySchema = z.object({
  page: pageParam,
  search: searchParam,
  eventId: idParam('eventId'),
  status: z.enum(EVENT_STATUSES, `status must be one of: ${EVENT_STATUSES.join(', ')}`).optional(),
});

/** GET /api/organizer/cities?search= : the city select of Create Event. */
export const citiesQuerySchema = z.object({ search: searchParam });

/** A text field of a form: `required` when missing or empty, a length limit with its message. */
function text(required: string, label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be text`) })
    .trim()
    .min(1, required)
    .max(max, `${label} is too long (at most ${max} characters)`);
}

function dateTime(label: string) {
  return z
    .string({ error: `${label} is required (like ${EVENT_DATETIME_EXAMPLE})` })
    .trim()
    .min(1, `${label} is required (like ${EVENT_DATETIME_EXAMPLE})`)
    .superRefine((value, ctx) => {
      const parsed = parseEventDateTime(value, label);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
    });
}

const psgc = (required: string) => z.string({ error: required }).regex(/^\d{10}$/, required);

/**
 * POST /api/organizer/events (new request) and PUT /api/organizer/events/:id (edit while
 * Pending). The server also checks: the banner is one the caller uploaded, the barangay lies in
 * the city, and the period rules of organizer-datetime.ts against its clock.
 */
export const eventRequestSchema = z.object({
  name: text('Event name is required', 'Event name', 200),
  description: text('Description is required', 'Description', 1000),
  category: z.enum(GENRES, 'Choose a category: sports, concert or community'),
  bannerId: z.string({ error: 'Banner image is required' }).regex(BANNER_ID_PATTERN, 'Banner image is required'),
  venueName: text('Venue name is required', 'Venue name', 200),
  streetName: text('Street name is required', 'Street name', 200),
  cityCode: psgc('Choose a city'),
  barangayCode: psgc('Choose a barangay'),
  start: dateTime('Start date and time'),
  end: dateTime('End date and time'),
  price: z
    .number({ error: 'Ticket price must be a number of pesos (0 for a free event)' })
    .min(0, 'Ticket price cannot be negative')
    .max(EVENT_PRICE_MAX, `Ticket price must be at most ${EVENT_PRICE_MAX} pesos`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Ticket price may have at most two decimals'),
});
export type EventRequest = z.infer<typeof eventRequestSchema>;

const planSide = (label: string, max: number) => {
  const message = `${label} must be a whole number from ${SEAT_PLAN_LIMITS.min} to ${max}`;
  return z.number({ error: message }).int(message).min(SEAT_PLAN_LIMITS.min, message).max(max, message);
};

/** PUT /api/organizer/events/:id/seat-plan */
export const seatPlanRequestSchema = z.object({
  rows: planSide('Rows', SEAT_PLAN_LIMITS.maxRows),
  columns: planSide('Columns', SEAT_PLAN_LIMITS.maxColumns),
});
export type SeatPlanRequest = z.infer<typeof seatPlanRequestSchema>;

/**
 * GET /api/organizer/events/:id/attendees?page=&search=&status= and .../attendees.csv?search=&status=
 * (search: name, email or transaction number; status: Present or Absent).
 */
export const attendeesQuerySchema = z.object({
  page: pageParam,
  search: searchParam,
  status: z.enum(ATTENDEE_STATUSES, 'status must be Present or Absent').optional(),
});

/** GET /api/organizer/dashboard?eventId= (all the organizer's events when absent). */
export const dashboardQuerySchema = z.object({ eventId: idParam('eventId') });

/**
 * One-line definitions of the Dashboard cards (the screen shows them on hover). A ticket is one
 * paid order (one or more seats). An event has ended at its end time, or, without one, at the end
 * of its start day in Manila. Present = all - no-shows - open.
 */
export const DASHBOARD_CARD_DEFINITIONS = {
  noShows: 'Paid tickets never checked in, for events that have ended.',
  dueToday: 'Paid tickets not yet checked in, for events running today: started or starting by midnight (Manila time) and not yet ended.',
  open: 'Paid tickets not yet checked in, for events that have not ended (today\'s included).',
  all: 'Every paid ticket for your events, checked in or not.',
} as const;
