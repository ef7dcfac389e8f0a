import { useEffect, useRef } from 'react';
import { NavLink } from '@sports/router';
import type { RemoteProps } from '@sports/contracts';
import { keepTabInside, useLogoutAction } from '@sports/ui';
import { CloseIcon, Logo } from './icons';
import { ADMIN_PATHS } from '../paths';

const ENTRIES = [
  { to: ADMIN_PATHS.dashboard, label: 'DASHBOARD' },
  { to: ADMIN_PATHS.accounts, label: 'ACCOUNTS' },
  { to: ADMIN_PATHS.events, label: 'EVENTS' },
  { to: ADMIN_PATHS.feedback, label: 'FEEDBACK' },
] as const;

interface NavDrawerProps {
  id: string;
  open: boolean;
  /** Closes the drawer and hands focus back to the menu button. */
  onClose: () => void;
  logout: RemoteProps['logout'];
}

/** SPEC "Admin screens": the left-side navigation panel, a modal dialog 16rem wide. */
export function NavDrawer({ id, open, onClose, logout }: NavDrawerProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { loggingOut, logoutFailed, handleLogout } = useLogoutAction(logout);

  useEffect(() => {
    if (!open) return undefined;
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (dialogRef.current) {
        keepTabInside(event, dialogRef.current);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, [open, onClose]);

  return (
    <>
      {open ? <div className="adm-overlay" data-testid="admin-drawer-overlay" aria-hidden="true" onClick={onClose} /> : null}
      <div
        id={id}
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label="Admin navigation"
        className="adm-drawer"
        hidden={!open}
      >
        <div className="adm-drawer__head">
          <Logo />
          <h2 className="adm-drawer__title">SPORTS COMPLEX</h2>
          <button ref={closeRef} type="button" className="ds-icon-button adm-drawer__close" aria-label="Close navigation" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Admin">
          <ul className="adm-drawer__list">
            {ENTRIES.map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  end
                  className="adm-drawer__link"
                  style={({ isActive }) => ({ fontWeight: isActive ? 700 : 400 })}
                  onClick={onClose}
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="adm-drawer__link"
                style={{ fontWeight: loggingOut ? 700 : 400 }}
                aria-busy={loggingOut}
                onClick={() => void handleLogout()}
              >
                LOGOUT
              </button>
            </li>
          </ul>
        </nav>
        {logoutFailed ? (
          <p role="alert" className="adm-drawer__error">
            Logout failed. Please try again.
          </p>
        ) : null}
      </div>
    </>
  );
}
