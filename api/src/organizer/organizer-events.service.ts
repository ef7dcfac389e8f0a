// The organizer's own events (PRODUCT §3, §5): the Event List, the event selectors, and Create
// Event's requests. Ownership is in every statement: another organizer's event is not found.
import { ORGANIZER_EVENTS_PAGE_SIZE, formatEventDateTime, parseEventPeriod } from '@sports/contracts';
import type { EventOption, EventRequest, EventStatus, OrganizerEvent, OrganizerEventDetail, OrganizerEventsResponse } from '@sports/contracts';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import { AppError, badRequest, notFound } from '../errors';
import { toBanner } from '../uploads/banners.service';
import * as repo from './organizer-events.repository';
import type { EventFields } from './organizer-events.repository';
import { pageCount } from '../db/sql';
import { checkedPricing, pricingOf, savePricing } from './event-pricing.service';
import type { EventPricing } from './event-pricing.service';

export const EVENT_MESSAGES = {
  notFound: 'Event not found',
  notPending: 'Only a Pending request can be edited: this event has already been decided.',
  bannerUnknown: 'Banner image is required: upload it again.',
  cityUnknown: 'Choose a city from the list',
  barangayOutsideCity: 'Choose a barangay of the chosen city',
} as const;

const TYPE_LABEL = { sports: 'Sports', concert: 'Concert', community: 'Community' } as const;

export interface OrganizerDeps {
  db: Db;
  clock: Clock;
}

export async function listOwnEvents(
  db: Queryable,
  now: Date,
  organizerId: number,
  query: { page?: number | undefined; search?: string | undefined; eventId?: number | undefined; status?: EventStatus | undefined },
): Promise<Omit<OrganizerEventsResponse, 'success'>> {
  const filter = { search: query.search?.trim() || null, eventId: query.eventId ?? null, status: query.status ?? null };
  const page = query.page ?? 1;
  const pageSize = ORGANIZER_EVENTS_PAGE_SIZE;
  const [total, rows] = await Promise.all([repo.countEvents(db, organizerId, filter), repo.findEvents(db, organizerId, filter, pageSize, (page - 1) * pageSize, now)]);
  const events = rows.map((r): OrganizerEvent => {
    const event: OrganizerEvent = {
      id: r.id,
      name: r.title,
      genre: r.genre,
      type: TYPE_LABEL[r.genre],
      status: r.status,
      rejectionReason: r.status === 'Rejected' ? r.rejection_reason : null,
      date: r.date,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at ? r.ends_at.toISOString() : null,
      duration: r.duration,
      timeRange: r.time_range,
      price: r.price,
      capacity: r.capacity,
      hasSeatPlan: r.has_plan,
      ticketsSold: r.tickets_sold,
      editable: isEditable(r.status, r.started, r.cancelled_at !== null),
      cancelledAt: r.cancelled_at ? r.cancelled_at.toISOString() : null,
      postponedFrom: r.postponed_from ? r.postponed_from.toISOString() : null,
    };
    if (r.time !== null) event.time = r.time;
    return event;
  });
  return { events, page, pageSize, total, totalPages: pageCount(total, pageSize) };
}

/**
 * Create Event may rewrite a request while it is Pending, send a Rejected one again, and change an
 * Approved event until it starts or is cancelled (a new start must still be in the future).
 */
const isEditable = (status: EventStatus, started: boolean, cancelled: boolean): boolean => status !== 'Approved' || (!started && !cancelled);
export const isPlannable = (status: EventStatus, started: boolean, cancelled: boolean): boolean => status !== 'Rejected' && !started && !cancelled;

export async function listEventOptions(deps: OrganizerDeps, organizerId: number): Promise<{ events: EventOption[]; current: number | null }> {
  const rows = await repo.findEventOptions(deps.db, organizerId, deps.clock.now());
  const events = rows.map((r) => ({
    id: r.id,
    name: r.title,
    status: r.status,
    date: r.date,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at ? r.ends_at.toISOString() : null,
    editable: isEditable(r.status, r.started, r.cancelled),
    plannable: isPlannable(r.status, r.started, r.cancelled),
    hasSeatPlan: r.has_plan,
  }));
  const current = rows.find((r) => !r.over) ?? rows[rows.length - 1];
  return { events, current: current?.id ?? null };
}

export async function getOwnEvent(deps: OrganizerDeps, organizerId: number, eventId: number): Promise<OrganizerEventDetail> {
  const r = await repo.findEventDetail(deps.db, organizerId, eventId, deps.clock.now());
  if (!r) throw notFound(EVENT_MESSAGES.notFound);
  const pricing = await pricingOf(deps.db, r.id);
  return {
    id: r.id,
    name: r.title,
    description: r.description,
    category: r.genre,
    status: r.status,
    rejectionReason: r.status === 'Rejected' ? r.rejection_reason : null,
    banner:
      r.banner_id && r.banner_type && r.banner_width && r.banner_height && r.banner_bytes
        ? toBanner({ id: r.banner_id, content_type: r.banner_type, width: r.banner_width, height: r.banner_height, byte_size: r.banner_bytes })
        : null,
    venueName: r.venue_name,
    streetName: r.street_name,
    city: r.city_code && r.city_name ? { code: r.city_code, name: r.city_name, province: r.province_name ?? '' } : null,
    barangay: r.barangay_code && r.barangay_name ? { code: r.barangay_code, name: r.barangay_name } : null,
    start: formatEventDateTime(r.starts_at),
    end: r.ends_at ? formatEventDateTime(r.ends_at) : null,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at ? r.ends_at.toISOString() : null,
    price: r.price,
    checkinOpensMinutes: r.checkin_opens_minutes,
    checkinClosesMinutes: r.checkin_closes_minutes,
    refundDaysBefore: r.refund_days_before,
    cancelled: r.cancelled_at && r.cancel_reason ? { at: r.cancelled_at.toISOString(), reason: r.cancel_reason } : null,
    postponedFrom: r.postponed_from ? r.postponed_from.toISOString() : null,
    editable: isEditable(r.status, r.started, r.cancelled_at !== null),
    plannable: isPlannable(r.status, r.started, r.cancelled_at !== null),
    seatPlan:
      r.plan_rows !== null && r.plan_columns !== null && r.plan_capacity !== null && r.plan_updated_at
        ? { rows: r.plan_rows, columns: r.plan_columns, capacity: r.plan_capacity, updatedAt: r.plan_updated_at.toISOString() }
        : null,
    ...pricing,
  };
}

/** An event's fields as checked, with its pricing (written beside them, in the same transaction). */
export type CheckedEvent = EventFields & { pricing: EventPricing };

/** The request's fields after the checks the schema cannot make: the clock, the banner's owner, the PSGC tables. */
export async function checkedFields(deps: OrganizerDeps, organizerId: number, input: EventRequest): Promise<CheckedEvent> {
  const period = parseEventPeriod(input.start, input.end, deps.clock.now());
  if (!period.ok) throw badRequest(period.error);
  const refs = await repo.checkReferences(deps.db, organizerId, input);
  if (!refs.banner_ok) throw badRequest(EVENT_MESSAGES.bannerUnknown);
  if (!refs.city_ok) throw badRequest(EVENT_MESSAGES.cityUnknown);
  if (refs.barangay_city !== input.cityCode) throw badRequest(EVENT_MESSAGES.barangayOutsideCity);
  const { pricing, price } = await checkedPricing(deps.db, input);
  return {
    pricing,
    title: input.name,
    description: input.description,
    genre: input.category,
    bannerId: input.bannerId,
    venueName: input.venueName,
    streetName: input.streetName,
    cityCode: input.cityCode,
    barangayCode: input.barangayCode,
    startsAt: period.startsAt,
    endsAt: period.endsAt,
    price,
    checkinOpensMinutes: input.checkinOpensMinutes ?? null,
    checkinClosesMinutes: input.checkinClosesMinutes ?? null,
    refundDaysBefore: input.refundDaysBefore,
  };
}

/** Proceed to Seat Planning on a new event: a Pending request of the caller. */
export async function createEventRequest(deps: OrganizerDeps, organizerId: number, input: EventRequest): Promise<OrganizerEventDetail> {
  const fields = await checkedFields(deps, organizerId, input);
  const id = await deps.db.withTransaction(async (tx) => {
    const created = await repo.insertEventRequest(tx, organizerId, fields, deps.clock.now());
    await savePricing(tx, created, fields.pricing);
    return created;
  });
  return getOwnEvent(deps, organizerId, id);
}

/** Proceed to Seat Planning on an existing request: only the caller's, only while Pending. */
export async function updateEventRequest(deps: OrganizerDeps, organizerId: number, eventId: number, input: EventRequest): Promise<OrganizerEventDetail> {
  const status = await repo.findEventStatus(deps.db, organizerId, eventId);
  if (status === null) throw notFound(EVENT_MESSAGES.notFound);
  if (status !== 'Pending') throw new AppError(409, EVENT_MESSAGES.notPending);
  const fields = await checkedFields(deps, organizerId, input);
  const updated = await deps.db.withTransaction(async (tx) => {
    if (!(await repo.updatePendingRequest(tx, organizerId, eventId, fields))) return false;
    await savePricing(tx, eventId, fields.pricing);
    return true;
  });
  if (!updated) {
    // Decided (or gone) between the two statements: the conditional update changed nothing.
    if ((await repo.findEventStatus(deps.db, organizerId, eventId)) === null) throw notFound(EVENT_MESSAGES.notFound);
    throw new AppError(409, EVENT_MESSAGES.notPending);
  }
  return getOwnEvent(deps, organizerId, eventId);
}

export async function searchCities(db: Queryable, search: string | undefined): Promise<repo.CityRow[]> {
  return repo.findCities(db, search?.trim() || null, 50);
}
