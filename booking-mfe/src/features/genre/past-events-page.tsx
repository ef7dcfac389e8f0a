import { Link } from '@sports/router';
import { eventQueries } from '@sports/api-client/events';
import { GENRES } from '@sports/contracts';
import { useQuery } from '@sports/query';
import { ErrorState, LoadingStatus } from '../../shared/status';
import { GENRE_TITLES } from '../../shared/genres';
import { EventRow, EventRowSkeleton } from './event-row';
import '../../shared/base.css';
import './genre.css';

/** Past events (/events/past): the events whose sales closed, the latest first, by genre. */
export function PastEventsPage() {
  const events = useQuery(eventQueries.past());
  return (
    <div className="bk-page bk-genre">
      <h1 className="bk-genre__title">Past Events</h1>
      <p className="bk-genre__lead">
        Events that have taken place, the latest first. <Link to="/">See what is coming up</Link>
      </p>
      {events.isPending ? (
        <div aria-busy="true">
          <LoadingStatus label="Loading past events…" />
          {GENRES.map((genre) => (
            <EventRowSkeleton key={genre} title={GENRE_TITLES[genre]} />
          ))}
        </div>
      ) : events.isError ? (
        <ErrorState title="Past events could not be loaded" error={events.error} onRetry={() => void events.refetch()} />
      ) : (
        GENRES.map((genre) => <EventRow key={genre} title={GENRE_TITLES[genre]} events={events.data.filter((e) => e.genre === genre)} />)
      )}
    </div>
  );
}
