import type { RoleName } from '@sports/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@sports/router';
import { useSession } from '../session/session-context';
import { decideAccess } from './access';

/** Shown at / after the guard turned a signed-in user away from a page their role may not open. */
export const NOT_ALLOWED_NOTICE = 'You are not allowed to open that page.';

/** SPEC "Route guard", deciding on the server's answer about the session, never on the stored copy. */
export function RouteGuard({ allowedRoles, children }: { allowedRoles: readonly RoleName[]; children: ReactNode }) {
  const { user, status, recheck, endedNotice } = useSession();
  const location = useLocation();
  if (status === 'pending') {
    // Quiet while the server answers: never a flash of the login page for a signed-in user.
    return (
      <div className="guard-pending" aria-busy="true">
        <p role="status" className="visually-hidden">
          Checking your session…
        </p>
      </div>
    );
  }
  if (status === 'unknown') {
    return (
      <section className="remote-fallback" role="alert">
        <h1>We could not check your session</h1>
        <p>The server did not answer. Check your connection, then try again.</p>
        <button type="button" className="button" onClick={recheck}>
          Try again
        </button>
      </section>
    );
  }
  const decision = decideAccess(user, allowedRoles);
  if (!decision.allowed) {
    // `from` lets the login page return the visitor to where they were going.
    const state = decision.redirectTo === '/login' ? { from: location, notice: endedNotice ?? undefined } : { accessNotice: NOT_ALLOWED_NOTICE };
    return <Navigate to={decision.redirectTo} replace state={state} />;
  }
  return <>{children}</>;
}
