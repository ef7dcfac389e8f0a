import { apiGet } from '@sports/api-client';
import { ticketViewResponseSchema } from '@sports/contracts';
import type { TicketViewResponse } from '@sports/contracts';
import { queryOptions } from '@sports/query';

/** One ticket as its own page shows it: the seat's ticket, its event, venue and holder. */
export type TicketView = TicketViewResponse;

/**
 * GET /api/tickets/:ticketId: public (the id in the link is the capability), so it works for
 * whoever the link was forwarded to, signed in or not. 404 when no ticket has that id.
 */
export const ticketViewQuery = (ticketId: string) =>
  queryOptions({
    queryKey: ['tickets', ticketId] as const,
    queryFn: ({ signal }): Promise<TicketView> => apiGet(`/api/tickets/${encodeURIComponent(ticketId)}`, ticketViewResponseSchema, { signal }),
    staleTime: 0,
  });
