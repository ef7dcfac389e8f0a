import { Link, useLocation } from 'react-router-dom';
import { ADMIN_PATHS } from '../paths';

/** An unknown path under /admin: said inside the admin area, with the way back. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="adm-page">
      <h1>Page not found</h1>
      <p>
        There is no admin page at <code>{pathname}</code>.
      </p>
      <p>
        <Link to={ADMIN_PATHS.dashboard}>Go to the admin dashboard</Link>
      </p>
    </section>
  );
}
