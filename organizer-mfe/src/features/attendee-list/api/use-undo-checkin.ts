import { ORGANIZER_KEY, undoCheckin } from '@sports/api-client/organizer';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Undo a check-in with a reason (the attendee is Absent again); the organizer's lists refetch. */
export function useUndoCheckin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: number; reason: string }) => undoCheckin(orderId, reason),
    onSuccess: () => invalidateAll(queryClient, [ORGANIZER_KEY]),
  });
}
