import { useState } from 'react';
import { apiErrorText } from '@sports/api-client';
import type { SentTransfer } from '@sports/contracts';
import { useTakeBackTicket } from '../api/use-transfers';
import './transfer.css';

function SentTicket({ transfer }: { transfer: SentTransfer }) {
  const takeBack = useTakeBackTicket();
  const [problem, setProblem] = useState<string | null>(null);
  const pending = transfer.state === 'pending';
  const undo = () => {
    setProblem(null);
    takeBack.mutate(transfer.transferId, { onError: (error) => setProblem(apiErrorText(error) ?? 'The ticket could not be taken back. Please try again.') });
  };
  return (
    <li className="bk-sent-ticket">
      <div className="bk-sent-ticket__what">
        <p className="bk-sent-ticket__title">{transfer.event.title}</p>
        <p className="bk-sent-ticket__seat">
          {transfer.section.label}, seat {transfer.seatName}
        </p>
      </div>
      <div className="bk-sent-ticket__state">
        {pending ? (
          <>
            <p className="bk-sent-ticket__to">Sent to {transfer.toEmail}</p>
            <button
              type="button"
              className="bk-button bk-button--secondary"
              aria-label={`Take back the ticket for seat ${transfer.seatName} sent to ${transfer.toEmail}`}
              disabled={takeBack.isPending}
              onClick={undo}
            >
              {takeBack.isPending ? 'Taking back…' : 'Take back'}
            </button>
          </>
        ) : (
          <p className="bk-sent-ticket__to">
            <span className="bk-badge bk-sent-ticket__badge">Transferred</span> to {transfer.toEmail}
          </p>
        )}
      </div>
      {problem && (
        <p className="bk-inline-alert" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}

/** Tickets the visitor gave away: pending ones can be taken back; claimed ones are no longer theirs (no QR). */
export function SentTickets({ sent }: { sent: SentTransfer[] }) {
  if (sent.length === 0) return null;
  return (
    <section className="bk-transfers" aria-labelledby="bk-sent-tickets-title">
      <h2 id="bk-sent-tickets-title" className="bk-transfers__title">
        Tickets you gave
      </h2>
      <p className="bk-transfers__note">Their QR codes no longer admit you; a ticket not yet claimed can be taken back.</p>
      <ul className="bk-sent-tickets">
        {sent.map((t) => (
          <SentTicket key={t.transferId} transfer={t} />
        ))}
      </ul>
    </section>
  );
}
