import { useState } from 'react';
import type { OrderTicket } from '@sports/contracts';
import { GiveTicketDialog } from './give-ticket-dialog';
import './transfer.css';

/** "Give to someone" under one seat's ticket, and what came of it. */
export function GiveTicketButton({ ticket, eventTitle }: { ticket: Pick<OrderTicket, 'ticketId' | 'seatName' | 'checkedInAt'>; eventTitle: string }) {
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (ticket.checkedInAt) return null;
  return (
    <div className="bk-give-action">
      <button type="button" className="bk-button bk-button--secondary bk-give-action__button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Give to someone<span className="bk-visually-hidden"> (seat {ticket.seatName})</span>
      </button>
      {sentTo && (
        <p className="bk-give-action__done" role="status">
          Sent to {sentTo}
        </p>
      )}
      <GiveTicketDialog open={open} ticket={ticket} eventTitle={eventTitle} onClose={() => setOpen(false)} onGiven={(t) => setSentTo(t.toEmail)} />
    </div>
  );
}
