import { eventQueries } from '@sports/api-client/events';
import { refundPolicySentence } from '@sports/contracts';
import { useQuery } from '@sports/query';

/**
 * The event's own refund policy in the words the event page uses (docs/refunds.md). Nothing until
 * the event is known: no word is better than a wrong one at the moment of paying.
 */
export function RefundNote({ eventId, className }: { eventId: number; className?: string }) {
  const event = useQuery(eventQueries.detail(eventId));
  const days = event.data?.refundDaysBefore;
  if (days === undefined) return null;
  return <p className={className}>{refundPolicySentence(days)}</p>;
}
