import { eventQueries } from '@sports/api-client/events';
import type { Event, Section } from '@sports/contracts';
import { useQuery } from '@sports/query';

export type VenueState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'success'; event: Event; sections: Section[] };

const byId = (list: Section[]): Section[] => [...list].sort((a, b) => a.id - b.id);

/** An event and the sections it is sold on (sorted by id), read together for the seat map and the seat grid. */
export function useVenue(eventId: number): VenueState {
  const event = useQuery(eventQueries.detail(eventId));
  const sections = useQuery({ ...eventQueries.sections(eventId), select: byId });
  if (event.isError || sections.isError) {
    return {
      status: 'error',
      error: event.error ?? sections.error,
      retry: () => {
        if (event.isError) void event.refetch();
        if (sections.isError) void sections.refetch();
      },
    };
  }
  if (event.isPending || sections.isPending) return { status: 'pending' };
  return { status: 'success', event: event.data, sections: sections.data };
}
