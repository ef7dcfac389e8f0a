import type { ReactNode } from 'react';
import { Link } from '@sports/router';
import { ticketCategoryNote } from '@sports/contracts';
import type { OrderTicket } from '@sports/contracts';
import { ticketPath } from './ticket-path';
import { CheckedInNote, TicketCode } from './ticket-facts';
import { TicketQr } from './ticket-qr';
import './seat-tickets.css';

/** One seat's ticket inside an order: seat name, QR, short code, check-in, a link to its own page, and any action for it (`children`). */
export function SeatTicketCard({ ticket, children }: { ticket: OrderTicket; children?: ReactNode }) {
  return (
    <li className="bk-seat-ticket">
      <p className="bk-seat-ticket__seat">Seat {ticket.seatName}</p>
      {ticketCategoryNote(ticket.category) && <p className="bk-seat-ticket__category">{ticketCategoryNote(ticket.category)}</p>}
      <div className="bk-ticket-qr">
        <TicketQr qr={ticket.qr} seatName={ticket.seatName} />
      </div>
      <TicketCode code={ticket.code} />
      <CheckedInNote ticket={ticket} />
      <Link className="bk-seat-ticket__open" to={ticketPath(ticket.ticketId)}>
        Open ticket<span className="bk-visually-hidden"> for seat {ticket.seatName}</span>
      </Link>
      {children}
    </li>
  );
}
