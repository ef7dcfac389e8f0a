import { ORGANIZER_KEY, checkInByHand } from '@sports/api-client/organizer';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Check one ticket in by hand from the Attendee List (POST /api/organizer/tickets/:ticketId/checkin); a check-in refreshes the lists. */
export function useCheckInByHand(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, override = false }: { ticketId: string; override?: boolean }) => checkInByHand(ticketId, eventId, { override }),
    onSuccess: (answer) => {
      if (answer.result === 'checked_in') void invalidateAll(queryClient, [ORGANIZER_KEY]);
    },
  });
}
