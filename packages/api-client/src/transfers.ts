// @sports/api-client/transfers: giving a ticket to someone (My Tickets), taking it back, and the
// tickets the signed-in user gave and received.
import { myTransfersResponseSchema, transferResponseSchema } from '@sports/contracts';
import type { SentTransfer } from '@sports/contracts';
import { apiGet, apiPost } from '@sports/api-client';
import { queryOptions } from '@sports/query';

export const transferQueries = {
  /** GET /api/my/transfers: tickets the caller gave (pending, claimed) and the live tickets given to them. */
  mine: () =>
    queryOptions({
      queryKey: ['transfers', 'mine'] as const,
      queryFn: ({ signal }) => apiGet('/api/my/transfers', myTransfersResponseSchema, { signal }),
      staleTime: 0,
    }),
};

/** POST /api/tickets/:ticketId/transfer { email }: claimed at once when the address has an account, else pending. */
export async function giveTicket(ticketId: string, email: string): Promise<SentTransfer> {
  return (await apiPost(`/api/tickets/${encodeURIComponent(ticketId)}/transfer`, { email }, transferResponseSchema)).transfer;
}

/** POST /api/transfers/:id/revoke: takes back a transfer not yet claimed (409 once it is). */
export async function takeBackTicket(transferId: number): Promise<SentTransfer> {
  return (await apiPost(`/api/transfers/${transferId}/revoke`, {}, transferResponseSchema)).transfer;
}
