import { Link, useParams } from '@sports/router';
import { eventQueries } from '@sports/api-client/events';
import type { Genre } from '@sports/contracts';
import { useQuery } from '@sports/query';
import { ErrorState, LoadingStatus, NotFoundState } from '../../shared/status';
import { EventRow, EventRowSkeleton } from './event-row';
import { GENRE_TITLES, isGenre } from '../../shared/genres';
import '../../shared/base.css';
import './genre.css';

function GenreEvents({ genre }: { genre: Genre }) {
  const events = useQuery(eventQueries.byGenre(genre));

  if (events.isPending) {
    return (
      <div aria-busy="true">
        <LoadingStatus label="Loading events…" />
        <EventRowSkeleton title="Free Events" />
        <EventRowSkeleton title="Paid Events" />
      </div>
    );
  }
  if (events.isError) {
    return <ErrorState title="Events could not be loaded" error={events.error} onRetry={() => void events.refetch()} />;
  }
  const free = events.data.filter((e) => e.isFree || e.price === 0);
  const paid = events.data.filter((e) => !(e.isFree || e.price === 0));
  return (
    <>
      <EventRow title="Free Events" events={free} />
      <EventRow title="Paid Events" events={paid} />
      <p className="bk-genre__past">
        <Link to="/events/past">Past events</Link>
      </p>
    </>
  );
}

/** SPEC "Events by genre" (/genre/:genre). */
export function GenrePage() {
  const { genre } = useParams();

  if (!isGenre(genre)) {
    return (
      <div className="bk-page">
        <NotFoundState title="Category Not Found" text="Sorry, this category does not exist.">
          <nav aria-label="Event categories" className="bk-genre-links">
            {(Object.keys(GENRE_TITLES) as Genre[]).map((g) => (
              <Link key={g} className="bk-button bk-button--secondary" to={`/genre/${g}`}>
                {GENRE_TITLES[g]}
              </Link>
            ))}
          </nav>
        </NotFoundState>
      </div>
    );
  }

  return (
    <div className="bk-page bk-genre">
      <h1 className="bk-genre__title">{GENRE_TITLES[genre]}</h1>
      {/* key: a new genre starts with fresh rows scrolled to the start */}
      <GenreEvents key={genre} genre={genre} />
    </div>
  );
}
