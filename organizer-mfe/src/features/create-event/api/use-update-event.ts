import type { EventRequest } from '@sports/contracts';
import { ORGANIZER_KEY, updateEventRequest } from '@sports/api-client/organizer';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Save the changes to one of the organizer's events; the organizer's lists refetch. */
export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, request }: { eventId: number; request: EventRequest }) => updateEventRequest(eventId, request),
    onSuccess: () => invalidateAll(queryClient, [ORGANIZER_KEY]),
  });
}
