import { Link, useNavigate } from '@sports/router';
import { bookingQueries } from '@sports/api-client/booking';
import { reviewQueries } from '@sports/api-client/reviews';
import { transferQueries } from '@sports/api-client/transfers';
import { useQuery } from '@sports/query';
import type { BookingRemoteProps, MyReview, OrderSummary } from '@sports/contracts';
import { effectiveStatus, seatNamesText, shownOrderState } from '../../shared/holds';
import type { ShownOrderState } from '../../shared/holds';
import type { CheckoutState } from '../../shared/booking-state';
import { loginState } from '../../shared/booking-state';
import { isUnauthorized } from '../../shared/errors';
import { formatInstant } from '../../shared/format';
import { OrderSummaryList, SummaryRow } from '../../shared/order-summary';
import { paymentLabel } from '../../shared/payment';
import { ReleaseSeatsButton } from '../../shared/release-seats';
import { ErrorState, LoadingStatus } from '../../shared/status';
import { OrderTickets } from '../../shared/tickets/order-tickets';
import '../../shared/base.css';
import { CancelAndRefund, RefundNotice } from './order-refund';
import { AddToCalendarLink } from '../../shared/add-to-calendar';
import { TicketReview } from './ticket-review';
import { GiveTicketButton } from './transfer/give-ticket-button';
import { TransferLists } from './transfer/transfer-lists';
import './tickets.css';

type SessionProps = Pick<BookingRemoteProps, 'user'>;

const TICKETS_PATH = '/my-tickets';

const STATUS_LABELS: Record<ShownOrderState, string> = {
  held: 'Held',
  paid: 'Paid',
  expired: 'Expired',
  released: 'Released',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};

export { effectiveStatus };

function LoginPrompt() {
  return (
    <div className="bk-state">
      <h2 className="bk-state__title">Log in to see your tickets</h2>
      <p className="bk-state__text">Your tickets and their QR codes are kept in your account, on every device.</p>
      <Link className="bk-button bk-button--primary" to="/login" state={loginState(TICKETS_PATH)}>
        Log in
      </Link>
    </div>
  );
}

/** A time of the order, in Manila time and labelled as such; nothing when there is none. */
function InstantRow({ term, iso }: { term: string; iso: string | undefined }) {
  const text = formatInstant(iso);
  if (!text) return null;
  return (
    <SummaryRow term={term}>
      <time dateTime={iso}>{text}</time>
    </SummaryRow>
  );
}

/**
 * A paid order as its buyer holds it now: the seats of the tickets they kept, and the names of the
 * seats they gave away (those tickets are someone else's; the total is still what was paid).
 */
export function keptAndGiven(order: OrderSummary): { kept: OrderSummary; given: string[] } {
  if (order.status !== 'paid' || !order.tickets) return { kept: order, given: [] };
  const held = new Set(order.tickets.map((t) => t.seat));
  const names = order.seatNames && order.seatNames.length === order.seats.length ? order.seatNames : order.seats.map(String);
  const keep = order.seats.map((seat) => held.has(seat));
  return {
    kept: { ...order, seats: order.seats.filter((_, i) => keep[i]), seatNames: names.filter((_, i) => keep[i]) },
    given: names.filter((_, i) => !keep[i]),
  };
}

function TicketCard({ order, now, review }: { order: OrderSummary; now: number; review: MyReview | undefined }) {
  const navigate = useNavigate();
  const status = shownOrderState(order, now);
  const seats = seatNamesText(order);
  const { kept, given } = keptAndGiven(order);
  // A free hold is not paid for: it goes on to get its tickets.
  const continueLabel = order.totalAmount === 0 ? 'Get tickets' : 'Continue to payment';
  const continueState: CheckoutState = { eventId: order.event.id, sectionId: order.section.id, seats: order.seats, orderId: order.orderId };
  return (
    <li className="bk-ticket">
      <div className="bk-ticket__head">
        <h2 className="bk-ticket__title">{order.event.title}</h2>
        <span className={`bk-ticket__status bk-ticket__status--${status}`}>{STATUS_LABELS[status]}</span>
      </div>
      <OrderSummaryList order={kept} className="bk-ticket__facts" showEvent={false} highlightTotal={false}>
        {given.length > 0 && <SummaryRow term="Given away">{given.join(', ')}</SummaryRow>}
        <InstantRow term="Booked" iso={order.createdAt} />
        {status === 'released' && <InstantRow term="Released" iso={order.releasedAt} />}
        {status === 'paid' && (order.totalAmount === 0 ? <SummaryRow term="Price">{paymentLabel(order)}</SummaryRow> : order.paymentMethod && <SummaryRow term="Paid with">{paymentLabel(order)}</SummaryRow>)}
      </OrderSummaryList>
      <RefundNotice order={order} />
      {status === 'paid' && <OrderTickets order={order} actionFor={(t) => <GiveTicketButton ticket={t} eventTitle={order.event.title} />} />}
      {status === 'paid' && (
        <div className="bk-ticket__actions">
          <AddToCalendarLink order={order} label={`Add to calendar: ${order.event.title}`} />
        </div>
      )}
      {status === 'paid' && <CancelAndRefund order={order} />}
      {status === 'held' && (
        <div className="bk-ticket__actions">
          <button
            type="button"
            className="bk-button bk-button--primary"
            aria-label={`${continueLabel} for ${order.event.title}, seats ${seats}`}
            onClick={() => navigate(`/events/${order.event.id}/checkout`, { state: continueState })}
          >
            {continueLabel}
          </button>
          <ReleaseSeatsButton order={order} label={`Release seats ${seats} of ${order.event.title}`} />
        </div>
      )}
      {status === 'paid' && <TicketReview order={order} written={review} />}
    </li>
  );
}

function TicketList() {
  const orders = useQuery(bookingQueries.mine());
  // After the orders: a session that ended is reported once, by the orders' call.
  const reviews = useQuery({ ...reviewQueries.mine(), enabled: orders.isSuccess });
  const transfers = useQuery({ ...transferQueries.mine(), enabled: orders.isSuccess });

  if (orders.isPending) {
    return (
      <div aria-busy="true">
        <LoadingStatus label="Loading your tickets…" />
        <ul className="bk-tickets" aria-hidden="true">
          {[0, 1].map((n) => (
            <li key={n} className="bk-ticket bk-ticket--placeholder bk-skeleton" />
          ))}
        </ul>
      </div>
    );
  }
  if (orders.isError) {
    if (isUnauthorized(orders.error)) return <LoginPrompt />;
    return <ErrorState title="Your tickets could not be loaded" error={orders.error} onRetry={() => void orders.refetch()} />;
  }
  if (orders.data.length === 0 && !transfers.data?.received.length && !transfers.data?.sent.length && !transfers.data?.incoming.length) {
    return (
      <div className="bk-state">
        <h2 className="bk-state__title">You have no tickets yet.</h2>
        <p className="bk-state__text">Find an event you like and book your seats.</p>
        <Link className="bk-button bk-button--primary" to="/">
          Browse events
        </Link>
      </div>
    );
  }
  const now = Date.now();
  return (
    <>
      <ul className="bk-tickets">
        {orders.data.map((order) => (
          <TicketCard key={order.orderId} order={order} now={now} review={reviews.data?.find((r) => r.event.id === order.event.id)} />
        ))}
      </ul>
      <TransferLists />
    </>
  );
}

/** My tickets (/my-tickets, the footer's My Account): the logged-in user's orders (PRODUCT §4). */
export function TicketsPage({ user }: SessionProps) {
  return (
    <div className="bk-page">
      <h1 className="bk-title">My Tickets</h1>
      <p className="bk-subtitle">{user ? `Signed in as ${user.email}` : 'Your booked seats and QR tickets, one per seat.'}</p>
      {user ? <TicketList /> : <LoginPrompt />}
    </div>
  );
}
