import { useCallback, useId, useRef, useState } from 'react';
import type { RemoteProps } from '@sports/contracts';
import { DataArea, PageOutlet } from '@sports/ui';
import { MenuIcon } from './icons';
import { NavDrawer } from './nav-drawer';

interface AdminLayoutProps {
  logout: RemoteProps['logout'];
}

/** The admin area inside the shell's header and footer: a bar with the menu button, the drawer, the page (with the area's toasts). */
export function AdminLayout({ logout }: AdminLayoutProps) {
  const [open, setOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerId = useId();

  const close = useCallback(() => {
    setOpen(false);
    menuButtonRef.current?.focus();
  }, []);

  return (
    <DataArea area="admin">
      <div className="ds-area-bar adm-bar">
        <button
          ref={menuButtonRef}
          type="button"
          className="ds-icon-button adm-menu-btn"
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
      <div className="ds-content">
        <PageOutlet area="Admin" />
      </div>
    </DataArea>
  );
}
