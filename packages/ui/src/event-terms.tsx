import { refundPolicyText, ticketCategoriesText } from '@sports/contracts';
import type { Event } from '@sports/contracts';

/**
 * The tickets an event offers and its refund policy, as rows of a <dl>: the event page and the
 * admin's preview of a request say them in the same words.
 */
export function EventTermsRows({ event }: { event: Pick<Event, 'ticketCategories' | 'refundDaysBefore'> }) {
  return (
    <>
      {event.ticketCategories && event.ticketCategories.length > 0 ? (
        <div>
          <dt>Tickets</dt>
          <dd>{ticketCategoriesText(event.ticketCategories)}</dd>
        </div>
      ) : null}
      {event.refundDaysBefore !== undefined ? (
        <div>
          <dt>Refunds</dt>
          <dd>{refundPolicyText(event.refundDaysBefore)}</dd>
        </div>
      ) : null}
    </>
  );
}
