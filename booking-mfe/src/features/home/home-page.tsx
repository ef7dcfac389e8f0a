import { eventQueries } from '@sports/api-client/events';
import { useQuery } from '@sports/query';
import { CAROUSEL_SLIDE_COUNT } from '../../shared/constants';
import { ErrorState, LoadingStatus } from '../../shared/status';
import { DiscoverMore } from './discover-more';
import { HeroCarousel } from './hero-carousel';
import { PromoGrid } from './promo-grid';
import '../../shared/base.css';
import './home.css';

function FeaturedEvents() {
  const featured = useQuery(eventQueries.featured());

  if (featured.isPending) {
    return (
      <div className="bk-hero bk-hero--placeholder" aria-busy="true">
        <div className="bk-hero__skeleton bk-skeleton" />
        <LoadingStatus label="Loading featured events…" />
      </div>
    );
  }
  if (featured.isError) {
    return (
      <div className="bk-hero bk-hero--placeholder">
        <ErrorState title="Featured events could not be loaded" error={featured.error} onRetry={() => void featured.refetch()} />
      </div>
    );
  }
  if (featured.data.length === 0) {
    return (
      <div className="bk-hero bk-hero--placeholder">
        <div className="bk-state">
          <h2 className="bk-state__title">No featured events right now</h2>
          <p className="bk-state__text">Browse sports, concerts and community events below.</p>
        </div>
      </div>
    );
  }
  return <HeroCarousel slides={featured.data.slice(0, CAROUSEL_SLIDE_COUNT)} />;
}

/** SPEC "Home" (/). */
export function HomePage() {
  return (
    <div className="bk-page bk-home">
      <h1 className="bk-visually-hidden">Events and tickets at the Sports Complex</h1>
      <FeaturedEvents />
      <PromoGrid />
      <DiscoverMore />
    </div>
  );
}
