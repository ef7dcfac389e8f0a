import type { ReceivedTicket } from '@sports/contracts';
import { SeatTicketCard } from '../../../shared/tickets/seat-ticket-card';
import '../../../shared/tickets/seat-tickets.css';
import { GiveTicketButton } from './give-ticket-button';
import './transfer.css';

/** Tickets someone gave the visitor: each with its own QR, and who gave it. */
export function ReceivedTickets({ received }: { received: ReceivedTicket[] }) {
  if (received.length === 0) return null;
  return (
    <section className="bk-transfers" aria-labelledby="bk-received-tickets-title">
      <h2 id="bk-received-tickets-title" className="bk-transfers__title">
        Tickets given to you
      </h2>
      <ul className="bk-received-tickets">
        {received.map((r) => (
          <li key={r.ticket.ticketId} className="bk-received-ticket">
            <h3 className="bk-received-ticket__title">{r.event.title}</h3>
            <p className="bk-received-ticket__facts">
              {r.event.date}
              {r.event.time ? ` · ${r.event.time}` : ''} · {r.section.label} · From {r.from}
            </p>
            <ul className="bk-seat-tickets" aria-label={`Ticket for ${r.event.title} from ${r.from}`}>
              <SeatTicketCard ticket={r.ticket}>
                <GiveTicketButton ticket={r.ticket} eventTitle={r.event.title} />
              </SeatTicketCard>
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
