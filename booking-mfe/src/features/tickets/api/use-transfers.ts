import { bookingQueries } from '@sports/api-client/booking';
import { acceptTicket, giveTicket, takeBackTicket, transferQueries } from '@sports/api-client/transfers';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';
import type { QueryClient } from '@sports/query';

/** After a ticket changed hands: the buyer's orders and both lists of transfers are read again. */
const afterTransfer = (queryClient: QueryClient): Promise<void> => invalidateAll(queryClient, [bookingQueries.mine().queryKey, transferQueries.mine().queryKey]);

/** Give one ticket to the person with this email address. */
export function useGiveTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, email }: { ticketId: string; email: string }) => giveTicket(ticketId, email),
    onSuccess: () => afterTransfer(queryClient),
  });
}

/** Take back a ticket given but not yet claimed. */
export function useTakeBackTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transferId: number) => takeBackTicket(transferId),
    onSuccess: () => afterTransfer(queryClient),
  });
}

/** Accept a ticket someone is giving the visitor: it becomes theirs, with its own QR. */
export function useAcceptTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transferId: number) => acceptTicket(transferId),
    onSuccess: () => afterTransfer(queryClient),
  });
}
