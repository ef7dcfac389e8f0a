import { Suspense } from 'react';
import { Outlet, useLocation } from '@sports/router';
import { PageErrorBoundary } from './page-error-boundary';
import { LoadingState } from './states';

export interface PageOutletProps {
  /** Names the area in the console warning when a page fails to load ("Admin"). */
  area: string;
}

/**
 * The routed page of a remote's area (a layout route's <Outlet />): "Loading…" while the page's
 * lazy chunk arrives, and a failure to load stays inside the page, one boundary per path.
 */
export function PageOutlet({ area }: PageOutletProps) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname} area={area}>
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
