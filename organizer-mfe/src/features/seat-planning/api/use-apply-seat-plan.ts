import { ORGANIZER_KEY, applySeatPlan, organizerQueries } from '@sports/api-client/organizer';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Apply rows × columns to an event's seat plan; the plan is cached as answered and the organizer's lists refetch. */
export function useApplySeatPlan(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sides: { rows: number; columns: number }) => applySeatPlan(eventId, sides),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizerQueries.seatPlan(eventId).queryKey, saved);
      void invalidateAll(queryClient, [ORGANIZER_KEY]);
    },
  });
}
