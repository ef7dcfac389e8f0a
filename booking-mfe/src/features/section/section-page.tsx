import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from '@sports/router';
import { bookingQueries } from '@sports/api-client/booking';
import type { BookingRemoteProps, Event, Section } from '@sports/contracts';
import { useQuery } from '@sports/query';
import { isSeatInSection, seatLayoutOf, sectionRows, seatNames as nameSeats } from '@sports/seating';
import type { CheckoutState } from '../../shared/booking-state';
import { loginState, readMessage } from '../../shared/booking-state';
import { MAX_SEATS_PER_ORDER, parseSeatCount } from '../../shared/constants';
import { isNotFound } from '../../shared/errors';
import { formatPrice, sectionPrice } from '@sports/ui';
import { formatPesos, salesClosed } from '../../shared/format';
import { seatNamesText } from '../../shared/holds';
import { parsePositiveId } from '../../shared/ids';
import { readSelection, writeSelection } from '../../shared/selection-storage';
import { ErrorState, LoadingStatus, SalesClosedNotice } from '../../shared/status';
import { useVenue } from '../../shared/use-venue';
import { useLineGate } from '../waiting-room/use-line-gate';
import { PassNote, WaitingRoom } from '../waiting-room/waiting-room';
import { BestAvailableForm } from './best-available-form';
import { SeatGrid } from './seat-grid';
import { indexSeats } from './seat-navigation';
import type { SelectionState } from './selection';
import type { SelectionStore } from './selection-store';
import { createSelectionStore, useSelection, useSelectionAfterPaint } from './selection-store';
import { useBuyerHold } from './use-buyer-hold';
import type { HoldCheck } from './use-buyer-hold';
import '../../shared/base.css';
import './section.css';

type SessionProps = Pick<BookingRemoteProps, 'user'>;

/** How often the grid asks which seats are taken while it is visible (a seat taken elsewhere shows within 5 s). */
export const BOOKED_SEATS_REFRESH_MS = 4_000;

/** What the grid shows as taken when the booked-seats fetch failed: SPEC §8 counts that as none (checkout still checks). */
const NO_SEATS: ReadonlySet<number> = new Set();

/** SPEC "Section seats": unknown event or section. Go Back returns where the visitor came from. */
function SectionNotFound({ eventId }: { eventId: number | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => {
    // 'default' is the key of the first entry of this tab's history: there is nothing to go back to.
    if (location.key !== 'default') navigate(-1);
    else navigate(eventId === null ? '/' : `/events/${eventId}`);
  };
  return (
    <div className="bk-state">
      <h1 className="bk-state__title">Event or section not found</h1>
      <p className="bk-state__text">The link may be out of date. Go back and choose a section again.</p>
      <button type="button" className="bk-button bk-button--secondary" onClick={goBack}>
        Go Back
      </button>
    </div>
  );
}

function Legend() {
  return (
    <ul className="bk-legend" aria-label="Legend">
      <li>
        <span className="bk-legend__swatch bk-seat--available" aria-hidden="true" />
        Available
      </li>
      <li>
        <span className="bk-legend__swatch bk-seat--reserved" aria-hidden="true" />
        Reserved
      </li>
      <li>
        <span className="bk-legend__swatch bk-seat--selected" aria-hidden="true" />
        Selected
      </li>
    </ul>
  );
}

function initialSelection({ eventId, section }: { eventId: number; section: Section }): SelectionState {
  const restored = readSelection(eventId, section.id)
    .filter((seat) => isSeatInSection(seat, section.capacity))
    .sort((a, b) => a - b)
    .slice(0, MAX_SEATS_PER_ORDER);
  return { layout: seatLayoutOf(section), selected: new Set(restored), notice: null, proposed: [] };
}

/** What the grid last had to say (limit reached, seat reserved, seats taken by others). */
function SelectionNotice({ store }: { store: SelectionStore }) {
  const notice = useSelection(store, (state) => state.notice);
  return notice ? (
    <div className="bk-inline-alert" role="alert">
      {notice}
    </div>
  ) : null;
}

interface SelectionSummaryProps {
  event: Event;
  /** Pesos per seat in this section. */
  price: number;
  store: SelectionStore;
  holdCheck: HoldCheck;
  retryHold: () => void;
  onCheckout: () => void;
}

/** The chosen seats, the total and Checkout, kept in reach at the bottom; it follows the selection on its own. */
function SelectionSummary({ event, price, store, holdCheck, retryHold, onCheckout }: SelectionSummaryProps) {
  const ids = { summary: useId(), checkoutNote: useId() };
  const selected = useSelectionAfterPaint(store, (state) => state.selected);
  const { layout } = store.get();
  const chosen = useMemo(() => [...selected].sort((a, b) => a - b), [selected]);
  const total = price * chosen.length;
  return (
    <section className="bk-section__summary" aria-labelledby={ids.summary}>
      <div className="bk-section__summary-text">
        <h2 id={ids.summary} className="bk-section__summary-title">
          {chosen.length === 0 ? 'No seats selected' : `${chosen.length} ${chosen.length === 1 ? 'seat' : 'seats'} selected`}
        </h2>
        <p className="bk-section__seats" aria-live="polite">
          {chosen.length === 0 ? 'Pick seats on the grid above.' : `Seats: ${nameSeats(chosen, layout).join(', ')}`}
        </p>
        <div className="bk-section__figures">
          <p className="bk-section__price">{formatPrice({ price, isFree: event.isFree })} per seat</p>
          <p className="bk-section__total">
            Total: <strong>{formatPesos(total)}</strong>
            {event.isFree && <span className="bk-badge bk-section__free">FREE</span>}
          </p>
        </div>
      </div>
      <div className="bk-section__actions">
        {chosen.length > 0 && (
          <button type="button" className="bk-button bk-button--secondary" onClick={() => store.dispatch({ type: 'clear' })}>
            Clear
          </button>
        )}
        <button
          type="button"
          className="bk-button bk-button--primary"
          disabled={chosen.length === 0 || holdCheck !== 'ready'}
          aria-describedby={chosen.length > 0 && holdCheck !== 'ready' ? ids.checkoutNote : undefined}
          onClick={onCheckout}
        >
          Checkout
        </button>
      </div>
      {chosen.length > 0 && holdCheck === 'checking' && (
        <p id={ids.checkoutNote} className="bk-section__checkout-note" role="status">
          Checking your held seats…
        </p>
      )}
      {holdCheck === 'failed' && (
        <div id={ids.checkoutNote} className="bk-inline-alert bk-section__checkout-note" role="alert">
          <span>We could not check your held seats, so Checkout waits.</span>
          <button type="button" className="bk-button bk-button--secondary" onClick={retryHold}>
            Retry
          </button>
        </div>
      )}
    </section>
  );
}

function SeatPicker({ event, section, sections, user, notice }: { event: Event; section: Section; sections: Section[]; notice?: ReactNode } & SessionProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const message = readMessage(location.state);
  // ?seats=N: the seat map's "How many seats?" chose this section for N seats side by side.
  const [searchParams, setSearchParams] = useSearchParams();
  const [initialCount] = useState(() => parseSeatCount(searchParams.get('seats')));
  const ids = { switcher: useId(), hint: useId() };

  // The selection lives in a store: a tap renders the seat's row and the summary, not this page.
  const [store] = useState(() => createSelectionStore(initialSelection({ eventId: event.id, section })));
  const { dispatch } = store;
  const rows = useMemo(() => sectionRows(section.capacity, section.rows ?? section.level), [section.capacity, section.rows, section.level]);
  const positions = useMemo(() => indexSeats(rows), [rows]);

  // The buyer's own live hold of this event: its seats here are theirs (selected, not
  // Reserved), and checking out changes that hold instead of making another, so Checkout waits
  // until the hold is known. A failed read shows grid seats as others' (checkout books all or nothing).
  const { hold, heldHere, answered: holdKnown, fresh: holdFresh, check: holdCheck, retry: retryHold } = useBuyerHold(Boolean(user), event.id, section.id);

  // Fetched on every visit and every few seconds while the page is visible, so seats others take
  // show up; a failure counts as none (SPEC §8). The buyer's own held seats are not someone else's.
  const booked = useQuery({ ...bookingQueries.bookedSeats(event.id, section.id), refetchInterval: BOOKED_SEATS_REFRESH_MS });
  const bookedSeats = useMemo(() => {
    if (!holdKnown) return null;
    if (booked.data) return new Set(booked.data.filter((seat) => !heldHere.has(seat)));
    return booked.isError ? NO_SEATS : null;
  }, [holdKnown, booked.data, booked.isError, heldHere]);

  // Once the form proposed the seats asked for (its effect runs first), ?seats= leaves the address,
  // so a reload keeps the seats as the buyer left them instead of proposing again.
  useEffect(() => {
    if (!bookedSeats || !searchParams.has('seats')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('seats');
    setSearchParams(rest, { replace: true, state: location.state });
  }, [bookedSeats, searchParams, setSearchParams, location.state]);

  // Once the hold is read afresh on this visit (a cached list may predate the last checkout), its
  // seats here become the selection.
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current || !holdFresh) return;
    adopted.current = true;
    if (heldHere.size > 0) dispatch({ type: 'adopt-hold', seats: [...heldHere].sort((a, b) => a - b) });
  }, [holdFresh, heldHere, dispatch]);
  // The grid's tab stop starts on the first chosen seat (a restored selection), else on the first seat.
  const [initialActive] = useState<number>(() => {
    const { selected } = store.get();
    return selected.size > 0 ? Math.min(...selected) : (rows.find((row) => row.seats.length > 0)?.seats[0] ?? 1);
  });

  // Seats taken by others leave the selection with a notice, except on the first check when another
  // page left a message (it already says what happened to the seats); later checks always tell.
  const firstCheck = useRef<ReadonlySet<number> | null>(null);
  useEffect(() => {
    if (!bookedSeats) return;
    firstCheck.current ??= bookedSeats;
    dispatch({ type: 'drop-booked', booked: bookedSeats, announce: message === null || bookedSeats !== firstCheck.current });
  }, [bookedSeats, message, dispatch]);

  // Saved after the tap's frame, and on leaving the page (Checkout, Login) at once.
  useEffect(() => {
    const save = () => writeSelection(event.id, section.id, store.get().selected);
    const stop = store.subscribe(() => store.afterPaint(save));
    return () => {
      stop();
      save();
    };
  }, [store, event.id, section.id]);

  const onSwitch = (e: ChangeEvent<HTMLSelectElement>) => {
    const next = parsePositiveId(e.target.value);
    if (next !== null && next !== section.id) navigate(`/events/${event.id}/seatmap/${next}`);
  };

  const onCheckout = () => {
    const chosen = [...store.get().selected].sort((a, b) => a - b);
    if (chosen.length === 0) return;
    if (!user) {
      // The selection waits in sessionStorage; the shell's login page brings the visitor back here.
      navigate('/login', { state: loginState(location.pathname) });
      return;
    }
    const state: CheckoutState = { eventId: event.id, sectionId: section.id, seats: chosen, ...(hold ? { holdId: hold.orderId } : {}) };
    navigate(`/events/${event.id}/checkout`, { state });
  };

  const price = sectionPrice(event, section.id);
  return (
    <>
      <nav aria-label="Breadcrumb" className="bk-crumbs">
        <Link to={`/events/${event.id}/seatmap`}>Venue map</Link>
      </nav>
      <h1 className="bk-title">{section.label}</h1>
      <p className="bk-subtitle">
        {event.title} · {formatPrice({ price, isFree: event.isFree })} per seat
      </p>
      {notice}

      {message && (
        <div className="bk-inline-alert" role="alert">
          {message}
        </div>
      )}

      <div className="bk-section__toolbar">
        <div className="bk-field">
          <label htmlFor={ids.switcher}>Section</label>
          <select id={ids.switcher} value={section.id} onChange={onSwitch}>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <Legend />
      </div>

      <p id={ids.hint} className="bk-section__hint">
        Choose up to {MAX_SEATS_PER_ORDER} seats. With a keyboard, use the arrow keys to move between seats and Enter or Space to select one.
      </p>

      {hold && (
        <p className="bk-inline-note" role="status">
          {hold.section.id === section.id
            ? `Seats ${seatNamesText(hold)} are held for you. Change the selection and check out to update your hold.`
            : `You are holding seats ${seatNamesText(hold)} in ${hold.section.label}. Checking out here moves your hold to these seats.`}
        </p>
      )}

      {booked.isError && (
        <p className="bk-inline-note" role="status">
          We could not check which seats are taken right now. Your seats are confirmed when you check out.
        </p>
      )}
      <SelectionNotice store={store} />

      <div className="bk-aside-layout bk-section__picker">
        <BestAvailableForm rows={rows} booked={bookedSeats} store={store} initialCount={initialCount} />
        {!bookedSeats && <LoadingStatus label="Loading seats…" />}
        <SeatGrid
          label={`Seats in ${section.label}`}
          hintId={ids.hint}
          stage={event.genre === 'sports' ? 'COURT' : 'STAGE'}
          rows={rows}
          positions={positions}
          booked={bookedSeats}
          store={store}
          initialActive={initialActive}
        />
      </div>

      <SelectionSummary event={event} price={price} store={store} holdCheck={holdCheck} retryHold={retryHold} onCheckout={onCheckout} />
    </>
  );
}

function SectionLoader({ eventId, sectionId, user }: { eventId: number; sectionId: number } & SessionProps) {
  const venue = useVenue(eventId);
  const open = venue.status === 'success' && !salesClosed(venue.event) && venue.sections.some((s) => s.id === sectionId);
  // Read beside the venue (not after it); joining waits until the sale is known to be open.
  const gate = useLineGate(eventId, Boolean(user), open);

  if (venue.status === 'pending' || (open && gate.status === 'pending')) {
    return (
      <div aria-busy="true">
        <LoadingStatus label="Loading seats…" />
        <div className="bk-crumbs" />
        <div className="bk-skeleton bk-section__skeleton-title" />
        <div className="bk-grid-placeholder" aria-hidden="true">
          <div className="bk-skeleton bk-grid--placeholder" />
        </div>
      </div>
    );
  }
  if (venue.status === 'error') {
    if (isNotFound(venue.error)) return <SectionNotFound eventId={eventId} />;
    return <ErrorState title="The seats could not be loaded" error={venue.error} onRetry={venue.retry} />;
  }
  const { event, sections } = venue;
  const section = sections.find((s) => s.id === sectionId);
  if (!section) return <SectionNotFound eventId={eventId} />;
  if (salesClosed(event)) {
    return (
      <>
        <h1 className="bk-title">{section.label}</h1>
        <p className="bk-subtitle">{event.title}</p>
        <SalesClosedNotice eventId={event.id} />
      </>
    );
  }
  if (gate.status === 'line') return <WaitingRoom event={event} signedIn={Boolean(user)} {...gate} />;
  // Keyed by section: switching sections starts from that section's own saved selection.
  return (
    <SeatPicker
      key={section.id}
      event={event}
      section={section}
      sections={sections}
      user={user}
      notice={gate.status === 'open' ? <PassNote line={gate.line} /> : null}
    />
  );
}

/** SPEC "Section seats" (/events/:id/seatmap/:sectionId): pick seats, then Checkout. */
export function SectionPage({ user }: SessionProps) {
  const params = useParams();
  const eventId = parsePositiveId(params.id);
  const sectionId = parsePositiveId(params.sectionId);
  return (
    <div className="bk-page">
      {eventId === null || sectionId === null ? (
        <SectionNotFound eventId={eventId} />
      ) : (
        <SectionLoader key={eventId} eventId={eventId} sectionId={sectionId} user={user} />
      )}
    </div>
  );
}
