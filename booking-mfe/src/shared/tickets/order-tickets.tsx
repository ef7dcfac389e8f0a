import type { ReactNode } from 'react';
import { useQueryClient } from '@sports/query';
import type { OrderSummary, OrderTicket } from '@sports/contracts';
import { ticketViewQuery } from '../api/ticket-view';
import { DownloadPdfButton } from './download-pdf-button';
import { pdfTicketOf } from './pdf-ticket';
import { SeatTicketCard } from './seat-ticket-card';
import './seat-tickets.css';

/** Every ticket of a paid order (one per seat), each with its action if any, and one PDF of them all. */
export function OrderTickets({ order, actionFor }: { order: OrderSummary; actionFor?: (ticket: OrderTicket) => ReactNode }) {
  const queryClient = useQueryClient();
  const tickets = order.tickets ?? [];
  if (tickets.length === 0) return null;
  // The PDF prints what each ticket's own page shows (venue, holder): read those pages' data.
  const load = async () => (await Promise.all(tickets.map((t) => queryClient.fetchQuery(ticketViewQuery(t.ticketId))))).map(pdfTicketOf);
  return (
    <div className="bk-order-tickets">
      <ul className="bk-seat-tickets" aria-label={`Tickets for ${order.event.title}`}>
        {tickets.map((ticket) => (
          <SeatTicketCard key={ticket.ticketId} ticket={ticket}>
            {actionFor?.(ticket)}
          </SeatTicketCard>
        ))}
      </ul>
      <div className="bk-order-tickets__actions">
        <DownloadPdfButton load={load} fileName={`tickets-order-${order.orderId}.pdf`} detail={tickets.length === 1 ? ' of the ticket' : ` of all ${tickets.length} tickets`} />
      </div>
    </div>
  );
}
