import { useMemo } from 'react';
import { bookingQueries } from '@sports/api-client/booking';
import type { OrderSummary } from '@sports/contracts';
import { useQuery } from '@sports/query';
import { liveHoldOf } from '../../shared/holds';

/**
 * Whether the seat grid knows the buyer's hold well enough to check out: 'ready' once it was read
 * on this visit (or nobody is signed in), 'checking' while it is read, 'failed' when the read
 * failed. Checkout waits for 'ready': without the hold's id, booking would make a second hold.
 */
export type HoldCheck = 'ready' | 'checking' | 'failed';

export interface BuyerHold {
  /** The buyer's live hold of the event, in any section, or null. */
  hold: OrderSummary | null;
  /** The hold's seats in this section (the buyer's own: selected, never Reserved). */
  heldHere: ReadonlySet<number>;
  /** The list was answered at all (cached or fresh, or failed): the grid can tell others' seats from the buyer's. */
  answered: boolean;
  /** The list was read afresh on this visit (or could not be): a cached list may predate the last checkout. */
  fresh: boolean;
  check: HoldCheck;
  retry: () => void;
}

/** The buyer's own live hold of this event, read from /api/my/orders when signed in. */
export function useBuyerHold(signedIn: boolean, eventId: number, sectionId: number): BuyerHold {
  const mine = useQuery({ ...bookingQueries.mine(), enabled: signedIn });
  const hold = useMemo(() => (signedIn ? liveHoldOf(mine.data, eventId) : null), [signedIn, mine.data, eventId]);
  const heldHere = useMemo(() => new Set(hold && hold.section.id === sectionId ? hold.seats : []), [hold, sectionId]);

  let check: HoldCheck = 'ready';
  if (signedIn && mine.isError) check = mine.isFetching ? 'checking' : 'failed';
  else if (signedIn && !(mine.isSuccess && mine.isFetchedAfterMount)) check = 'checking';

  const { refetch } = mine;
  return {
    hold,
    heldHere,
    answered: !signedIn || !mine.isPending,
    fresh: !signedIn || mine.isFetchedAfterMount || mine.isError,
    check,
    retry: () => void refetch(),
  };
}
