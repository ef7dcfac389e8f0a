import { useCallback } from 'react';
import { eventQueries } from '@sports/api-client/events';
import { useQuery } from '@sports/query';
import { seatLayoutOf, seatNames } from '@sports/seating';

/**
 * Names seats of an event's section as the seat grid does ('B40'), from the section's layout
 * (usually cached: the buyer came from the grid). Null while the sections load; if they cannot be
 * read, or the section is not among them, seats keep their plain numbers.
 */
export function useSeatNames(eventId: number, sectionId: number): ((seats: readonly number[]) => string[]) | null {
  const sections = useQuery(eventQueries.sections(eventId));
  const section = sections.data?.find((s) => s.id === sectionId);
  const name = useCallback(
    (seats: readonly number[]) => (section ? seatNames(seats, seatLayoutOf(section)) : seats.map(String)),
    [section],
  );
  return sections.isPending ? null : name;
}
