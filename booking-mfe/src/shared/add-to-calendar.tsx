import { calendarUrl } from '@sports/api-client/booking';
import type { OrderSummary } from '@sports/contracts';

/** The paid order's calendar entry (the .ics its mail carries), as a download. */
export function AddToCalendarLink({ order, label }: { order: Pick<OrderSummary, 'orderId'>; label?: string }) {
  return (
    <a className="bk-button bk-button--secondary" href={calendarUrl(order.orderId)} download={`ticket-${order.orderId}.ics`} aria-label={label}>
      Add to calendar
    </a>
  );
}
