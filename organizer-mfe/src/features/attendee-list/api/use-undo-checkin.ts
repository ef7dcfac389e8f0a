import { ORGANIZER_KEY, undoCheckin } from '@sports/api-client/organizer';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Undo a ticket's check-in with a reason (it is Absent again); the organizer's lists refetch. */
export function useUndoCheckin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, reason }: { ticketId: string; reason: string }) => undoCheckin(ticketId, reason),
    onSuccess: () => invalidateAll(queryClient, [ORGANIZER_KEY]),
  });
}
