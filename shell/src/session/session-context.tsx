import { SIGNED_OUT_MESSAGES } from '@sports/contracts';
import type { RemoteProps, SessionUser } from '@sports/contracts';
import { apiErrorText, setSessionHandlers } from '@sports/api-client';
import { logoutRequest, sessionQuery } from '@sports/api-client/auth';
import { useQuery, useQueryClient } from '@sports/query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@sports/router';
import { SESSION_KEY, clearStoredUser, parseStoredUser, readStoredUser, storeUser } from '@sports/ui';

/**
 * pending: the first "who is signed in" answer has not come yet (the stored user is shown, for display only);
 * ready: `user` is what the server said; unknown: the server could not be asked (network, server down).
 */
export type SessionStatus = 'pending' | 'ready' | 'unknown';

export interface Session {
  user: SessionUser | null;
  status: SessionStatus;
  /** Asks the server again (after `unknown`). */
  recheck: () => void;
  /** Why the last session ended under a signed-in page (shown on /login), until the next sign-in. */
  endedNotice: string | null;
  /** Called with the login response's user object. */
  signIn: (user: SessionUser) => void;
  /** SPEC: calls the backend, clears the session, then goes to /login; on failure logs, keeps the session and rejects. */
  logout: RemoteProps['logout'];
  /** The server already ended the session (the account was deleted): forget the user and show `notice` on /login. */
  signedOutWith: (notice: string) => void;
}


const SessionContext = createContext<Session | null>(null);

/** How long the server's answer counts as current; it is asked again on focus and after any 401 or 403. */
const SESSION_STALE_MS = 60_000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // SPEC §3's stored copy: shown while the server's answer is pending, never trusted for access.
  const [stored, setStored] = useState<SessionUser | null>(() => readStoredUser());
  const [endedNotice, setEndedNotice] = useState<string | null>(null);
  const me = useQuery({ ...sessionQuery(), staleTime: SESSION_STALE_MS, refetchOnWindowFocus: true });

  const status: SessionStatus = me.isSuccess ? 'ready' : me.isError ? 'unknown' : 'pending';
  const user = me.isSuccess ? me.data.user : stored;

  // The latest values for the handlers the api-client calls from outside React.
  const latest = useRef({ user, location });
  latest.current = { user, location };

  /** Forgets the signed-in user: the stored copy, and every answer cached for them. */
  const forgetUser = useCallback(() => {
    clearStoredUser();
    setStored(null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    queryClient.setQueryData(sessionQuery().queryKey, { user: null, refusal: null });
  }, [queryClient]);

  /** The server no longer accepts the session: to /login, with the reason and the way back. */
  const endSession = useCallback(
    (notice: string) => {
      const { location: from } = latest.current;
      setEndedNotice(notice);
      forgetUser();
      if (from.pathname !== '/login') void navigate('/login', { replace: true, state: { from, notice } });
    },
    [forgetUser, navigate],
  );

  // The server's answer rewrites the stored copy; a stored user the server no longer knows has been signed out.
  useEffect(() => {
    if (!me.isSuccess) return;
    const { user: current, refusal } = me.data;
    if (current) {
      storeUser(current);
      setStored(current);
    } else if (readStoredUser()) {
      endSession(refusal ?? SIGNED_OUT_MESSAGES.sessionEnded);
    }
  }, [me.isSuccess, me.data, endSession]);

  // Any call answered 401 while someone is signed in ends the session; a 403 may mean the role changed.
  useEffect(
    () =>
      setSessionHandlers({
        onUnauthorized: (error) => {
          if (latest.current.user) endSession(apiErrorText(error) ?? SIGNED_OUT_MESSAGES.sessionEnded);
        },
        onForbidden: () => void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey }),
      }),
    [endSession, queryClient],
  );

  // Another tab logging in or out: ask the server who this tab's cookie belongs to now.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_KEY && event.key !== null) return;
      setStored(parseStoredUser(event.newValue));
      void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const signIn = useCallback(
    (next: SessionUser) => {
      storeUser(next);
      setStored(next);
      setEndedNotice(null);
      queryClient.setQueryData(sessionQuery().queryKey, { user: next, refusal: null });
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch (error) {
      // SPEC §8: logged, the session is kept; the caller is told so it can say so.
      console.error('Logout failed:', error);
      throw error;
    }
    forgetUser();
    void navigate('/login');
  }, [forgetUser, navigate]);

  const signedOutWith = useCallback(
    (notice: string) => {
      // The route guard may send the page to /login first (the user is gone): it shows endedNotice too.
      setEndedNotice(notice);
      forgetUser();
      void navigate('/login', { replace: true, state: { notice } });
    },
    [forgetUser, navigate],
  );

  const { refetch } = me;
  const recheck = useCallback(() => void refetch(), [refetch]);

  const value = useMemo(
    () => ({ user, status, recheck, endedNotice, signIn, logout, signedOutWith }),
    [user, status, recheck, endedNotice, signIn, logout, signedOutWith],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
