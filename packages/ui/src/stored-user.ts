import { isSessionUser } from '@sports/api-client/auth';
import type { SessionUser } from '@sports/contracts';

/** SPEC §3: the session object lives in localStorage under `user`, for display only (the server decides access). */
export const SESSION_KEY = 'user';

/** The stored session object, or null for none or one that is malformed or partial. */
export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isSessionUser(value) ? value : null;
  } catch {
    return null;
  }
}

export function readStoredUser(storage: Pick<Storage, 'getItem'> = window.localStorage): SessionUser | null {
  return parseStoredUser(storage.getItem(SESSION_KEY));
}

export function storeUser(user: SessionUser, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  storage.setItem(SESSION_KEY, JSON.stringify(user));
}

export function clearStoredUser(storage: Pick<Storage, 'removeItem'> = window.localStorage): void {
  storage.removeItem(SESSION_KEY);
}
