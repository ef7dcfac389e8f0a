import { Route, Routes } from '@sports/router';
import { BOOKING_ROUTES } from '@sports/ui';
import { accountRoutes } from './features/account-routes';
import { RouteGuard } from './guard/route-guard';
import { Layout } from './layout/layout';
import { NotFoundPage } from './pages/not-found';
import { AdminArea, BookingArea, OrganizerArea } from './remotes/remote-area';

/** SPEC §2: the whole route table. The shell owns it; remotes render the pages. */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {BOOKING_ROUTES.map(({ path, page }) => (path === '/' ? <Route key={path} index element={<BookingArea page={page} />} /> : <Route key={path} path={path} element={<BookingArea page={page} />} />))}
        {accountRoutes}
        <Route
          path="/admin/*"
          element={
            <RouteGuard allowedRoles={['Admin']}>
              <AdminArea />
            </RouteGuard>
          }
        />
        <Route
          path="/organizer/*"
          element={
            <RouteGuard allowedRoles={['Organizer']}>
              <OrganizerArea />
            </RouteGuard>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
