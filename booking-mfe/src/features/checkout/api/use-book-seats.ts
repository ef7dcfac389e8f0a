import { useMutation, useQueryClient } from '@sports/query';
import type { CheckoutState } from '../../../shared/booking-state';
import { afterOrderWrite } from '../../../shared/api/after-order-write';
import { book } from '../book';

/** The checkout's one book-seats call, sorted into the outcomes the page shows; a hold refreshes the seat and order reads. */
export function useBookSeats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ state, userId }: { state: CheckoutState; userId: number | undefined }) => book(state, userId),
    onSuccess: (outcome) => {
      if (outcome.kind === 'booked') afterOrderWrite(queryClient, outcome.order);
    },
  });
}
