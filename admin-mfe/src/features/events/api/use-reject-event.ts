import { adminInvalidations, rejectEventRequest } from '@sports/api-client/admin';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Reject a Pending event request with a reason (POST /api/admin/events/:id/reject); the event lists and the dashboard refetch. */
export function useRejectEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, reason }: { eventId: number; reason: string }) => rejectEventRequest(eventId, reason),
    onSuccess: () => invalidateAll(queryClient, adminInvalidations.eventDecision),
  });
}
