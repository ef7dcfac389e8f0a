import { Route, Routes } from '@sports/router';
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
        <Route index element={<BookingArea page="home" />} />
        {accountRoutes}
        <Route path="/genre/:genre" element={<BookingArea page="genre" />} />
        <Route path="/events/:id" element={<BookingArea page="event" />} />
        <Route path="/events/:id/seatmap" element={<BookingArea page="seatmap" />} />
        <Route path="/events/:id/seatmap/:sectionId" element={<BookingArea page="section" />} />
        <Route path="/events/:id/checkout" element={<BookingArea page="checkout" />} />
        <Route path="/event/qr" element={<BookingArea page="qr" />} />
        <Route path="/my-tickets" element={<BookingArea page="tickets" />} />
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
