import { lazy } from 'react';
import { Navigate, Route, Routes } from '@sports/router';
import type { RemoteProps } from '@sports/contracts';
import { AreaNotFoundPage } from '@sports/ui';
import { OrganizerLayout } from './components/organizer-layout';
import { ORGANIZER_PATHS } from './paths';
import './organizer.css';

// Each page is its own chunk, so the exposed entry stays small.
const DashboardPage = lazy(() => import(/* webpackChunkName: "organizer-dashboard" */ './features/dashboard/dashboard-page'));
const CreateEventPage = lazy(() => import(/* webpackChunkName: "organizer-create-event" */ './features/create-event/create-event-page'));
const SeatPlanningPage = lazy(() => import(/* webpackChunkName: "organizer-seat-planning" */ './features/seat-planning/seat-planning-page'));
const EventListPage = lazy(() => import(/* webpackChunkName: "organizer-event-list" */ './features/event-list/event-list-page'));
const AttendeeListPage = lazy(() => import(/* webpackChunkName: "organizer-attendee-list" */ './features/attendee-list/attendee-list-page'));
const ReviewsPage = lazy(() => import(/* webpackChunkName: "organizer-reviews" */ './features/reviews/reviews-page'));
const PromoCodesPage = lazy(() => import(/* webpackChunkName: "organizer-promo-codes" */ './features/promo-codes/promo-codes-page'));
const GatePage = lazy(() => import(/* webpackChunkName: "organizer-gate" */ './features/gate/gate-page'));

/** Exposed as `organizer/routes`; the shell mounts it at /organizer/* behind its Organizer guard. */
export default function OrganizerRoutes({ logout }: RemoteProps) {
  return (
    <Routes>
      <Route element={<OrganizerLayout logout={logout} />}>
        <Route index element={<Navigate to={ORGANIZER_PATHS.dashboard} replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="create-event" element={<CreateEventPage />} />
        <Route path="seat-planning" element={<SeatPlanningPage />} />
        <Route path="event-list" element={<EventListPage />} />
        <Route path="attendee-list" element={<AttendeeListPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="gate" element={<GatePage />} />
        <Route path="promo-codes" element={<PromoCodesPage />} />
        <Route path="*" element={<AreaNotFoundPage area="organizer" dashboardPath={ORGANIZER_PATHS.dashboard} />} />
      </Route>
    </Routes>
  );
}
