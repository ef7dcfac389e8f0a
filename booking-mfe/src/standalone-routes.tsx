/**
 * The booking remote's routes when it runs on its own (npm run dev -w booking-mfe): the shell's
 * booking route table (BOOKING_ROUTES), and a note for any other address.
 */
import { Link, Route, Routes } from '@sports/router';
import type { RemoteProps } from '@sports/contracts';
import { BOOKING_ROUTES } from '@sports/ui';
import BookingPages from './pages';

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
