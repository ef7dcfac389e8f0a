// @sports/api-client/events: the visitor's events and the venue's sections.
import { eventResponseSchema, eventReviewsResponseSchema, eventSearchResponseSchema, eventsResponseSchema, featuredResponseSchema, sectionsResponseSchema } from '@sports/contracts';
import type { Genre } from '@sports/contracts';
import { apiGet } from '@sports/api-client';
import { queryOptions } from '@sports/query';

/** Events, featured entries and sections change rarely: a page reuses what it read for a while. */
const REFERENCE_STALE_MS = 5 * 60_000;

export const eventQueries = {
  featured: () =>
    queryOptions({
      queryKey: ['events', 'featured'] as const,
      queryFn: async ({ signal }) => (await apiGet('/api/events/featured', featuredResponseSchema, { signal })).featured,
      staleTime: REFERENCE_STALE_MS,
    }),
  byGenre: (genre: Genre) =>
    queryOptions({
      queryKey: ['events', 'genre', genre] as const,
      queryFn: async ({ signal }) => (await apiGet(`/api/events?genre=${encodeURIComponent(genre)}`, eventsResponseSchema, { signal })).events,
      staleTime: REFERENCE_STALE_MS,
    }),
  /** Events that started, the latest first. */
  past: () =>
    queryOptions({
      queryKey: ['events', 'past'] as const,
      queryFn: async ({ signal }) => (await apiGet('/api/events/past', eventsResponseSchema, { signal })).events,
      staleTime: REFERENCE_STALE_MS,
    }),
  /** One page of GET /api/events/search; `query` is its query string (the results page's own URL params). */
  search: (query: string) =>
    queryOptions({
      queryKey: ['events', 'search', query] as const,
      queryFn: async ({ signal }) => apiGet(`/api/events/search${query ? `?${query}` : ''}`, eventSearchResponseSchema, { signal }),
      // Seats left change as people book: a search read a minute ago is read again.
      staleTime: 60_000,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['events', 'detail', id] as const,
      queryFn: async ({ signal }) => (await apiGet(`/api/events/${id}`, eventResponseSchema, { signal })).event,
      staleTime: REFERENCE_STALE_MS,
    }),
  /** An approved event's newest reviews, how many it has and their mean rating. */
  reviews: (eventId: number) =>
    queryOptions({
      queryKey: ['events', 'reviews', eventId] as const,
      queryFn: async ({ signal }) => {
        const { reviews, count, average } = await apiGet(`/api/events/${eventId}/reviews`, eventReviewsResponseSchema, { signal });
        return { reviews, count, average };
      },
      staleTime: REFERENCE_STALE_MS,
    }),
  /** The sections an event is sold on: its own seat plan's, or the venue's. */
  sections: (eventId: number) =>
    queryOptions({
      queryKey: ['sections', eventId] as const,
      queryFn: async ({ signal }) => (await apiGet(`/api/sections?event_id=${eventId}`, sectionsResponseSchema, { signal })).sections,
      staleTime: REFERENCE_STALE_MS,
    }),
};
