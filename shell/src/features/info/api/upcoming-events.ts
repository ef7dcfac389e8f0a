import { apiGet } from '@sports/api-client';
import { eventsResponseSchema } from '@sports/contracts';
import { queryOptions } from '@sports/query';

/** Every event on sale, all genres (GET /api/events): the Season Guide's calendar. */
export const upcomingEventsQuery = () =>
  queryOptions({
    queryKey: ['events', 'upcoming'] as const,
    queryFn: async ({ signal }) => (await apiGet('/api/events', eventsResponseSchema, { signal })).events,
    staleTime: 5 * 60_000,
  });
