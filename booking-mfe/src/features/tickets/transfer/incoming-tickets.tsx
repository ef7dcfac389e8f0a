import { useState } from 'react';
import { apiErrorText } from '@sports/api-client';
import type { IncomingTransfer } from '@sports/contracts';
import { useAcceptTicket } from '../api/use-transfers';
import './transfer.css';

function IncomingTicket({ transfer }: { transfer: IncomingTransfer }) {
  const accept = useAcceptTicket();
  const [problem, setProblem] = useState<string | null>(null);
  const take = () => {
    setProblem(null);
    accept.mutate(transfer.transferId, { onError: (error) => setProblem(apiErrorText(error) ?? 'The ticket could not be accepted. Please try again.') });
  };
  return (
    <li className="bk-sent-ticket">
      <div className="bk-sent-ticket__what">
        <p className="bk-sent-ticket__title">{transfer.event.title}</p>
        <p className="bk-sent-ticket__seat">
          {transfer.event.date}
          {transfer.event.time ? ` · ${transfer.event.time}` : ''} · {transfer.section.label}, seat {transfer.seatName} · From {transfer.from}
        </p>
      </div>
      <div className="bk-sent-ticket__state">
        <button
          type="button"
          className="bk-button bk-button--primary"
          aria-label={`Accept the ticket for seat ${transfer.seatName} from ${transfer.from}`}
          disabled={accept.isPending}
          onClick={take}
        >
          {accept.isPending ? 'Accepting…' : 'Accept'}
        </button>
      </div>
      {problem && (
        <p className="bk-inline-alert" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}

/**
 * Tickets someone is giving the visitor, waiting for them: only their Accept makes the ticket theirs
 * (and tells the giver; docs/transfers.md).
 */
export function IncomingTickets({ incoming }: { incoming: IncomingTransfer[] }) {
  if (incoming.length === 0) return null;
  return (
    <section className="bk-transfers" aria-labelledby="bk-incoming-tickets-title">
      <h2 id="bk-incoming-tickets-title" className="bk-transfers__title">
        Tickets waiting for you
      </h2>
      <p className="bk-transfers__note">Accept a ticket to get it with its own QR code; until then the person who sent it can take it back.</p>
      <ul className="bk-sent-tickets">
        {incoming.map((t) => (
          <IncomingTicket key={t.transferId} transfer={t} />
        ))}
      </ul>
    </section>
  );
}
