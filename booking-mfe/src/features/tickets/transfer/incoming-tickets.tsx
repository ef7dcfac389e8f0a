import { useState } from 'react';
import { apiErrorText } from '@sports/api-client';
import type { IncomingTransfer } from '@sports/contracts';
import { useAcceptTicket } from '../api/use-transfers';
import { TransferItem, TransferSection } from './transfer-item';

function IncomingTicket({ transfer }: { transfer: IncomingTransfer }) {
  const accept = useAcceptTicket();
  const [problem, setProblem] = useState<string | null>(null);
  const take = () => {
    setProblem(null);
    accept.mutate(transfer.transferId, { onError: (error) => setProblem(apiErrorText(error) ?? 'The ticket could not be accepted. Please try again.') });
  };
  const when = transfer.event.time ? `${transfer.event.date} · ${transfer.event.time}` : transfer.event.date;
  return (
    <TransferItem title={transfer.event.title} facts={`${when} · ${transfer.section.label}, seat ${transfer.seatName} · From ${transfer.from}`} problem={problem}>
      <button
        type="button"
        className="bk-button bk-button--primary"
        aria-label={`Accept the ticket for seat ${transfer.seatName} from ${transfer.from}`}
        disabled={accept.isPending}
        onClick={take}
      >
        {accept.isPending ? 'Accepting…' : 'Accept'}
      </button>
    </TransferItem>
  );
}

/**
 * Tickets someone is giving the visitor, waiting for them: only their Accept makes the ticket theirs
 * (and tells the giver; docs/transfers.md).
 */
export function IncomingTickets({ incoming }: { incoming: IncomingTransfer[] }) {
  if (incoming.length === 0) return null;
  return (
    <TransferSection
      titleId="bk-incoming-tickets-title"
      title="Tickets waiting for you"
      note="Accept a ticket to get it with its own QR code; until then the person who sent it can take it back."
    >
      {incoming.map((t) => (
        <IncomingTicket key={t.transferId} transfer={t} />
      ))}
    </TransferSection>
  );
}
