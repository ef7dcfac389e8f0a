// @sports/api-client/transfers: giving a ticket to someone (My Tickets), taking it back, accepting
// one given to you, and the tickets the signed-in user gave, received and has waiting.
import { myTransfersResponseSchema, successResponseSchema, transferResponseSchema } from '@sports/contracts';
import type { SentTransfer } from '@sports/contracts';
import { apiGet, apiPost } from '@sports/api-client';
import { queryOptions } from '@sports/query';

export const transferQueries = {
  /** GET /api/my/transfers: tickets the caller gave (pending, claimed), the live tickets given to them, and those waiting for their Accept. */
  mine: () =>
    queryOptions({
      queryKey: ['transfers', 'mine'] as const,
      queryFn: ({ signal }) => apiGet('/api/my/transfers', myTransfersResponseSchema, { signal }),
      staleTime: 0,
    }),
};

/** POST /api/tickets/:ticketId/transfer { email }: always pending (the same answer for any address) until the recipient claims it. */
export async function giveTicket(ticketId: string, email: string): Promise<SentTransfer> {
  return (await apiPost(`/api/tickets/${encodeURIComponent(ticketId)}/transfer`, { email }, transferResponseSchema)).transfer;
}

/** POST /api/transfers/:id/revoke: takes back a transfer not yet claimed (409 once it is). */
export async function takeBackTicket(transferId: number): Promise<SentTransfer> {
  return (await apiPost(`/api/transfers/${transferId}/revoke`, {}, transferResponseSchema)).transfer;
}

/** POST /api/transfers/:id/accept: the recipient takes a ticket sent to their confirmed address (404 once it is not waiting for them). */
export async function acceptTicket(transferId: number): Promise<void> {
  await apiPost(`/api/transfers/${transferId}/accept`, {}, successResponseSchema);
}
