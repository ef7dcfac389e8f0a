import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from '@sports/router';
import { bookingQueries } from '@sports/api-client/booking';
import { lineKey } from '@sports/api-client/waiting-room';
import { useQuery, useQueryClient } from '@sports/query';
import type { BookingRemoteProps, OrderSummary } from '@sports/contracts';
import type { CheckoutState } from '../../shared/booking-state';
import { hasTickets, loginState, readCheckoutState } from '../../shared/booking-state';
import { describeError, isNotFound, isUnauthorized } from '../../shared/errors';
import { seatNamesText } from '../../shared/holds';
import { parsePositiveId } from '../../shared/ids';
import { clearSelection } from '../../shared/selection-storage';
import { ErrorState, LoadingStatus } from '../../shared/status';
import { useSeatNames } from '../../shared/use-seat-names';
import { useBookSeats } from './api/use-book-seats';
import type { BookingOutcome } from './book';
import { ConfirmEmailPrompt } from './confirm-email-prompt';
import { CheckoutSummary, HOLD_EXPIRED_MESSAGE, OrderCheckout, RELEASED_MESSAGE } from './order-checkout';
import '../../shared/base.css';
import './checkout.css';

type SessionProps = Pick<BookingRemoteProps, 'user'>;

function InvalidCheckout({ eventId }: { eventId: number | null }) {
  return (
    <div className="bk-state">
      <h1 className="bk-state__title">Checkout</h1>
      <p className="bk-state__text" role="alert">
        Invalid checkout. Please select seats again.
      </p>
      <div className="bk-checkout__actions">
        {eventId !== null && (
          <Link className="bk-button bk-button--primary" to={`/events/${eventId}/seatmap`}>
            Select seats
          </Link>
        )}
        <Link className="bk-button bk-button--secondary" to="/">
          Browse events
        </Link>
      </div>
    </div>
  );
}

const LOGIN_TO_BOOK = 'You need to be logged in to book seats. Your seats will be waiting when you come back.';

/** Booking needs a logged-in user (PRODUCT §4); the shell's login page returns here (with the same seats, when there are some). */
function LoginPrompt({ state, text = LOGIN_TO_BOOK }: { state?: CheckoutState; text?: string }) {
  const location = useLocation();
  return (
    <div className="bk-state" role="alert">
      <h2 className="bk-state__title">Please log in to continue</h2>
      <p className="bk-state__text">{text}</p>
      <Link className="bk-button bk-button--primary" to="/login" state={loginState(location.pathname, state)}>
        Log in
      </Link>
    </div>
  );
}

function seatsPath(state: { eventId: number; sectionId: number }): string {
  return `/events/${state.eventId}/seatmap/${state.sectionId}`;
}

/**
 * book-seats said the sale has a waiting room and the buyer has no pass (the line came on while they
 * picked, or their turn ended): back to their seats, which show the line (and join it) in their place;
 * the seats stay chosen for when it is their turn. What was known of their line is stale now.
 */
function LineRequired({ state }: { state: CheckoutState }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries({ queryKey: lineKey(state.eventId) });
    navigate(seatsPath(state), { replace: true });
  }, [queryClient, navigate, state]);
  return <LoadingStatus label="This sale has a waiting room: joining the line…" />;
}

/** SPEC §8 "Some seats are already booked: {seats}", the seats named as the grid names them ('A13'). */
function SeatConflict({ state, alreadyBooked }: { state: CheckoutState; alreadyBooked: readonly number[] }) {
  const navigate = useNavigate();
  const nameSeats = useSeatNames(state.eventId, state.sectionId);
  if (!nameSeats) return <LoadingStatus label="Checking your seats…" />;
  const message = `Some seats are already booked: ${nameSeats(alreadyBooked).join(', ')}`;
  return (
    <div className="bk-state bk-state--error">
      <p className="bk-state__text bk-checkout__problem" role="alert">
        {message}
      </p>
      <button type="button" className="bk-button bk-button--primary" onClick={() => navigate(seatsPath(state), { state: { message } })}>
        Choose other seats
      </button>
    </div>
  );
}

/** Where an order stands when it is opened again (reload, My Tickets). */
function OrderView({ order, state }: { order: OrderSummary; state: CheckoutState }) {
  const navigate = useNavigate();
  if (order.status === 'paid') {
    return (
      <div className="bk-checkout__layout">
        <section className="bk-card" aria-label="Order summary">
          <p className="bk-inline-success" role="status">
            {order.totalAmount === 0 ? 'Your tickets are ready.' : 'This order is paid.'}
          </p>
          <CheckoutSummary order={order} />
          {hasTickets(order) && (
            <button type="button" className="bk-button bk-button--primary bk-checkout__cta" onClick={() => navigate('/event/qr', { state: { order } })}>
              Show QR
            </button>
          )}
        </section>
      </div>
    );
  }
  if (order.status === 'expired') {
    return (
      <div className="bk-checkout__layout">
        <section className="bk-card" aria-label="Order summary">
          <CheckoutSummary order={order} />
          <div className="bk-inline-alert bk-checkout__hold" role="alert">
            <span>{order.releasedAt !== undefined ? RELEASED_MESSAGE : HOLD_EXPIRED_MESSAGE}</span>
            <Link className="bk-button bk-button--secondary" to={seatsPath(state)}>
              Select seats again
            </Link>
          </div>
        </section>
      </div>
    );
  }
  return <OrderCheckout order={order} />;
}

function CheckoutLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <LoadingStatus label={label} />
      <div className="bk-skeleton bk-checkout__skeleton" aria-hidden="true" />
    </div>
  );
}

/** Reload or My Tickets: the order exists, read it (GET /api/orders/:id); never book again. */
function OrderLoader({ orderId, state }: { orderId: number; state: CheckoutState }) {
  const order = useQuery(bookingQueries.order(orderId));
  if (order.isPending) return <CheckoutLoading label="Loading your order…" />;
  if (order.isError) {
    if (isUnauthorized(order.error)) return <LoginPrompt state={state} />;
    if (isNotFound(order.error)) {
      return (
        <div className="bk-state" role="alert">
          <h2 className="bk-state__title">Order not found</h2>
          <p className="bk-state__text">This order does not exist or belongs to another account.</p>
          <Link className="bk-button bk-button--secondary" to="/my-tickets">
            My tickets
          </Link>
        </div>
      );
    }
    return (
      <div className="bk-state bk-state--error" role="alert">
        <h2 className="bk-state__title">Your order could not be loaded</h2>
        <p className="bk-state__text">{describeError(order.error)}</p>
        <button type="button" className="bk-button bk-button--primary" onClick={() => void order.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  return <OrderView order={order.data} state={state} />;
}

/**
 * SPEC §4: the seat page navigated here first; this page makes the one book call. Once booked, the
 * order id joins the navigation state (replace), so a reload reads the order instead of booking again.
 */
function Checkout({ state, user }: { state: CheckoutState } & SessionProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { mutateAsync: bookSeats } = useBookSeats();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  // One request per attempt, kept across StrictMode's effect re-run (the ref survives it).
  const pending = useRef<{ attempt: number; promise: Promise<BookingOutcome> } | null>(null);
  const userId = user?.user_id;
  const needsBooking = state.orderId === undefined && userId !== undefined;

  useEffect(() => {
    if (!needsBooking) return undefined;
    if (pending.current?.attempt !== attempt) pending.current = { attempt, promise: bookSeats({ state, userId }) };
    let active = true;
    void pending.current.promise.then((result) => {
      if (!active) return;
      setOutcome(result);
      if (result.kind === 'booked') {
        clearSelection(state.eventId, state.sectionId);
        navigate(location.pathname, { replace: true, state: { ...state, orderId: result.order.orderId } satisfies CheckoutState });
      }
    });
    return () => {
      active = false;
    };
  }, [needsBooking, attempt, state, userId, navigate, location.pathname, bookSeats]);

  const retry = () => {
    setOutcome(null);
    setAttempt((n) => n + 1);
  };

  const booking = needsBooking && outcome === null;
  // One live region for the booking's progress and result, present from the start so it is announced.
  const status = (
    <div className="bk-checkout__status" role="status">
      {booking && (
        <div className="bk-state" aria-busy="true">
          <div className="bk-spinner" aria-hidden="true" />
          <p className="bk-state__text">Booking your seats…</p>
        </div>
      )}
      {outcome?.kind === 'booked' && <p className="bk-inline-success">Successfully booked: {seatNamesText(outcome.order)}</p>}
    </div>
  );

  let body: ReactNode = null;
  if (outcome?.kind === 'booked') {
    body = <OrderCheckout order={outcome.order} />;
  } else if (state.orderId !== undefined) {
    body = user ? <OrderLoader orderId={state.orderId} state={state} /> : <LoginPrompt state={state} />;
  } else if (!user || outcome?.kind === 'unauthorized') {
    body = <LoginPrompt state={state} />;
  } else if (outcome?.kind === 'unconfirmed') {
    body = <ConfirmEmailPrompt message={outcome.message} email={user.email} onRetry={retry} />;
  } else if (outcome?.kind === 'line') {
    body = <LineRequired state={state} />;
  } else if (outcome?.kind === 'conflict') {
    body = <SeatConflict state={state} alreadyBooked={outcome.alreadyBooked} />;
  } else if (outcome?.kind === 'failed') {
    body = (
      <div className="bk-state bk-state--error">
        <p className="bk-state__text bk-checkout__problem" role="alert">
          {outcome.message}
        </p>
        <div className="bk-checkout__actions">
          <button type="button" className="bk-button bk-button--primary" onClick={retry}>
            Try again
          </button>
          <Link className="bk-button bk-button--secondary" to={seatsPath(state)}>
            Back to seats
          </Link>
        </div>
      </div>
    );
  }
  return (
    <>
      {status}
      {body}
    </>
  );
}

function CheckoutFrame({ state, children }: { state: Pick<CheckoutState, 'eventId' | 'sectionId'>; children: ReactNode }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="bk-crumbs">
        <Link to={seatsPath(state)}>Seats</Link>
      </nav>
      <h1 className="bk-title">Checkout</h1>
      {children}
    </>
  );
}

/**
 * Checkout without its navigation state (a new tab, a reload of a link, another device): the server
 * knows the buyer's live hold of the event (GET /api/events/:id/my-hold); only without one does the
 * page say SPEC's Invalid checkout.
 */
function FindHold({ eventId }: { eventId: number }) {
  const hold = useQuery(bookingQueries.myHold(eventId));
  if (hold.isPending) return <CheckoutLoading label="Looking for your held seats…" />;
  if (hold.isError) {
    if (isUnauthorized(hold.error)) return <LoginPrompt text="Log in to find the seats you are holding." />;
    return <ErrorState title="Your held seats could not be loaded" error={hold.error} onRetry={() => void hold.refetch()} />;
  }
  if (!hold.data) return <InvalidCheckout eventId={eventId} />;
  const order = hold.data;
  const state: CheckoutState = { eventId: order.event.id, sectionId: order.section.id, seats: order.seats, orderId: order.orderId };
  return (
    <CheckoutFrame state={state}>
      <OrderView order={order} state={state} />
    </CheckoutFrame>
  );
}

/** SPEC "Checkout" (/events/:id/checkout). */
export function CheckoutPage({ user }: SessionProps) {
  const location = useLocation();
  const params = useParams();
  const state = useMemo(() => readCheckoutState(location.state), [location.state]);
  const eventId = parsePositiveId(params.id);
  let page: ReactNode;
  if (state) {
    page = (
      <CheckoutFrame state={state}>
        <Checkout key={`${state.eventId}:${state.sectionId}:${state.seats.join(',')}`} state={state} user={user} />
      </CheckoutFrame>
    );
  } else if (user && eventId !== null) {
    page = <FindHold key={`${user.user_id}:${eventId}`} eventId={eventId} />;
  } else {
    page = <InvalidCheckout eventId={eventId} />;
  }
  return <div className="bk-page">{page}</div>;
}
