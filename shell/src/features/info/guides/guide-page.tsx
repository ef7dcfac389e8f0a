import { Link, useParams } from '@sports/router';
import { guidePath } from '@sports/ui';
import { NotFoundPage } from '../../../pages/not-found';
import { guideBySlug } from './guides';
import '../info.css';

/** /guides/:slug: one of the home page's DISCOVER MORE guides, with links to the guides to read next. */
export function GuidePage() {
  const guide = guideBySlug(useParams().slug);
  if (!guide) return <NotFoundPage />;
  return (
    <article className="page info-page guide-page" aria-labelledby="guide-title">
      <p className="guide-page__kicker">Guide</p>
      <h1 id="guide-title">{guide.title}</h1>
      <p className="info-page__lead">{guide.lead}</p>
      {guide.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.body}
        </section>
      ))}
      <nav className="guide-page__more" aria-labelledby="more-guides">
        <h2 id="more-guides">More guides</h2>
        <ul>
          {guide.related.map((slug) => {
            const related = guideBySlug(slug);
            return related ? (
              <li key={slug}>
                <Link to={guidePath(slug)}>{related.title}</Link>
                <span> {related.lead}</span>
              </li>
            ) : null;
          })}
        </ul>
      </nav>
      <p>
        Questions? See <Link to="/help">Help/FAQ</Link> or write to us on <Link to="/contact">Contact Us</Link>. <Link to="/">Back to Home</Link>
      </p>
    </article>
  );
}
