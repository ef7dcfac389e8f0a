// Who holds which ticket of an order once tickets can be given away: the buyer holds the live
// tickets nobody was given; a ticket given away, or one issued to someone else, is not theirs.
import type { Queryable } from '../db';
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

/** Someone holding a live ticket that another person bought and gave them. */
export interface GuestHolder {
  user_id: number;
  email: string;
  first_name: string;
}

/** People holding a live ticket of the event that someone else bought (it was given to them), once each. */
export async function findGuestHolders(db: Queryable, eventId: number): Promise<GuestHolder[]> {
  const { rows } = await db.query<GuestHolder>(
    `SELECT DISTINCT u.id AS user_id, u.email, u.first_name
     FROM tickets t JOIN orders o ON o.id = t.order_id JOIN users u ON u.id = t.holder_user_id
     WHERE o.event_id = $1 AND t.transferred_at IS NULL AND t.holder_user_id <> o.user_id
     ORDER BY u.id`,
    [eventId],
  );
  return rows;
}
