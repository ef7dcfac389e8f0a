import { adminInvalidations, approveEventRequest } from '@sports/api-client/admin';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Approve a Pending event request (POST /api/admin/events/:id/approve); the event lists and the dashboard refetch. */
export function useApproveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => approveEventRequest(eventId),
    onSuccess: () => invalidateAll(queryClient, adminInvalidations.eventDecision),
  });
}
