import { useState } from 'react';
import { keepPlaceInLine, leaveLine, lineKey, lineQueries } from '@sports/api-client/waiting-room';
import type { LineStatus } from '@sports/contracts';
import { useMutation, useQuery, useQueryClient } from '@sports/query';

export type LineGate =
  | { status: 'pending' }
  /** No line now, or the caller holds a pass (`line.state` 'admitted' carries when it ends): the seats are open. */
  | { status: 'open'; line: LineStatus | null }
  /** The event has a line and the caller has no pass: the waiting room shows instead of the seats. */
  | {
      status: 'line';
      line: LineStatus;
      /** The last keep-my-place call failed (it is tried again at the next refresh). */
      placeError: unknown;
      leave: () => Promise<void>;
      leaving: boolean;
      leaveError: unknown;
    };

/** How often the place is kept while the server has not said (before its first answer). */
const DEFAULT_REFRESH_SECONDS = 5;

/**
 * The seat map's and seat grid's line: GET where the caller stands; when the sale has a line and the
 * caller is signed in (and `canJoin`), POST every `refreshSeconds` to join and keep the place, until
 * the answer says it is their turn (or the line is off): then the seats show, with no reload. Both
 * calls write the same cache entry, so the page follows whichever answered last.
 *
 * A failed GET opens the seats: the line is enforced by book-seats, whose refusal sends the buyer
 * back here, and a failing read must not close the seat map of the many sales without a line.
 */
export function useLineGate(eventId: number, signedIn: boolean, canJoin: boolean): LineGate {
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const status = useQuery(lineQueries.line(eventId));
  const state = status.data?.state;
  // Sold out: the page stays, asking now and then, in case seats come back.
  const inLine = state === 'out' || state === 'waiting' || state === 'soldout';

  const place = useQuery({
    queryKey: [...lineKey(eventId), 'place'] as const,
    queryFn: async ({ signal }) => {
      const line = await keepPlaceInLine(eventId, signal);
      queryClient.setQueryData(lineKey(eventId), line);
      return line;
    },
    enabled: inLine && signedIn && canJoin && !leaving,
    refetchInterval: (query) => (query.state.data?.refreshSeconds ?? DEFAULT_REFRESH_SECONDS) * 1000,
    // A hidden tab keeps its place too (browsers slow its timers down, they do not stop them).
    refetchIntervalInBackground: true,
    // Each answer is kept in the line's own entry; this one only drives the refreshes.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

  const leaveMutation = useMutation({
    mutationFn: () => leaveLine(eventId),
    // The next visit starts from where the caller now stands (out of the line), not their old place.
    onSuccess: (line) => queryClient.setQueryData(lineKey(eventId), line),
  });

  if (status.isPending) return { status: 'pending' };
  if (status.isError || !inLine) return { status: 'open', line: status.data ?? null };
  return {
    status: 'line',
    line: status.data,
    placeError: place.isError ? place.error : null,
    leaving: leaving && !leaveMutation.isError,
    leaveError: leaveMutation.error,
    leave: async () => {
      // No keep-my-place call may run after the line is left: it would join again.
      setLeaving(true);
      await queryClient.cancelQueries({ queryKey: [...lineKey(eventId), 'place'] });
      try {
        await leaveMutation.mutateAsync();
      } catch (error) {
        setLeaving(false);
        throw error;
      }
    },
  };
}
