// @sports/api-client/organizer: every call of the organizer area (/api/organizer/*): the event
// selectors, Create Event and its banner, Seat Planning, Event List, Attendee List with its CSV and
// check-in at the gate, Reviews with Send Response, and the Dashboard. Only the caller's own data.
import {
  attendeesResponseSchema,
  bannerUploadResponseSchema,
  checkinLogResponseSchema,
  checkinResponseSchema,
  citiesResponseSchema,
  dashboardResponseSchema,
  eventOptionsResponseSchema,
  organizerEventDetailResponseSchema,
  organizerEventSavedResponseSchema,
  organizerEventsResponseSchema,
  organizerReviewsResponseSchema,
  organizerRevenueResponseSchema,
  pricingOptionsResponseSchema,
  promoCodeResponseSchema,
  promoCodesResponseSchema,
  reviewResponseResponseSchema,
  seatPlanResponseSchema,
  undoCheckinResponseSchema,
} from '@sports/contracts';
import type {
  AttendeeStatus,
  Banner,
  CheckinResponse,
  EventRequest,
  OrganizerEventDetail,
  PromoCode,
  PromoCodeRequest,
  ReviewOrder,
  ReviewResponseFilter,
  ReviewResponseResponse,
  SeatPlanRequest,
  SeatPlanResponse,
  UndoCheckinResponse,
} from '@sports/contracts';
import { apiGet, apiPost, apiPostFile, apiPut, assetUrl } from '@sports/api-client';
import { queryOptions } from '@sports/query';

/** Every organizer read's key starts with this: invalidate it to refresh the whole area. */
export const ORGANIZER_KEY = ['organizer'] as const;

/** `?a=1&b=x` from the values that are set (undefined, null, '' and page 1 are left out). */
function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (name === 'page' && value === 1) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface EventListParams {
  page?: number;
  search?: string;
  eventId?: number | null;
}

export interface AttendeeListParams {
  page?: number;
  search?: string;
  status?: AttendeeStatus | null;
}

export interface ReviewListParams {
  page?: number;
  order?: ReviewOrder | null;
  eventId?: number | null;
  eventName?: string;
  response?: ReviewResponseFilter | null;
}

export const organizerQueries = {
  /** GET /api/organizer/event-options: every event of the caller for the selectors, and the one to select first. */
  eventOptions: () =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'event-options'] as const,
      queryFn: async ({ signal }) => {
        const { events, current } = await apiGet('/api/organizer/event-options', eventOptionsResponseSchema, { signal });
        return { events, current };
      },
    }),
  /** GET /api/organizer/events?page=&search=&eventId=: one page of the Event List. */
  events: ({ page = 1, search = '', eventId = null }: EventListParams = {}) =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'events', { page, search, eventId }] as const,
      queryFn: ({ signal }) => apiGet(`/api/organizer/events${queryString({ page, search: search.trim(), eventId })}`, organizerEventsResponseSchema, { signal }),
    }),
  /** GET /api/organizer/events/:id: one of the caller's events as Create Event shows it. */
  event: (eventId: number) =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'event', eventId] as const,
      queryFn: async ({ signal }) => (await apiGet(`/api/organizer/events/${eventId}`, organizerEventDetailResponseSchema, { signal })).event,
    }),
  /** GET /api/organizer/pricing-options: the arena's sections (a price each) and the law's discount for Senior Citizen and PWD. */
  pricingOptions: () =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'pricing-options'] as const,
      queryFn: ({ signal }) => apiGet('/api/organizer/pricing-options', pricingOptionsResponseSchema, { signal }),
      staleTime: 5 * 60_000,
    }),
  /** GET /api/organizer/events/:id/promo-codes: the event's codes with their live uses, and its sections. */
  promoCodes: (eventId: number) =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'promo-codes', eventId] as const,
      queryFn: ({ signal }) => apiGet(`/api/organizer/events/${eventId}/promo-codes`, promoCodesResponseSchema, { signal }),
    }),
  /** GET /api/organizer/cities?search=: at most 50 cities and municipalities, best matches first. */
  cities: (search = '') =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'cities', search.trim()] as const,
      queryFn: async ({ signal }) => (await apiGet(`/api/organizer/cities${queryString({ search: search.trim() })}`, citiesResponseSchema, { signal })).cities,
      staleTime: 5 * 60_000,
    }),
  /** GET /api/organizer/events/:id/seat-plan: the saved plan (or none), defaults, limits and the seats that must stay. */
  seatPlan: (eventId: number) =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'seat-plan', eventId] as const,
      queryFn: ({ signal }) => apiGet(`/api/organizer/events/${eventId}/seat-plan`, seatPlanResponseSchema, { signal }),
    }),
  /** GET /api/organizer/events/:id/attendees?page=&search=&status=: one page of the Attendee List. */
  attendees: (eventId: number, { page = 1, search = '', status = null }: AttendeeListParams = {}) =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'attendees', eventId, { page, search, status }] as const,
      queryFn: ({ signal }) => apiGet(`/api/organizer/events/${eventId}/attendees${queryString({ page, search: search.trim(), status })}`, attendeesResponseSchema, { signal }),
    }),
  /** GET /api/organizer/events/:id/checkin-log?page=: scans and undos, newest first. */
  checkinLog: (eventId: number, page = 1) =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'checkin-log', eventId, page] as const,
      queryFn: ({ signal }) => apiGet(`/api/organizer/events/${eventId}/checkin-log${queryString({ page })}`, checkinLogResponseSchema, { signal }),
    }),
  /** GET /api/organizer/dashboard?eventId=: the four cards and three charts (all events when null). */
  dashboard: (eventId: number | null = null) =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'dashboard', eventId] as const,
      queryFn: ({ signal }) => apiGet(`/api/organizer/dashboard${queryString({ eventId })}`, dashboardResponseSchema, { signal }),
    }),
  /** GET /api/organizer/dashboard/revenue?eventId=: gross, discounts, refunds and net (all events when null). */
  revenue: (eventId: number | null = null) =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'revenue', eventId] as const,
      queryFn: ({ signal }) => apiGet(`/api/organizer/dashboard/revenue${queryString({ eventId })}`, organizerRevenueResponseSchema, { signal }),
    }),
  /** GET /api/organizer/reviews?page=&order=&eventId=&eventName=&response=: one page of Reviews. */
  reviews: ({ page = 1, order = null, eventId = null, eventName = '', response = null }: ReviewListParams = {}) =>
    queryOptions({
      queryKey: [...ORGANIZER_KEY, 'reviews', { page, order, eventId, eventName, response }] as const,
      queryFn: ({ signal }) =>
        apiGet(`/api/organizer/reviews${queryString({ page, order, eventId, eventName: eventName.trim(), response })}`, organizerReviewsResponseSchema, { signal }),
    }),
};

/** POST /api/organizer/banners with the image itself as the body (PNG, JPEG or WebP; the server checks the bytes). */
export async function uploadBanner(file: Blob, signal?: AbortSignal): Promise<Banner> {
  return (await apiPostFile('/api/organizer/banners', file, bannerUploadResponseSchema, { signal })).banner;
}

/** POST /api/organizer/events: a new event request, saved as Pending. */
export async function createEventRequest(request: EventRequest): Promise<OrganizerEventDetail> {
  return (await apiPost('/api/organizer/events', request, organizerEventDetailResponseSchema)).event;
}

/** PUT /api/organizer/events/:id: rewrites a Pending request, or changes an Approved event not started nor cancelled (a move mails every ticket holder). */
export async function updateEventRequest(eventId: number, request: EventRequest): Promise<{ event: OrganizerEventDetail; holdersMailed: number }> {
  const { event, holdersMailed } = await apiPut(`/api/organizer/events/${eventId}`, request, organizerEventSavedResponseSchema);
  return { event, holdersMailed };
}

/** POST /api/organizer/events/:id/resubmit: a Rejected request, edited, sent again for approval (Pending). */
export async function resubmitEventRequest(eventId: number, request: EventRequest): Promise<OrganizerEventDetail> {
  return (await apiPost(`/api/organizer/events/${eventId}/resubmit`, request, organizerEventDetailResponseSchema)).event;
}

/** PUT /api/organizer/events/:id/seat-plan: Apply Event. 409 names the held or sold seats a smaller plan would drop. */
export function applySeatPlan(eventId: number, plan: SeatPlanRequest): Promise<SeatPlanResponse> {
  return apiPut(`/api/organizer/events/${eventId}/seat-plan`, plan, seatPlanResponseSchema);
}

/** Sends `override: true` only when the organizer chose to admit outside the check-in window. */
export interface CheckinOptions {
  override?: boolean;
  signal?: AbortSignal;
}

/**
 * POST /api/organizer/checkins: one scan (the QR text as scanned, or a short code as typed); every
 * readable answer is a 200 with its `result`. `override` admits a too_early/too_late ticket anyway.
 */
export function scanTicket(qr: string, eventId?: number | null, { override = false, signal }: CheckinOptions = {}): Promise<CheckinResponse> {
  return apiPost('/api/organizer/checkins', { qr, ...(eventId ? { eventId } : {}), ...(override ? { override } : {}) }, checkinResponseSchema, { signal });
}

/** POST /api/organizer/tickets/:ticketId/checkin: Check in by hand from the Attendee List (answers like a scan). */
export function checkInByHand(ticketId: string, eventId?: number | null, { override = false, signal }: CheckinOptions = {}): Promise<CheckinResponse> {
  return apiPost(
    `/api/organizer/tickets/${encodeURIComponent(ticketId)}/checkin`,
    { ...(eventId ? { eventId } : {}), ...(override ? { override } : {}) },
    checkinResponseSchema,
    { signal },
  );
}

/** POST /api/organizer/tickets/:ticketId/checkin/undo: the ticket is Absent again; the reason is logged. */
export function undoCheckin(ticketId: string, reason: string): Promise<UndoCheckinResponse> {
  return apiPost(`/api/organizer/tickets/${encodeURIComponent(ticketId)}/checkin/undo`, { reason }, undoCheckinResponseSchema);
}

/** POST /api/organizer/reviews/:id/response: Send Response (stored once, mailed to the reviewer). */
export function respondToReview(reviewId: number, message: string): Promise<ReviewResponseResponse> {
  return apiPost(`/api/organizer/reviews/${reviewId}/response`, { message }, reviewResponseResponseSchema);
}

/** Absolute URL of GET /api/organizer/events/:id/orders.csv: every ticket sold with its price line (a download link). */
export function ordersCsvUrl(eventId: number): string {
  return assetUrl(`/api/organizer/events/${eventId}/orders.csv`);
}

/**
 * Absolute URL of GET /api/organizer/events/:id/attendees.csv?search=&status= (the whole filtered
 * list). A plain link downloads it with the session cookie: the API allows the shell's origin.
 */
export function attendeesCsvUrl(eventId: number, { search = '', status = null }: Omit<AttendeeListParams, 'page'> = {}): string {
  return assetUrl(`/api/organizer/events/${eventId}/attendees.csv${queryString({ search: search.trim(), status })}`);
}

/** Absolute URL of a banner (its `url` is a path on the API). */
export function bannerUrl(banner: Pick<Banner, 'url'>): string {
  return assetUrl(banner.url);
}

/** POST /api/organizer/events/:id/promo-codes: a new promo code of the event. */
export async function createPromoCode(eventId: number, request: PromoCodeRequest): Promise<PromoCode> {
  return (await apiPost(`/api/organizer/events/${eventId}/promo-codes`, request, promoCodeResponseSchema)).promoCode;
}

/** POST /api/organizer/events/:id/promo-codes/:codeId/end: the code ends now (kept, with its orders). */
export async function endPromoCode(eventId: number, codeId: number): Promise<PromoCode> {
  return (await apiPost(`/api/organizer/events/${eventId}/promo-codes/${codeId}/end`, {}, promoCodeResponseSchema)).promoCode;
}
