import { Link } from 'react-router-dom';

/** Honest stand-in for a shell page whose feature lands in a later release. */
export function ComingSoonPage({ title, detail }: { title: string; detail: string }) {
  return (
    <section className="page page--center">
      <h1>{title}</h1>
      <p>{detail}</p>
      <Link to="/" className="button">
        Back to Home
      </Link>
    </section>
  );
}
