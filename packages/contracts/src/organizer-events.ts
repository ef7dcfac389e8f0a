import type { EventStatus, Genre } from './enums';

export type OrganizerEventStatus = EventStatus;

/** One of the signed-in organizer's own events (GET /api/organizer/events). */
export interface OrganizerEvent {
  id: number;
  name: string;
  genre: Genre;
  status: OrganizerEventStatus;
  /** YYYY-MM-DD in Asia/Manila. */
  date: string;
  /** e.g. '6:00 PM'; absent when no time was announced. */
  time?: string;
  /** ISO instant of the start. */
  startsAt: string;
  price: number;
  /** Seats the event is sold on (the venue's sections). */
  capacity: number;
}

export interface OrganizerEventsResponse { success: true; events: OrganizerEvent[] }
