import type { SessionUser } from '@sports/contracts';

/** SPEC §3: the session object lives in localStorage under `user`, for display only. */
export const SESSION_KEY = 'user';

function isSessionUser(value: unknown): value is SessionUser {
  const v = value as Partial<SessionUser> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.user_id === 'number' &&
    typeof v.email === 'string' &&
    typeof v.first_name === 'string' &&
    typeof v.last_name === 'string' &&
    typeof v.role_id === 'number' &&
    typeof v.role_name === 'string'
  );
}

export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isSessionUser(value) ? value : null;
  } catch {
    return null;
  }
}

export function readStoredUser(storage: Storage = window.localStorage): SessionUser | null {
  return parseStoredUser(storage.getItem(SESSION_KEY));
}

export function storeUser(user: SessionUser, storage: Storage = window.localStorage): void {
  storage.setItem(SESSION_KEY, JSON.stringify(user));
}

export function clearStoredUser(storage: Storage = window.localStorage): void {
  storage.removeItem(SESSION_KEY);
}
