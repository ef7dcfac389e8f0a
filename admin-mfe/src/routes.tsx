import { lazy } from 'react';
import { Navigate, Route, Routes } from '@sports/router';
import type { RemoteProps } from '@sports/contracts';
import { AreaNotFoundPage } from '@sports/ui';
import { AdminLayout } from './shared/admin-layout';
import { ADMIN_PATHS } from './paths';
import './admin.css';

// Each page is its own chunk, so the exposed entry stays small (Chart.js comes with the dashboard's only).
const DashboardPage = lazy(() => import(/* webpackChunkName: "admin-dashboard" */ './features/dashboard/dashboard-page'));
const AccountsPage = lazy(() => import(/* webpackChunkName: "admin-accounts" */ './features/accounts/accounts-page'));
const EventsPage = lazy(() => import(/* webpackChunkName: "admin-events" */ './features/events/events-page'));
const EventDetailPage = lazy(() => import(/* webpackChunkName: "admin-event-detail" */ './features/events/event-detail-page'));
const FeedbackPage = lazy(() => import(/* webpackChunkName: "admin-feedback" */ './features/feedback/feedback-page'));

/** Exposed as `admin/routes`; the shell mounts it at /admin/* behind its Admin guard. */
export default function AdminRoutes({ user, logout }: RemoteProps) {
  return (
    <Routes>
      <Route element={<AdminLayout logout={logout} />}>
        <Route index element={<Navigate to={ADMIN_PATHS.dashboard} replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="accounts" element={<AccountsPage currentUserId={user?.user_id} />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="events/:id" element={<EventDetailPage />} />
        <Route path="feedback" element={<FeedbackPage />} />
        <Route path="*" element={<AreaNotFoundPage area="admin" dashboardPath={ADMIN_PATHS.dashboard} />} />
      </Route>
    </Routes>
  );
}
