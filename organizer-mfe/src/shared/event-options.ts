import { organizerQueries } from '@sports/api-client/organizer';
import { useQuery } from '@sports/query';
import type { EventOption } from '@sports/contracts';

/** The caller's events for the selectors (GET /api/organizer/event-options), shared by every page. */
export function useEventOptions() {
  return useQuery(organizerQueries.eventOptions());
}

/** The selector's label: the name, with its date and status so two events of one name differ. */
export function eventOptionLabel(event: Pick<EventOption, 'name' | 'date' | 'status'>): string {
  return `${event.name} (${event.date}, ${event.status})`;
}
