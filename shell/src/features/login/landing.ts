import type { SessionUser } from '@sports/contracts';

/** Where to go after signing in: a path plus the navigation state the original page carried. */
export interface Landing {
  to: string;
  state?: unknown;
}

/** SPEC §6: where each role lands when nobody sent the visitor to /login from somewhere else. */
export function roleHome(roleName: string): string {
  if (roleName === 'Admin') return '/admin/dashboard';
  if (roleName === 'Organizer') return '/organizer/dashboard';
  return '/';
}

/** Account pages never make sense as a destination after signing in (routes match case-insensitively). */
const ACCOUNT_PATHS = ['/login', '/register1', '/register2', '/register3', '/forgotpassword'];

function isAccountPath(pathname: string): boolean {
  return ACCOUNT_PATHS.includes(pathname.replace(/\/+$/, '').toLowerCase() || '/');
}

/** A same-site path: one leading slash, not `//host` or `/\host`, no scheme. */
function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** `state.from` as the route guard (a Location) or a remote (a path string) put it; null when unusable. */
function readFrom(from: unknown): Landing | null {
  if (typeof from === 'string') {
    if (!isLocalPath(from)) return null;
    const pathname = from.split(/[?#]/, 1)[0] ?? from;
    return isAccountPath(pathname) ? null : { to: from };
  }
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search, hash, state } = from as { pathname?: unknown; search?: unknown; hash?: unknown; state?: unknown };
  if (typeof pathname !== 'string' || !isLocalPath(pathname) || isAccountPath(pathname)) return null;
  const to = `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  return state === undefined || state === null ? { to } : { to, state };
}

/**
 * After login: back to `state.from` (the page the visitor wanted, with its own navigation state,
 * e.g. the seats chosen before checkout) when present and not an account page such as /login;
 * otherwise Admin -> /admin/dashboard, Organizer -> /organizer/dashboard, everyone else -> /.
 */
export function landingAfterLogin(user: Pick<SessionUser, 'role_name'>, from?: unknown): Landing {
  return readFrom(from) ?? { to: roleHome(user.role_name) };
}
