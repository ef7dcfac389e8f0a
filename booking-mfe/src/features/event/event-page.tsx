import { Link, useParams } from '@sports/router';
import { assetUrl } from '@sports/api-client';
import { eventQueries } from '@sports/api-client/events';
import { useQuery } from '@sports/query';
import type { Event } from '@sports/contracts';
import { isNotFound } from '../../shared/errors';
import { parsePositiveId } from '../../shared/ids';
import { GENRE_TITLES } from '../../shared/genres';
import { EventTermsRows, formatPrice } from '@sports/ui';
import { formatEventDate, salesClosed } from '../../shared/format';
import { ErrorState, EventNotFound, LoadingStatus } from '../../shared/status';
import { addressLine, formatManilaDateTime } from './event-schedule';
import { EventReviews } from './event-reviews';
import '../../shared/base.css';
import './event.css';

/** A positive integer id from the URL, or null. */
export const parseEventId = parsePositiveId;

function EventDetail({ event }: { event: Event }) {
  const closed = salesClosed(event);
  const cancelled = event.cancelled ?? null;
  const postponedFrom = event.postponedFrom ?? null;
  return (
    <article className="bk-event">
      <nav aria-label="Breadcrumb" className="bk-crumbs bk-event__crumbs">
        <Link to={`/genre/${event.genre}`}>{GENRE_TITLES[event.genre]}</Link>
      </nav>
      <div className="bk-event__layout">
        <img
          className="bk-event__image"
          src={assetUrl(event.img)}
          alt={event.title}
          width={960}
          height={540}
          decoding="async"
          fetchPriority="high"
        />
        <div className="bk-event__summary">
          <h1 className="bk-event__title">{event.title}</h1>
          {cancelled ? (
            <p className="bk-event__status bk-event__status--cancelled" role="status">
              <strong>Cancelled</strong>: {cancelled.reason}
            </p>
          ) : postponedFrom ? (
            <p className="bk-event__status" role="status">
              <strong>Postponed</strong>: now on {formatManilaDateTime(event.startsAt)} (was {formatManilaDateTime(postponedFrom)}). Tickets already bought stay valid.
            </p>
          ) : null}
          <dl className="bk-event__facts">
            <div>
              <dt>Date</dt>
              <dd>
                <time dateTime={event.date}>{formatEventDate(event.date)}</time>
              </dd>
            </div>
            {event.time && (
              <div>
                <dt>Time</dt>
                <dd>{event.time}</dd>
              </div>
            )}
            <div>
              <dt>Starts</dt>
              <dd>
                <time dateTime={event.startsAt}>{formatManilaDateTime(event.startsAt)}</time>
              </dd>
            </div>
            {event.endsAt ? (
              <div>
                <dt>Ends</dt>
                <dd>
                  <time dateTime={event.endsAt}>{formatManilaDateTime(event.endsAt)}</time>
                </dd>
              </div>
            ) : null}
            {event.venue ? (
              <div>
                <dt>Venue</dt>
                <dd>
                  {event.venue.name}
                  {addressLine(event.venue) ? <span className="bk-event__address">{addressLine(event.venue)}</span> : null}
                </dd>
              </div>
            ) : null}
            {event.organizer && (
              <div>
                <dt>Organizer</dt>
                <dd>{event.organizer}</dd>
              </div>
            )}
            <div>
              <dt>Price</dt>
              <dd>{formatPrice(event)}</dd>
            </div>
            <EventTermsRows event={event} />
          </dl>
          {cancelled ? (
            <p className="bk-event__closed" role="note">
              This event has been cancelled: it cannot be booked.
            </p>
          ) : closed ? (
            <p className="bk-event__closed" role="note">
              Ticket sales for this event have closed.
            </p>
          ) : (
            <Link className="bk-button bk-button--primary bk-event__cta" to={`/events/${event.id}/seatmap`}>
              Select Seat(s)
            </Link>
          )}
        </div>
      </div>
      <section className="bk-event__about" aria-labelledby="bk-event-about">
        <h2 id="bk-event-about">About Event</h2>
        <p>{event.about ?? event.description}</p>
      </section>
      {closed && !cancelled ? <EventReviews eventId={event.id} /> : null}
    </article>
  );
}

function EventLoader({ id }: { id: number }) {
  const event = useQuery(eventQueries.detail(id));

  if (event.isPending) {
    return (
      <div className="bk-event" aria-busy="true">
        <LoadingStatus label="Loading event…" />
        <div className="bk-crumbs bk-event__crumbs" />
        <div className="bk-event__layout" aria-hidden="true">
          <div className="bk-event__image bk-skeleton" />
          <div className="bk-event__summary">
            <div className="bk-skeleton bk-event__skeleton-title" />
            <div className="bk-skeleton bk-event__skeleton-line" />
            <div className="bk-skeleton bk-event__skeleton-line" />
          </div>
        </div>
      </div>
    );
  }
  if (event.isError) {
    if (isNotFound(event.error)) return <EventNotFound />;
    return <ErrorState title="This event could not be loaded" error={event.error} onRetry={() => void event.refetch()} />;
  }
  return <EventDetail event={event.data} />;
}

/** SPEC "Event detail" (/events/:id). */
/** The categories an event offers besides Regular, as a buyer reads them: "Senior Citizen 20% off by law (ID checked at the gate)". */
export function EventPage() {
  const id = parseEventId(useParams().id);
  return <div className="bk-page">{id === null ? <EventNotFound /> : <EventLoader key={id} id={id} />}</div>;
}
