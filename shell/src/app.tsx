import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RouteGuard } from './guard/route-guard';
import { Layout } from './layout/layout';
import { NotFoundPage } from './pages/not-found';
import { AdminArea, BookingArea, OrganizerArea } from './remotes/remote-area';

const ComingSoonPage = lazy(() => import('./pages/coming-soon').then((m) => ({ default: m.ComingSoonPage })));

const ACCOUNT_PAGES = [
  { path: '/login', title: 'Login', detail: 'Signing in arrives with the accounts release.' },
  { path: '/register1', title: 'Create Account', detail: 'Registration arrives with the accounts release.' },
  { path: '/register2', title: 'Address Details', detail: 'Registration arrives with the accounts release.' },
  { path: '/register3', title: 'Account Setup', detail: 'Registration arrives with the accounts release.' },
  { path: '/ForgotPassword', title: 'Forgot Password', detail: 'Password reset arrives with the accounts release.' },
];

/** SPEC §2: the whole route table. The shell owns it; remotes render the pages. */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<BookingArea page="home" />} />
        {ACCOUNT_PAGES.map(({ path, title, detail }) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={null}>
                <ComingSoonPage title={title} detail={detail} />
              </Suspense>
            }
          />
        ))}
        <Route path="/genre/:genre" element={<BookingArea page="genre" />} />
        <Route path="/events/:id" element={<BookingArea page="event" />} />
        <Route path="/events/:id/seatmap" element={<BookingArea page="seatmap" />} />
        <Route path="/events/:id/seatmap/:sectionId" element={<BookingArea page="section" />} />
        <Route path="/events/:id/checkout" element={<BookingArea page="checkout" />} />
        <Route path="/event/qr" element={<BookingArea page="qr" />} />
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
