import { ORGANIZER_KEY, scanTicket } from '@sports/api-client/organizer';
import { invalidateAll, useIsMutating, useMutation, useQueryClient } from '@sports/query';

const SCAN_KEY = [...ORGANIZER_KEY, 'scan'] as const;

/** Check a scanned ticket in for an event (POST /api/organizer/checkins); a check-in makes the attendee lists stale. */
export function useScanTicket(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SCAN_KEY,
    mutationFn: (qr: string) => scanTicket(qr, eventId),
    onSuccess: (scan) => {
      if (scan.result === 'checked_in') void invalidateAll(queryClient, [ORGANIZER_KEY]);
    },
  });
}

/** How many scans are still waiting for their answer (a scanner may send the next before the last one returned). */
export function useScansInFlight(): number {
  return useIsMutating({ mutationKey: SCAN_KEY });
}
