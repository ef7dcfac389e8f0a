import { Link, useLocation } from '@sports/router';
import './data-screens.css';

export interface AreaNotFoundPageProps {
  /** "admin", "organizer": how the area is named in the message. */
  area: string;
  /** Where "Go to the … dashboard" leads. */
  dashboardPath: string;
  /** Default the shared page class, 'ds-page'. */
  className?: string;
}

/** An unknown path inside a remote's area: said there, with the way back to its dashboard. */
export function AreaNotFoundPage({ area, dashboardPath, className = 'ds-page' }: AreaNotFoundPageProps) {
  const { pathname } = useLocation();
  return (
    <section className={className}>
      <h1>Page not found</h1>
      <p>
        There is no {area} page at <code>{pathname}</code>.
      </p>
      <p>
        <Link to={dashboardPath}>Go to the {area} dashboard</Link>
      </p>
    </section>
  );
}
