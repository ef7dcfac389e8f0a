import { transferQueries } from '@sports/api-client/transfers';
import { useQuery } from '@sports/query';
import { ErrorState } from '../../../shared/status';
import { IncomingTickets } from './incoming-tickets';
import { ReceivedTickets } from './received-tickets';
import { SentTickets } from './sent-tickets';

/** My Tickets' transfers: tickets waiting for the visitor's Accept, those given to them, then those they gave. */
export function TransferLists() {
  const transfers = useQuery(transferQueries.mine());
  if (transfers.isPending) return null;
  if (transfers.isError) return <ErrorState title="Tickets given to or by you could not be loaded" error={transfers.error} onRetry={() => void transfers.refetch()} />;
  return (
    <>
      <IncomingTickets incoming={transfers.data.incoming} />
      <ReceivedTickets received={transfers.data.received} />
      <SentTickets sent={transfers.data.sent} />
    </>
  );
}
