import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { NavLink } from '@sports/router';
import type { RemoteProps } from '@sports/contracts';
import { useLogoutAction } from '@sports/ui';
import { MenuIcon } from './icons';
import { ORGANIZER_PATHS } from '../paths';

const ITEMS = [
  { to: ORGANIZER_PATHS.dashboard, label: 'Dashboard' },
  { to: ORGANIZER_PATHS.createEvent, label: 'Create Event' },
  { to: ORGANIZER_PATHS.eventList, label: 'Event Lists' },
  { to: ORGANIZER_PATHS.attendeeList, label: 'Attendee List' },
  { to: ORGANIZER_PATHS.reviews, label: 'Reviews' },
] as const;

interface OrganizerNavProps {
  logout: RemoteProps['logout'];
}

/** SPEC "Organizer screens": the top navigation bar; on narrow screens it folds behind a menu button. */
export function OrganizerNav({ logout }: OrganizerNavProps) {
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { loggingOut, logoutFailed, handleLogout } = useLogoutAction(logout);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  }

  return (
    <nav className="org-nav" aria-label="Organizer" onKeyDown={onKeyDown}>
      <div className="org-nav__bar">
        <span className="org-nav__brand">Organizer</span>
        <button
          ref={toggleRef}
          type="button"
          className="org-nav__toggle"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon />
        </button>
      </div>
      <ul id={listId} className={open ? 'org-nav__list org-nav__list--open' : 'org-nav__list'}>
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) => (isActive ? 'org-nav__link org-nav__link--active' : 'org-nav__link')}
              onClick={() => setOpen(false)}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
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
