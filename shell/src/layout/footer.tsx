import { Link } from '@sports/router';

/** SPEC "Shared footer": placeholders in SPEC stay so until their pages exist; My Account opens the visitor's tickets. */
const HELPFUL_LINKS = [
  { label: 'Help/FAQ', to: null },
  { label: 'My Account', to: '/my-tickets' },
  { label: 'Contact Us', to: null },
];
const ABOUT_LINKS = ['Ticketing Truths', 'Privacy Policy', 'Ticket your Event'];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <section aria-labelledby="helpful-links">
          <h2 id="helpful-links">Helpful Links</h2>
          <ul>
            {HELPFUL_LINKS.map(({ label, to }) => (
              <li key={label}>{to ? <Link to={to}>{label}</Link> : <a href="#">{label}</a>}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="about-us-heading" id="about-us">
          <h2 id="about-us-heading">About Us</h2>
          <ul>
            {ABOUT_LINKS.map((label) => (
              <li key={label}>
                <a href="#">{label}</a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="site-footer__copyright">© 2025-2026 Sports Complex. All rights reserved.</p>
    </footer>
  );
}
