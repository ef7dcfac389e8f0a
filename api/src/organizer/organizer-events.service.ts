import type { OrganizerEvent } from '@sports/contracts';
import type { Queryable } from '../db';
import { findByOrganizer } from './organizer-events.repository';

/** The organizer's own events (PRODUCT §3: an organizer only sees their own events' data). */
export async function listOwnEvents(db: Queryable, organizerUserId: number): Promise<OrganizerEvent[]> {
  return (await findByOrganizer(db, organizerUserId)).map((r) => {
    const event: OrganizerEvent = {
      id: r.id,
      name: r.title,
      genre: r.genre,
      status: r.status,
      date: r.date,
      startsAt: r.starts_at.toISOString(),
      price: r.price,
      capacity: r.capacity,
    };
    if (r.time !== null) event.time = r.time;
    return event;
  });
}
