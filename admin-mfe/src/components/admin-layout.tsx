import { Suspense, useCallback, useId, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { RemoteProps } from '@sports/contracts';
import { MenuIcon } from './icons';
import { NavDrawer } from './nav-drawer';
import { PageErrorBoundary } from './page-error-boundary';

interface AdminLayoutProps {
  logout: RemoteProps['logout'];
}

/** The admin area inside the shell's header and footer: a bar with the menu button, the drawer, the page. */
export function AdminLayout({ logout }: AdminLayoutProps) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerId = useId();

  const close = useCallback(() => {
    setOpen(false);
    menuButtonRef.current?.focus();
  }, []);

  return (
    <div className="adm">
      <div className="adm-bar">
        <button
          ref={menuButtonRef}
          type="button"
          className="adm-menu-btn"
          aria-label="Open navigation"
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen(true)}
        >
          <MenuIcon />
        </button>
        <span className="adm-bar__title">Admin</span>
      </div>
      <NavDrawer id={drawerId} open={open} onClose={close} logout={logout} />
      <div className="adm-content">
        <PageErrorBoundary key={pathname}>
          <Suspense
            fallback={
              <p role="status" className="adm-loading">
                Loading…
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </div>
    </div>
  );
}
