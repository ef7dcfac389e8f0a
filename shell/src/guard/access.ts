import type { RoleName, SessionUser } from '@sports/contracts';

export type AccessDecision = { allowed: true } | { allowed: false; redirectTo: '/login' | '/' };

/** SPEC "Route guard": anonymous users go to /login; users without an allowed role go to /. */
export function decideAccess(user: SessionUser | null, allowedRoles: readonly RoleName[]): AccessDecision {
  if (!user) return { allowed: false, redirectTo: '/login' };
  if (!allowedRoles.includes(user.role_name as RoleName)) return { allowed: false, redirectTo: '/' };
  return { allowed: true };
}
