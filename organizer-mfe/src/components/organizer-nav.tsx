import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useLocation } from '@sports/router';
import type { RemoteProps } from '@sports/contracts';
import { useLogoutAction } from '@sports/ui';
import { MenuIcon } from './icons';
import { ORGANIZER_PATHS } from '../paths';

interface NavItem {
  to: string;
  label: string;
  /** Further pages that are steps of this item's task: the item stays highlighted there. */
  steps?: readonly string[];
}

const ITEMS: readonly NavItem[] = [
  { to: ORGANIZER_PATHS.dashboard, label: 'Dashboard' },
  // Seat planning is the second step of creating an event.
  { to: ORGANIZER_PATHS.createEvent, label: 'Create Event', steps: [ORGANIZER_PATHS.seatPlanning] },
  { to: ORGANIZER_PATHS.eventList, label: 'Event Lists' },
  { to: ORGANIZER_PATHS.attendeeList, label: 'Attendee List' },
  { to: ORGANIZER_PATHS.gate, label: 'Gate' },
  { to: ORGANIZER_PATHS.promoCodes, label: 'Promo codes' },
  { to: ORGANIZER_PATHS.reviews, label: 'Reviews' },
];

const withoutTrailingSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** 'page' on the item's own page, 'step' on one of its steps, else not current. */
function currentOf(item: NavItem, pathname: string): 'page' | 'step' | undefined {
  const here = withoutTrailingSlash(pathname);
  if (here === item.to) return 'page';
  return item.steps?.includes(here) ? 'step' : undefined;
}

interface OrganizerNavProps {
  logout: RemoteProps['logout'];
}

/**
 * SPEC "Organizer screens": the top navigation bar, with the Gate and Promo Codes pages beside SPEC's
 * items; on narrow screens it folds behind a menu button.
 */
export function OrganizerNav({ logout }: OrganizerNavProps) {
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { loggingOut, logoutFailed, handleLogout } = useLogoutAction(logout);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  }

  return (
    <nav className="ds-area-bar org-nav" aria-label="Organizer" onKeyDown={onKeyDown}>
      <div className="org-nav__bar">
        <span className="org-nav__brand">Organizer</span>
        <button
          ref={toggleRef}
          type="button"
          className="ds-icon-button org-nav__toggle"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon />
        </button>
      </div>
      <ul id={listId} className={open ? 'org-nav__list org-nav__list--open' : 'org-nav__list'}>
        {ITEMS.map((item) => {
          const current = currentOf(item, pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={current}
                className={current ? 'org-nav__link org-nav__link--active' : 'org-nav__link'}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
        <li>
          <button type="button" className="org-nav__link org-nav__logout" aria-busy={loggingOut} onClick={() => void handleLogout()}>
            Logout
          </button>
        </li>
      </ul>
      {logoutFailed ? (
        <p role="alert" className="org-nav__error">
          Logout failed. Please try again.
        </p>
      ) : null}
    </nav>
  );
}
