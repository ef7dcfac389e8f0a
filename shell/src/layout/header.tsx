import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '@sports/router';
import { useSession } from '../session/session-context';
import { HeaderSearch } from './header-search';
import { Logo } from './logo';
import { ABOUT_US_HREF, NAV_LINKS } from './nav-links';

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
      <li>
        <NavLink to={ABOUT_US_HREF} onClick={onNavigate}>
          About Us
        </NavLink>
      </li>
    </>
  );
}

export function Header() {
  const { user, logout } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo" aria-label="Sports Complex home">
          <Logo />
          <span className="site-header__name">Sports Complex</span>
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <ul>
            <NavItems />
          </ul>
        </nav>
        <HeaderSearch />
        <div className="site-header__account">
          {user ? (
            <>
              <Link to="/my-tickets" className="site-header__tickets">
                My Tickets
              </Link>
              <Link to="/account" className="site-header__user" data-testid="header-user" aria-label={`${user.first_name}, My Account`}>
                {user.first_name}
              </Link>
              <button type="button" className="button button--ghost" onClick={() => void logout().catch(() => undefined)}>
                Logout
              </button>
            </>
          ) : (
            <Link to="/login" className="button">
              Login
            </Link>
          )}
        </div>
        <button
          type="button"
          className="site-header__toggle"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </button>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="site-header__mobile">
          <ul>
            <NavItems onNavigate={() => setMenuOpen(false)} />
            {user && (
              <>
                <li className="site-header__mobile-tickets">
                  <Link to="/my-tickets" onClick={() => setMenuOpen(false)}>
                    My Tickets
                  </Link>
                </li>
                <li className="site-header__mobile-tickets">
                  <Link to="/account" onClick={() => setMenuOpen(false)}>
                    My Account
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
      )}
    </header>
  );
}
