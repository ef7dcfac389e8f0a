import { useState } from 'react';
import { apiErrorText } from '@sports/api-client';
import type { SentTransfer } from '@sports/contracts';
import { useTakeBackTicket } from '../api/use-transfers';
import { TransferItem, TransferSection } from './transfer-item';

function SentTicket({ transfer }: { transfer: SentTransfer }) {
  const takeBack = useTakeBackTicket();
  const [problem, setProblem] = useState<string | null>(null);
  const pending = transfer.state === 'pending';
  const undo = () => {
    setProblem(null);
    takeBack.mutate(transfer.transferId, { onError: (error) => setProblem(apiErrorText(error) ?? 'The ticket could not be taken back. Please try again.') });
  };
  return (
    <TransferItem title={transfer.event.title} facts={`${transfer.section.label}, seat ${transfer.seatName}`} problem={problem}>
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
    </TransferItem>
  );
}

/**
 * Tickets the visitor gave away: pending ones (Sent to, until the recipient claims them) can be
 * taken back; claimed ones are no longer theirs (no QR).
 */
export function SentTickets({ sent }: { sent: SentTransfer[] }) {
  if (sent.length === 0) return null;
  return (
    <TransferSection titleId="bk-sent-tickets-title" title="Tickets you gave" note="Their QR codes no longer admit you; a ticket not yet claimed can be taken back.">
      {sent.map((t) => (
        <SentTicket key={t.transferId} transfer={t} />
      ))}
    </TransferSection>
  );
}
