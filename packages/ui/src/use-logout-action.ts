import { useState } from 'react';
import type { RemoteProps } from '@sports/contracts';

export interface LogoutAction {
  /** True while the shell's logout is running (for aria-busy). */
  loggingOut: boolean;
  /** True after a logout that failed, until the next attempt (show "Logout failed. Please try again."). */
  logoutFailed: boolean;
  /** Runs the shell's logout once at a time; a failure (logged by the shell's logout) is flagged, never thrown. */
  handleLogout: () => Promise<void>;
}

/** The Logout entry of a remote's navigation: the shell's action ends the session and navigates to /login. */
export function useLogoutAction(logout: RemoteProps['logout']): LogoutAction {
  const [loggingOut, setLoggingOut] = useState(false);
  const [logoutFailed, setLogoutFailed] = useState(false);

  async function handleLogout() {
    if (loggingOut) return;
    setLoggingOut(true);
    setLogoutFailed(false);
    try {
      await logout();
    } catch {
      setLogoutFailed(true);
    } finally {
      setLoggingOut(false);
    }
  }

  return { loggingOut, logoutFailed, handleLogout };
}
