/**
 * The booking remote's exposed module './pages'. The shell owns <BrowserRouter>, the header,
 * the footer and the route table; for each booking route it renders
 * `<BookingPages page=... user=... logout=... />`, and the pages read their params with useParams.
 * Every page is its own lazy chunk, so the home page downloads only home code.
 */
import { Suspense, lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { BookingPage, BookingRemoteProps, RemoteProps } from '@sports/contracts';
import { PageErrorBoundary } from '@sports/ui';
import './shared/base.css';

/** What every page receives from the shell (the session); pages read their params with useParams. */
type PageProps = RemoteProps;

const PAGES: Record<BookingPage, LazyExoticComponent<ComponentType<PageProps>>> = {
  home: lazy(() => import(/* webpackChunkName: "booking-home" */ './features/home/home-page').then((m) => ({ default: m.HomePage }))),
  genre: lazy(() => import(/* webpackChunkName: "booking-genre" */ './features/genre/genre-page').then((m) => ({ default: m.GenrePage }))),
  event: lazy(() => import(/* webpackChunkName: "booking-event" */ './features/event/event-page').then((m) => ({ default: m.EventPage }))),
  seatmap: lazy(() =>
    import(/* webpackChunkName: "booking-seatmap" */ './features/seatmap/seatmap-page').then((m) => ({ default: m.SeatmapPage })),
  ),
  section: lazy(() =>
    import(/* webpackChunkName: "booking-section" */ './features/section/section-page').then((m) => ({ default: m.SectionPage })),
  ),
  checkout: lazy(() =>
    import(/* webpackChunkName: "booking-checkout" */ './features/checkout/checkout-page').then((m) => ({ default: m.CheckoutPage })),
  ),
  qr: lazy(() => import(/* webpackChunkName: "booking-qr" */ './features/qr/qr-page').then((m) => ({ default: m.QrPage }))),
  tickets: lazy(() =>
    import(/* webpackChunkName: "booking-tickets" */ './features/tickets/tickets-page').then((m) => ({ default: m.TicketsPage })),
  ),
  ticket: lazy(() => import(/* webpackChunkName: "booking-ticket" */ './features/ticket/ticket-page').then((m) => ({ default: m.TicketPage }))),
  past: lazy(() => import(/* webpackChunkName: "booking-past" */ './features/genre/past-events-page').then((m) => ({ default: m.PastEventsPage }))),
  search: lazy(() => import(/* webpackChunkName: "booking-search" */ './features/search/search-page').then((m) => ({ default: m.SearchPage }))),
};

function PageFallback() {
  return (
    <div className="bk-page bk-page--pending" aria-busy="true">
      <p role="status" className="bk-visually-hidden">
        Loading…
      </p>
    </div>
  );
}

/** A page chunk that fails to download (network, redeploy) gets a clear message, not a blank area. */
function PageLoadFailure() {
  return (
    <div className="bk-page">
      <div className="bk-state bk-state--error" role="alert">
        <h1 className="bk-state__title">This page could not be loaded</h1>
        <p className="bk-state__text">Check your connection, then reload the page.</p>
        <button type="button" className="bk-button bk-button--primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
      </div>
    </div>
  );
}

/** Default export of './pages' (contract: BookingRemoteProps in @sports/contracts). */
export default function BookingPages({ page, user, logout }: BookingRemoteProps) {
  const Page = PAGES[page] ?? PAGES.home;
  return (
    <PageErrorBoundary key={page} area="Booking" fallback={<PageLoadFailure />}>
      <Suspense fallback={<PageFallback />}>
        <Page user={user} logout={logout} />
      </Suspense>
    </PageErrorBoundary>
  );
}
