// Who holds which ticket of an order once tickets can be given away: the buyer holds the live
// tickets nobody was given; a ticket given away, or one issued to someone else, is not theirs.
import type { OrderRow, TicketOfOrder } from './order.repository';

/** The order's live tickets that its buyer holds. */
export function buyersTickets(tickets: readonly TicketOfOrder[]): TicketOfOrder[] {
  return tickets.filter((t) => t.holder_id === null && !t.transferred);
}

/** The order as its buyer sees it: only the tickets they hold. */
export function withBuyersTickets<R extends Pick<OrderRow, 'tickets'>>(row: R): R {
  return { ...row, tickets: buyersTickets(row.tickets) };
}

/** The order's tickets that admit: every live one, whoever holds it. */
export function liveTickets(tickets: readonly TicketOfOrder[]): TicketOfOrder[] {
  return tickets.filter((t) => !t.transferred);
}
