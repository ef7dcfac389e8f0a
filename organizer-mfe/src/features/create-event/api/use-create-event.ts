import type { EventRequest } from '@sports/contracts';
import { ORGANIZER_KEY, createEventRequest } from '@sports/api-client/organizer';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Send a new event request for approval; the organizer's lists refetch. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EventRequest) => createEventRequest(request),
    onSuccess: () => invalidateAll(queryClient, [ORGANIZER_KEY]),
  });
}
