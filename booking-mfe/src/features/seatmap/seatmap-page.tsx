import { useCallback, useId, useMemo, useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { Link, useNavigate, useParams } from '@sports/router';
import { bookingQueries } from '@sports/api-client/booking';
import type { BookingRemoteProps, Event, Section } from '@sports/contracts';
import { useQuery } from '@sports/query';
import { isNotFound } from '../../shared/errors';
import { formatPrice, sectionPrice } from '@sports/ui';
import { formatPesos, salesClosed, toTimeInputValue } from '../../shared/format';
import { parsePositiveId } from '../../shared/ids';
import { ErrorState, EventNotFound, LoadingStatus, SalesClosedNotice } from '../../shared/status';
import { useVenue } from '../../shared/use-venue';
import { useLineGate } from '../waiting-room/use-line-gate';
import { PassNote, WaitingRoom } from '../waiting-room/waiting-room';
import { placeSections } from './section-colors';
import { VenueMap, seatsLeftText } from './venue-map';
import { VenueBestSeatsForm } from './venue-best-seats-form';
import '../../shared/base.css';
import './seatmap.css';

type SessionProps = Partial<Pick<BookingRemoteProps, 'user'>>;

function EventHeader({ event }: { event: Event }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="bk-crumbs">
        <Link to={`/events/${event.id}`}>{event.title}</Link>
      </nav>
      <h1 className="bk-title">Select Seats</h1>
      <p className="bk-subtitle">
        {event.title} · {formatPrice(event)} per seat
      </p>
    </>
  );
}

function SeatmapView({ event, sections, notice }: { event: Event; sections: Section[]; notice?: ReactNode }) {
  const navigate = useNavigate();
  const ids = { date: useId(), time: useId(), timeNote: useId(), section: useId(), hint: useId() };
  const [highlighted, setHighlighted] = useState<number | null>(null);

  const availability = useQuery(bookingQueries.availability(event.id));
  const available = useMemo(() => (availability.data ? new Map(availability.data.map((s) => [s.sectionId, s.available])) : null), [availability.data]);

  const placed = useMemo(() => placeSections(event.id, sections), [event.id, sections]);
  const highlightedSection = placed.find((p) => p.section.id === highlighted)?.section ?? null;
  const seatsPath = (sectionId: number) => `/events/${event.id}/seatmap/${sectionId}`;
  const priceOf = useMemo(() => (event.pricesVary ? (sectionId: number) => formatPesos(sectionPrice(event, sectionId)) : null), [event]);

  // First choice highlights; choosing the highlighted section again opens its seat grid.
  const choose = useCallback(
    (sectionId: number) => {
      if (highlighted === sectionId) navigate(`/events/${event.id}/seatmap/${sectionId}`);
      else setHighlighted(sectionId);
    },
    [highlighted, navigate, event.id],
  );

  // The select always sits on its placeholder (which names the highlighted section), so picking the
  // highlighted section again is a real change and reaches `choose`.
  const onSelect = (e: ChangeEvent<HTMLSelectElement>) => {
    const sectionId = parsePositiveId(e.target.value);
    if (sectionId !== null) choose(sectionId);
  };

  const time = toTimeInputValue(event.time);
  return (
    <>
      <EventHeader event={event} />
      {notice}
      <div className="bk-seatmap__controls">
        <div className="bk-field">
          <label htmlFor={ids.date}>Date</label>
          <input id={ids.date} type="date" value={event.date} readOnly aria-readonly="true" />
        </div>
        <div className="bk-field">
          <label htmlFor={ids.time}>Time</label>
          <input id={ids.time} type="time" value={time} readOnly aria-readonly="true" aria-describedby={time ? undefined : ids.timeNote} />
          {!time && (
            <span id={ids.timeNote} className="bk-field__note">
              Time to be announced
            </span>
          )}
        </div>
        <div className="bk-field bk-field--wide">
          <label htmlFor={ids.section}>Section</label>
          <select id={ids.section} value="" onChange={onSelect} aria-describedby={ids.hint}>
            <option value="" disabled hidden>
              {highlightedSection ? highlightedSection.label : 'Choose a section'}
            </option>
            {placed.map(({ section }) => {
              const left = available?.get(section.id);
              const soldOut = left !== undefined && left <= 0;
              return (
                <option key={section.id} value={section.id} disabled={soldOut}>
                  {[section.label, priceOf?.(section.id)].filter(Boolean).join(' · ')}
                  {left === undefined ? '' : ` (${seatsLeftText(left)})`}
                </option>
              );
            })}
          </select>
        </div>
      </div>
      <p id={ids.hint} className="bk-seatmap__hint">
        The date and time are set by the event. Pick a section on the map or in the list, then pick it again to choose your seats.
      </p>

      {/* A space of fixed height: the choice shows here without moving the map under the pointer. */}
      <div className="bk-seatmap__status" aria-live="polite">
        {highlightedSection ? (
          <p className="bk-seatmap__picked">
            <span className="bk-seatmap__picked-text">
              <strong>{highlightedSection.label}</strong> selected{priceOf ? `, ${priceOf(highlightedSection.id)} a seat` : ''}.
            </span>
            <Link className="bk-button bk-button--primary" to={seatsPath(highlightedSection.id)}>
              Choose seats<span className="bk-visually-hidden"> in {highlightedSection.label}</span>
            </Link>
          </p>
        ) : (
          <p className="bk-seatmap__picked bk-seatmap__picked--empty">No section chosen yet.</p>
        )}
      </div>
      {availability.isPending && <LoadingStatus label="Loading seats left…" />}

      {/* "How many seats?" first on phones (above the map), beside the map on wide screens. */}
      <div className="bk-aside-layout">
        <VenueBestSeatsForm eventId={event.id} />
        <div>
          <VenueMap
            placed={placed}
            available={available}
            highlighted={highlighted}
            onSectionClick={choose}
            centerLabel={event.genre === 'sports' ? 'COURT' : 'STAGE'}
            mirrored={event.id === 2}
            hintId={ids.hint}
            priceOf={priceOf}
          />
          {availability.isError && (
            <div className="bk-inline-alert" role="alert">
              <span>Seats left could not be loaded. You can still open a section.</span>
              <button type="button" className="bk-button bk-button--secondary" onClick={() => void availability.refetch()}>
                Retry
              </button>
            </div>
          )}
        </div>
      </div>
    </>
  );
}

function SeatmapLoader({ eventId, user }: { eventId: number } & SessionProps) {
  const venue = useVenue(eventId);
  // Read beside the venue (not after it); joining waits until the sale is known to be open.
  const gate = useLineGate(eventId, Boolean(user), venue.status === 'success' && !salesClosed(venue.event));

  if (venue.status === 'pending' || (venue.status === 'success' && gate.status === 'pending' && !salesClosed(venue.event))) {
    return (
      <div aria-busy="true">
        <LoadingStatus label="Loading the venue…" />
        <div className="bk-crumbs" />
        <h1 className="bk-title">Select Seats</h1>
        <div className="bk-skeleton bk-seatmap__skeleton-line" />
        <div className="bk-venue-scroll" aria-hidden="true">
          <div className="bk-venue bk-skeleton" />
        </div>
      </div>
    );
  }
  if (venue.status === 'error') {
    if (isNotFound(venue.error)) return <EventNotFound />;
    return <ErrorState title="The venue could not be loaded" error={venue.error} onRetry={venue.retry} />;
  }
  const { event, sections } = venue;
  if (salesClosed(event)) {
    return (
      <>
        <EventHeader event={event} />
        <SalesClosedNotice eventId={event.id} />
      </>
    );
  }
  if (gate.status === 'line') return <WaitingRoom event={event} signedIn={Boolean(user)} {...gate} />;
  return <SeatmapView event={event} sections={sections} notice={gate.status === 'open' ? <PassNote line={gate.line} /> : null} />;
}

/** SPEC "Seat map" (/events/:id/seatmap): choose a section of the venue. */
export function SeatmapPage({ user }: SessionProps = {}) {
  const id = parsePositiveId(useParams().id);
  return <div className="bk-page">{id === null ? <EventNotFound /> : <SeatmapLoader key={id} eventId={id} user={user} />}</div>;
}
