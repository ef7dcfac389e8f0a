import { SEARCH_PAGE_SIZE } from '@sports/contracts';
import type { Event, EventSearchQuery, EventSearchResponse, FeaturedEvent, Genre } from '@sports/contracts';
import type { Queryable } from '../db';
import { notFound } from '../errors';
import * as repo from './events.repository';
import type { EventRow } from './events.repository';
import { renderPoster } from './poster';
import { searchEvents } from './search.repository';
import { bannerUrl } from '../uploads/banners.service';
import { DEFAULT_VENUE } from '../orders/calendar';

export const FEATURED_BUTTON = 'Book Now';
export const EVENT_NOT_FOUND = 'Event not found';

export const imagePath = (id: number): string => `/api/events/${id}/image.svg`;
/** The same art without text, for the home carousel that writes the title over it. */
export const bannerPath = (id: number): string => `/api/events/${id}/banner.svg`;

export function toEvent(row: EventRow): Event {
  const event: Event = {
    id: row.id,
    genre: row.genre,
    title: row.title,
    description: row.description,
    date: row.date,
    price: row.price,
    isFree: row.price === 0 && !row.prices_vary,
    img: row.banner_id ? bannerUrl(row.banner_id) : imagePath(row.id),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
    venue: { name: row.venue_name ?? DEFAULT_VENUE, street: row.street_name, barangay: row.barangay_name, city: row.city_name, province: row.province_name },
    cancelled: row.cancelled_at && row.cancel_reason ? { at: row.cancelled_at.toISOString(), reason: row.cancel_reason } : null,
    postponedFrom: row.postponed_from ? row.postponed_from.toISOString() : null,
    refundDaysBefore: row.refund_days_before,
  };
  if (row.prices_vary) event.pricesVary = true;
  if (row.time !== null) event.time = row.time;
  if (row.organizer !== null) event.organizer = row.organizer;
  if (row.about !== null) event.about = row.about;
  return event;
}

/** The events on sale at `now`, those with seats left first (findUpcoming). */
export async function listEvents(db: Queryable, now: Date, genre?: Genre): Promise<Event[]> {
  return (await repo.findUpcoming(db, now, genre)).map((row) => ({ ...toEvent(row), soldOut: row.sold_out }));
}

/** The events that started before `now`, the latest first. */
export async function listPastEvents(db: Queryable, now: Date, genre?: Genre): Promise<Event[]> {
  return (await repo.findPast(db, now, genre)).map(toEvent);
}

/** One page of the events on sale matching the search (searchEvents), each with its seats left. */
export async function search(db: Queryable, now: Date, query: EventSearchQuery): Promise<Omit<EventSearchResponse, 'success'>> {
  const { page = 1, sort, ...criteria } = query;
  const { rows, total } = await searchEvents(db, now, {
    ...criteria,
    sort: sort ?? (query.q === undefined ? 'soonest' : 'relevance'),
    limit: SEARCH_PAGE_SIZE,
    offset: (page - 1) * SEARCH_PAGE_SIZE,
  });
  const events = rows.map((row) => ({ ...toEvent(row), soldOut: row.seats_left <= 0, seatsLeft: Math.max(row.seats_left, 0) }));
  return { events, total, page, pageSize: SEARCH_PAGE_SIZE };
}

export async function listFeatured(db: Queryable, now: Date): Promise<FeaturedEvent[]> {
  return (await repo.findFeatured(db, now)).map((row) => ({
    title: row.title,
    text: row.featured_text ?? row.description,
    img: bannerPath(row.id),
    button: FEATURED_BUTTON,
    eventId: row.id,
  }));
}

export async function getPoster(db: Queryable, id: number, options: { withText: boolean }): Promise<string> {
  const row = await repo.findEventPageRow(db, id);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return renderPoster({ title: row.title, genre: row.genre, date: row.date, time: row.time, hue: row.image_hue }, options);
}
