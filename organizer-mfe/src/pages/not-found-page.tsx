import { Link, useLocation } from 'react-router-dom';
import { ORGANIZER_PATHS } from '../paths';

/** An unknown path under /organizer: said inside the organizer area, with the way back. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="org-page">
      <h1>Page not found</h1>
      <p>
        There is no organizer page at <code>{pathname}</code>.
      </p>
      <p>
        <Link to={ORGANIZER_PATHS.dashboard}>Go to the organizer dashboard</Link>
      </p>
    </section>
  );
}
