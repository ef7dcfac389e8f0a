import { Link } from '@sports/router';

/**
 * SPEC "Shared footer": every link leads to a real page. Help/FAQ and Contact Us hold the visitors'
 * feedback and inquiry forms (PRODUCT §6), Ticket your Event the organizer application,
 * My Account the account page (profile, password, a copy of one's data, deletion).
 */
const HELPFUL_LINKS = [
  { label: 'Help/FAQ', to: '/help' },
  { label: 'My Account', to: '/account' },
  { label: 'Contact Us', to: '/contact' },
];
const ABOUT_LINKS = [
  { label: 'Ticketing Truths', to: '/ticketing-truths' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms and Conditions', to: '/terms' },
  { label: 'Ticket your Event', to: '/ticket-your-event' },
];

function LinkList({ links }: { links: ReadonlyArray<{ label: string; to: string }> }) {
  return (
    <ul>
      {links.map(({ label, to }) => (
        <li key={label}>
          <Link to={to}>{label}</Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <section aria-labelledby="helpful-links">
          <h2 id="helpful-links">Helpful Links</h2>
          <LinkList links={HELPFUL_LINKS} />
        </section>
        <section aria-labelledby="about-us-heading" id="about-us">
          <h2 id="about-us-heading">About Us</h2>
          <LinkList links={ABOUT_LINKS} />
        </section>
      </div>
      <p className="site-footer__copyright">© 2025-2026 Sports Complex. All rights reserved.</p>
    </footer>
  );
}
