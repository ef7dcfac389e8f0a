import { Link } from '@sports/router';

/**
 * SPEC "Shared footer": Help/FAQ and Contact Us lead to real pages (PRODUCT §6: the visitors' feedback
 * and inquiry forms), My Account to the visitor's tickets, Ticketing Truths and Privacy Policy to
 * their pages.
 */
const HELPFUL_LINKS = [
  { label: 'Help/FAQ', to: '/help' },
  { label: 'My Account', to: '/my-tickets' },
  { label: 'Contact Us', to: '/contact' },
];
const ABOUT_LINKS: { label: string; to: string | null }[] = [
  { label: 'Ticketing Truths', to: '/ticketing-truths' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Ticket your Event', to: null },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <section aria-labelledby="helpful-links">
          <h2 id="helpful-links">Helpful Links</h2>
          <ul>
            {HELPFUL_LINKS.map(({ label, to }) => (
              <li key={label}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="about-us-heading" id="about-us">
          <h2 id="about-us-heading">About Us</h2>
          <ul>
            {ABOUT_LINKS.map(({ label, to }) => (
              <li key={label}>{to ? <Link to={to}>{label}</Link> : <a href="#">{label}</a>}</li>
            ))}
          </ul>
        </section>
      </div>
      <p className="site-footer__copyright">© 2025-2026 Sports Complex. All rights reserved.</p>
    </footer>
  );
}
