// Requests of the organizer area (/api/organizer/*): Create Event, Seat Planning, Event List,
// Attendee List and Dashboard. Check-in and reviews have their own files (checkin.ts, review.ts).
import { z } from 'zod';
import { EVENT_STATUSES, GENRES } from './enums';
import { ATTENDEE_STATUSES } from './organizer-enums';
import { EVENT_DATETIME_EXAMPLE, parseEventDateTime } from './organizer-datetime';
import { CHECKIN_WINDOW_LIMITS, EVENT_PRICE_MAX, SEAT_PLAN_LIMITS } from './organizer-limits';
import { EVENT_PRICING_MESSAGES, categoryDiscountError, sectionPriceError } from './organizer-pricing';
import { OFFERABLE_CATEGORIES, isLawCategory } from './pricing';
import { REFUND_DAYS_LIMITS, REFUND_POLICY_ERROR } from './refund-policy';
import { pageParam } from './query-params';
import { requiredText } from './text';

export const BANNER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

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

/** A text field of a form (text.ts): `required` when missing or blank, a length limit with its message. */
function text(required: string, label: string, max: number) {
  return requiredText({ required, label, max });
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

/** Minutes of the check-in window: a whole number from 0 to 1440 (a day). */
function windowMinutes(label: string) {
  const message = `${label} must be a whole number of minutes from ${CHECKIN_WINDOW_LIMITS.min} to ${CHECKIN_WINDOW_LIMITS.max}`;
  return z.number({ error: message }).int(message).min(CHECKIN_WINDOW_LIMITS.min, message).max(CHECKIN_WINDOW_LIMITS.max, message);
}

/** A price per section of the arena: every arena section once (the API checks the ids). */
const sectionPricesSchema = z
  .array(
    z.object({
      sectionId: z.number({ error: EVENT_PRICING_MESSAGES.sectionUnknown }).int(EVENT_PRICING_MESSAGES.sectionUnknown).positive(EVENT_PRICING_MESSAGES.sectionUnknown),
      price: z.number({ error: EVENT_PRICING_MESSAGES.sectionPriceType }).superRefine((price, ctx) => {
        const error = sectionPriceError(price);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
    }),
    { error: EVENT_PRICING_MESSAGES.sectionMissing },
  )
  .max(200, EVENT_PRICING_MESSAGES.sectionUnknown)
  .superRefine((rows, ctx) => {
    if (new Set(rows.map((r) => r.sectionId)).size !== rows.length) ctx.addIssue({ code: 'custom', message: EVENT_PRICING_MESSAGES.sectionTwice });
  });

/** The categories offered besides Regular; Student and Child carry the organizer's discount, Senior Citizen and PWD the law's. */
const ticketCategoriesSchema = z
  .array(
    z
      .object({
        category: z.enum(OFFERABLE_CATEGORIES, EVENT_PRICING_MESSAGES.categoryUnknown),
        discountPercent: z.number().nullable().optional(),
      })
      .superRefine((row, ctx) => {
        if (isLawCategory(row.category)) return;
        const error = categoryDiscountError(row.category, row.discountPercent);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      })
      .transform((row) => ({ category: row.category, discountPercent: isLawCategory(row.category) ? null : (row.discountPercent ?? 0) })),
    { error: EVENT_PRICING_MESSAGES.categoryUnknown },
  )
  .max(OFFERABLE_CATEGORIES.length, EVENT_PRICING_MESSAGES.categoryTwice)
  .superRefine((rows, ctx) => {
    if (new Set(rows.map((r) => r.category)).size !== rows.length) ctx.addIssue({ code: 'custom', message: EVENT_PRICING_MESSAGES.categoryTwice });
  });

const psgc = (required: string) => z.string({ error: required }).regex(/^\d{10}$/, required);

/**
 * POST /api/organizer/events (new request), PUT /api/organizer/events/:id (edit a Pending request,
 * or an Approved event that has not started and is not cancelled) and POST
 * /api/organizer/events/:id/resubmit (a Rejected request, edited). The server also checks: the banner is one the caller uploaded, the barangay lies in
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
  /** Doors open this many minutes before the start (absent: 180 on a new event, unchanged on an edit). */
  checkinOpensMinutes: windowMinutes('Doors open (minutes before start)').optional(),
  /** Check-in closes this many minutes after the end (absent: 0 on a new event, unchanged on an edit). */
  checkinClosesMinutes: windowMinutes('Check-in closes (minutes after end)').optional(),
  /** The refund policy: null, no refunds; N, a full refund until N days before the start (absent: null on a new event, unchanged on an edit). */
  refundDaysBefore: z
    .number({ error: REFUND_POLICY_ERROR })
    .int(REFUND_POLICY_ERROR)
    .min(REFUND_DAYS_LIMITS.min, REFUND_POLICY_ERROR)
    .max(REFUND_DAYS_LIMITS.max, REFUND_POLICY_ERROR)
    .nullable()
    .optional(),
  /**
   * A price per section of the arena (every section once); absent or null: one price for all seats
   * (`price`). With it, the event's `price` becomes the lowest section price ("from ₱…").
   */
  sectionPrices: sectionPricesSchema.nullable().optional(),
  /** The ticket categories offered besides Regular (absent: none on a new event, unchanged on an edit). */
  ticketCategories: ticketCategoriesSchema.optional(),
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
