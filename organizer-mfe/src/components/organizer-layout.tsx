import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { RemoteProps } from '@sports/contracts';
import { OrganizerNav } from './organizer-nav';
import { PageErrorBoundary } from './page-error-boundary';

interface OrganizerLayoutProps {
  logout: RemoteProps['logout'];
}

/** The organizer area inside the shell's header and footer: the top navigation bar, then the page. */
export function OrganizerLayout({ logout }: OrganizerLayoutProps) {
  const { pathname } = useLocation();
  return (
    <div className="org">
      <OrganizerNav logout={logout} />
      <div className="org-content">
        <PageErrorBoundary key={pathname}>
          <Suspense
            fallback={
              <p role="status" className="org-loading">
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
