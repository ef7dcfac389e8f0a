import { ORGANIZER_KEY, scanTicket } from '@sports/api-client/organizer';
import { invalidateAll, useIsMutating, useMutation, useQueryClient } from '@sports/query';

const SCAN_KEY = [...ORGANIZER_KEY, 'scan'] as const;

export interface ScanInput {
  /** The QR text as scanned, or a short code as typed. */
  qr: string;
  /** Admit although the doors' window is closed (a second, deliberate action). */
  override?: boolean;
}

/** Check a scanned or typed ticket in for an event (POST /api/organizer/checkins); a check-in makes the attendee lists stale. */
export function useScanTicket(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SCAN_KEY,
    mutationFn: ({ qr, override = false }: ScanInput) => scanTicket(qr, eventId, { override }),
    onSuccess: (scan) => {
      if (scan.result === 'checked_in') void invalidateAll(queryClient, [ORGANIZER_KEY]);
    },
  });
}

/** How many scans are still waiting for their answer (a scanner may send the next before the last one returned). */
export function useScansInFlight(): number {
  return useIsMutating({ mutationKey: SCAN_KEY });
}
