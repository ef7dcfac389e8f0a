import type { Event, FeaturedEvent, Genre } from '@sports/contracts';
import type { Queryable } from '../db';
import { notFound } from '../errors';
import * as repo from './events.repository';
import type { EventRow } from './events.repository';
import { renderPoster } from './poster';
import { bannerUrl } from '../uploads/banners.service';

export const FEATURED_BUTTON = 'Book Now';

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
    isFree: row.price === 0,
    img: row.banner_id ? bannerUrl(row.banner_id) : imagePath(row.id),
    startsAt: row.starts_at.toISOString(),
  };
  if (row.time !== null) event.time = row.time;
  if (row.organizer !== null) event.organizer = row.organizer;
  if (row.about !== null) event.about = row.about;
  return event;
}

export async function listEvents(db: Queryable, genre?: Genre): Promise<Event[]> {
  return (await repo.findApproved(db, genre)).map(toEvent);
}

export async function getEvent(db: Queryable, id: number): Promise<Event> {
  const row = await repo.findApprovedById(db, id);
  if (!row) throw notFound('Event not found');
  return toEvent(row);
}

export async function listFeatured(db: Queryable): Promise<FeaturedEvent[]> {
  return (await repo.findFeatured(db)).map((row) => ({
    title: row.title,
    text: row.featured_text ?? row.description,
    img: bannerPath(row.id),
    button: FEATURED_BUTTON,
    eventId: row.id,
  }));
}

export async function getPoster(db: Queryable, id: number, options: { withText: boolean }): Promise<string> {
  const row = await repo.findApprovedById(db, id);
  if (!row) throw notFound('Event not found');
  return renderPoster({ title: row.title, genre: row.genre, date: row.date, time: row.time, hue: row.image_hue }, options);
}
