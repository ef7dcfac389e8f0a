import type { Genre } from '@sports/contracts';
import { useQuery } from '@sports/query';
import { Link } from '@sports/router';
import { formatPrice } from '@sports/ui';
import { upcomingEventsQuery } from '../api/upcoming-events';
import { eventsByMonth } from './season-months';

const GENRE_NAMES: Record<Genre, string> = { sports: 'Sports', concert: 'Concert', community: 'Community' };
const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Sat, Dec 5" of a YYYY-MM-DD date (a calendar day, so read as UTC). */
const dayOf = (date: string): string => DAY.format(new Date(`${date}T00:00:00Z`));

/** The events on sale month by month, each linking to its page; read from the API when the guide opens. */
export function SeasonCalendar() {
  const events = useQuery(upcomingEventsQuery());
  if (events.isPending) {
    return (
      <p className="guide-calendar__state" role="status">
        Loading the calendar…
      </p>
    );
  }
  if (events.isError) {
    return (
      <div className="guide-calendar__state" role="alert">
        <p>The calendar could not be loaded.</p>
        <button type="button" className="button" onClick={() => void events.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const months = eventsByMonth(events.data);
  if (months.length === 0) {
    return (
      <p className="guide-calendar__state">
        No events are on sale right now. New events appear here as soon as they are approved; meanwhile see the <Link to="/events/past">past events</Link>.
      </p>
    );
  }
  return (
    <div className="guide-calendar">
      {months.map((month) => (
        <section key={month.key} aria-labelledby={`month-${month.key}`}>
          <h3 id={`month-${month.key}`}>{month.label}</h3>
          <ul>
            {month.events.map((event) => (
              <li key={event.id}>
                <span className="guide-calendar__day">{dayOf(event.date)}</span>
                <Link to={`/events/${event.id}`}>{event.title}</Link>
                <span className="guide-calendar__meta">
                  {GENRE_NAMES[event.genre]} · {formatPrice(event)}
                  {event.soldOut ? ' · Sold out' : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
