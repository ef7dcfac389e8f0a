import { Link, useLocation } from '@sports/router';
import { AddToCalendarLink } from '../../shared/add-to-calendar';
import { readPaidOrder } from '../../shared/booking-state';
import { OrderSummaryList, SummaryRow } from '../../shared/order-summary';
import { FREE_PAYMENT_LABEL, paymentLabel, paymentTypeLabel } from '../../shared/payment';
import { OrderTickets } from '../../shared/tickets/order-tickets';
import '../../shared/base.css';
import './qr.css';

/** SPEC "Ticket QR" (/event/qr): the paid order's tickets, one QR code per seat, with its summary. */
export function QrPage() {
  const order = readPaidOrder(useLocation().state);
  if (!order) {
    return (
      <div className="bk-page">
        <div className="bk-state">
          <h1 className="bk-state__title">Ticket QR</h1>
          <p className="bk-state__text" role="alert">
            Invalid QR page. No data found.
          </p>
          <div className="bk-qr__actions">
            <Link className="bk-button bk-button--primary" to="/my-tickets">
              My tickets
            </Link>
            <Link className="bk-button bk-button--secondary" to="/">
              Back to Home
            </Link>
          </div>
        </div>
      </div>
    );
  }
  const count = order.tickets?.length ?? 0;
  // A free order paid nothing: it says so without payment words (SPEC's Payment Successful! is for money paid).
  const free = order.totalAmount === 0;
  return (
    <div className="bk-page">
      <article className="bk-qr">
        <header className="bk-qr__header">
          <svg className="bk-qr__check" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
            <circle cx="24" cy="24" r="22" />
            <path d="M14 25l7 7 13-15" />
          </svg>
          <h1 className="bk-qr__title">{free ? 'Your tickets' : 'Payment Successful!'}</h1>
          <p className="bk-qr__lead">
            {count === 1 ? 'Show this QR code at the gate.' : `One ticket per seat: show each seat's QR code at the gate (${count} tickets).`}
          </p>
        </header>
        <div className="bk-qr__tickets">
          <OrderTickets order={order} />
        </div>
        <OrderSummaryList order={order} className="bk-qr__summary">
          {free ? (
            <SummaryRow term="Price">{FREE_PAYMENT_LABEL}</SummaryRow>
          ) : (
            <>
              <SummaryRow term="Payment type">{paymentTypeLabel(order.paymentType)}</SummaryRow>
              <SummaryRow term="Payment method">{paymentLabel(order)}</SummaryRow>
            </>
          )}
        </OrderSummaryList>
        <div className="bk-qr__actions">
          <Link className="bk-button bk-button--primary" to="/">
            Back to Home
          </Link>
          <AddToCalendarLink order={order} />
          <Link className="bk-button bk-button--secondary" to="/my-tickets">
            My tickets
          </Link>
        </div>
      </article>
    </div>
  );
}
