/**
 * Route -> page table of the booking remote when it runs on its own (npm run dev -w booking-mfe).
 * It mirrors the shell's table (SPEC §2); in the composed product the shell owns the routes.
 */
import { Link, Route, Routes } from '@sports/router';
import type { BookingPage, RemoteProps } from '@sports/contracts';
import BookingPages from './pages';

export const BOOKING_ROUTES: ReadonlyArray<{ path: string; page: BookingPage }> = [
  { path: '/', page: 'home' },
  { path: '/genre/:genre', page: 'genre' },
  { path: '/events/:id', page: 'event' },
  { path: '/events/:id/seatmap', page: 'seatmap' },
  { path: '/events/:id/seatmap/:sectionId', page: 'section' },
  { path: '/events/:id/checkout', page: 'checkout' },
  { path: '/event/qr', page: 'qr' },
  { path: '/my-tickets', page: 'tickets' },
];

export function StandaloneRoutes({ user, logout }: RemoteProps) {
  return (
    <Routes>
      {BOOKING_ROUTES.map(({ path, page }) => (
        <Route key={path} path={path} element={<BookingPages page={page} user={user} logout={logout} />} />
      ))}
      <Route
        path="*"
        element={
          <div className="bk-page">
            <div className="bk-state">
              <h1 className="bk-state__title">Not a booking page</h1>
              <p className="bk-state__text">This address belongs to another part of the site.</p>
              <Link className="bk-button bk-button--secondary" to="/">
                Back to Home
              </Link>
            </div>
          </div>
        }
      />
    </Routes>
  );
}
