import type { ReactNode } from 'react';
import type { OrderSummary } from '@sports/contracts';
import { formatEventDate, formatPesos } from './format';
import { seatNamesText } from './holds';
import { hasPriceBreakdown } from '@sports/contracts';
import { PriceBreakdown } from './price-breakdown';
import './base.css';

/** One term and its value in an order summary. */
export function SummaryRow({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface OrderSummaryListProps {
  order: OrderSummary;
  /** The page's own class beside bk-summary. */
  className?: string;
  /** The Event row; off where the event title is already the heading above. */
  showEvent?: boolean;
  /** The Total row stands out (bk-summary__total). */
  highlightTotal?: boolean;
  /** Shown after the total amount (checkout's FREE badge). */
  totalNote?: ReactNode;
  /** Further rows after Total (payment, booking time). */
  children?: ReactNode;
}

/** An order's event, date, section, seats, each ticket's price when they differ, and total, as checkout, the ticket QR and My Tickets show it. */
export function OrderSummaryList({ order, className, showEvent = true, highlightTotal = true, totalNote, children }: OrderSummaryListProps) {
  return (
    <dl className={className ? `bk-summary ${className}` : 'bk-summary'}>
      {showEvent && <SummaryRow term="Event">{order.event.title}</SummaryRow>}
      <SummaryRow term="Date">
        <time dateTime={order.event.date}>{formatEventDate(order.event.date)}</time>
        {order.event.time ? `, ${order.event.time}` : ''}
      </SummaryRow>
      <SummaryRow term="Section">{order.section.label}</SummaryRow>
      <SummaryRow term="Seats">{seatNamesText(order)}</SummaryRow>
      {hasPriceBreakdown(order) && (
        <SummaryRow term="Tickets">
          <PriceBreakdown order={order} />
        </SummaryRow>
      )}
      <SummaryRow term="Total" className={highlightTotal ? 'bk-summary__total' : undefined}>
        {formatPesos(order.totalAmount)}
        {totalNote}
      </SummaryRow>
      {children}
    </dl>
  );
}
