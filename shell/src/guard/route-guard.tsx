import type { RoleName } from '@sports/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@sports/router';
import { useSession } from '../session/session-context';
import { decideAccess } from './access';

export function RouteGuard({ allowedRoles, children }: { allowedRoles: readonly RoleName[]; children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const decision = decideAccess(user, allowedRoles);
  if (!decision.allowed) {
    // `from` lets the login page return the visitor to where they were going.
    return <Navigate to={decision.redirectTo} replace state={{ from: location }} />;
  }
  return <>{children}</>;
}
