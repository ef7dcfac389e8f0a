import type { SessionUser } from '@sports/contracts';

/** The session object (SPEC §3) the shell keeps in localStorage under 'user', for display only. */
export function readStoredUser(storage: Pick<Storage, 'getItem'> = window.localStorage): SessionUser | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem('user') ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const u = value as Record<string, unknown>;
  const ok =
    typeof u.user_id === 'number' &&
    typeof u.email === 'string' &&
    typeof u.first_name === 'string' &&
    typeof u.last_name === 'string' &&
    typeof u.role_id === 'number' &&
    typeof u.role_name === 'string';
  return ok ? (value as SessionUser) : null;
}
