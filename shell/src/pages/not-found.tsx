import { Link } from '@sports/router';

export function NotFoundPage() {
  return (
    <section className="page page--center">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button">
        Back to Home
      </Link>
    </section>
  );
}
