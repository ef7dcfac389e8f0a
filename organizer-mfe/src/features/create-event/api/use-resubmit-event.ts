import type { EventRequest } from '@sports/contracts';
import { ORGANIZER_KEY, resubmitEventRequest } from '@sports/api-client/organizer';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Send a Rejected request again, with its changes, for an admin's decision; the organizer's lists refetch. */
export function useResubmitEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, request }: { eventId: number; request: EventRequest }) => resubmitEventRequest(eventId, request),
    onSuccess: () => invalidateAll(queryClient, [ORGANIZER_KEY]),
  });
}
