import { useId } from 'react';
import { Link, useLocation, useNavigate } from '@sports/router';
import type { Event, LineStatus } from '@sports/contracts';
import { describeError } from '../../shared/errors';
import { loginState } from '../../shared/booking-state';
import { formatEventDate } from '../../shared/format';
import { addressLine } from '../event/event-schedule';
import { passEndText, waitText } from './wait-text';
import '../../shared/base.css';
import './waiting-room.css';

/** The event the line is for: what the buyer is waiting to book. */
function EventFacts({ event }: { event: Event }) {
  return (
    <dl className="bk-line__event">
      <div>
        <dt>Event</dt>
        <dd>{event.title}</dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd>
          <time dateTime={event.date}>{formatEventDate(event.date)}</time>
          {event.time ? `, ${event.time}` : ''}
        </dd>
      </div>
      {event.venue ? (
        <div>
          <dt>Venue</dt>
          <dd>
            {event.venue.name}
            {addressLine(event.venue) ? <span className="bk-line__address">{addressLine(event.venue)}</span> : null}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export interface WaitingRoomProps {
  event: Event;
  /** 'out', 'waiting' or 'soldout'. */
  line: LineStatus;
  signedIn: boolean;
  /** The last keep-my-place call failed. */
  placeError: unknown;
  leave: () => Promise<void>;
  leaving: boolean;
  leaveError: unknown;
}

/**
 * In place of the seat map (or seat grid) while the sale has a line and the buyer has no pass: their
 * place, kept up to date, and the way out. Signed out, the way in is to log in (the line is per account).
 */
export function WaitingRoom({ event, line, signedIn, placeError, leave, leaving, leaveError }: WaitingRoomProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  const waiting = line.state === 'waiting' && line.position !== undefined;

  const onLeave = () => {
    leave().then(
      () => navigate(`/events/${event.id}`),
      () => undefined, // shown from leaveError
    );
  };

  let body;
  if (line.state === 'soldout') {
    body = (
      <>
        <h1 id={headingId} className="bk-title">
          Sold out
        </h1>
        <p className="bk-line__text" role="status">
          Every seat of this event is sold. If seats come back (an order cancelled or refunded), this page lets you in by itself.
        </p>
        <Link className="bk-button bk-button--secondary" to={`/events/${event.id}`}>
          Back to the event
        </Link>
      </>
    );
  } else if (!signedIn) {
    body = (
      <>
        <h1 id={headingId} className="bk-title">
          This sale has a waiting room
        </h1>
        <p className="bk-line__text">So that everyone gets a fair chance, buyers pick their seats a few at a time, in the order they joined the line.</p>
        <Link className="bk-button bk-button--primary" to="/login" state={loginState(location.pathname)}>
          Log in to join the line
        </Link>
      </>
    );
  } else {
    body = (
      <>
        <h1 id={headingId} className="bk-title">
          You are in line
        </h1>
        <div className="bk-line__place" aria-live="polite" aria-atomic="true">
          {waiting ? (
            <>
              <p className="bk-line__position">
                Your place in line: <strong>{line.position}</strong>
              </p>
              <p className="bk-line__wait">{waitText(line.estimatedWaitSeconds)}</p>
            </>
          ) : (
            <p className="bk-line__position" aria-busy="true">
              Joining the line…
            </p>
          )}
        </div>
        <p className="bk-line__text">Keep this page open: the seats open here by themselves when it is your turn.</p>
        {placeError ? (
          <p className="bk-inline-note" role="status">
            Your place could not be updated just now: we keep trying, and you keep your place.
          </p>
        ) : null}
        {leaveError ? (
          <div className="bk-inline-alert" role="alert">
            You are still in line: leaving failed. {describeError(leaveError)}
          </div>
        ) : null}
        <button type="button" className="bk-button bk-button--secondary" onClick={onLeave} disabled={leaving} aria-busy={leaving}>
          {leaving ? 'Leaving the line…' : 'Leave the line'}
        </button>
      </>
    );
  }

  return (
    <section className="bk-line" aria-labelledby={headingId}>
      <nav aria-label="Breadcrumb" className="bk-crumbs">
        <Link to={`/events/${event.id}`}>{event.title}</Link>
      </nav>
      {body}
      <EventFacts event={event} />
    </section>
  );
}

/** Above the seats while the buyer holds a pass: until when they may pick. */
export function PassNote({ line }: { line: LineStatus | null }) {
  if (line?.state !== 'admitted') return null;
  const until = passEndText(line.passExpiresAt);
  return (
    <p className="bk-inline-note bk-line__pass" role="status">
      {until ? `It is your turn: pick your seats by ${until}.` : 'It is your turn: pick your seats now.'}
    </p>
  );
}
