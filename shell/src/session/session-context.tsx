import type { SessionUser } from '@sports/contracts';
import { logoutRequest } from '@sports/api-client';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from '@sports/router';
import { SESSION_KEY, clearStoredUser, parseStoredUser, readStoredUser, storeUser } from './session-storage';

export interface Session {
  user: SessionUser | null;
  /** Called with the login response's user object. */
  signIn: (user: SessionUser) => void;
  /** SPEC: calls the backend, clears the session, then goes to /login; on failure logs and keeps the session. */
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(() => readStoredUser());

  // Another tab logging in or out updates this one too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEY || event.key === null) setUser(parseStoredUser(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback((next: SessionUser) => {
    storeUser(next);
    setUser(next);
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch (error) {
      console.error('Logout failed:', error);
      return;
    }
    clearStoredUser();
    setUser(null);
    navigate('/login');
  }, [navigate]);

  const value = useMemo(() => ({ user, signIn, logout }), [user, signIn, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
