import type { Event, EventResponse, EventsResponse, FeaturedEvent, FeaturedResponse, Genre, Section, SectionsResponse } from '@sports/contracts';
import { apiGet } from './http';

export async function getFeaturedEvents(signal?: AbortSignal): Promise<FeaturedEvent[]> {
  return (await apiGet<FeaturedResponse>('/api/events/featured', signal)).featured;
}

export async function getEventsByGenre(genre: Genre, signal?: AbortSignal): Promise<Event[]> {
  return (await apiGet<EventsResponse>(`/api/events?genre=${encodeURIComponent(genre)}`, signal)).events;
}

export async function getEvent(id: number, signal?: AbortSignal): Promise<Event> {
  return (await apiGet<EventResponse>(`/api/events/${id}`, signal)).event;
}

export async function getSections(signal?: AbortSignal): Promise<Section[]> {
  return (await apiGet<SectionsResponse>('/api/sections', signal)).sections;
}
