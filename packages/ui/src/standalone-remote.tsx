// Runs a remote on its own for development (`npm run dev -w admin-mfe`, `-w organizer-mfe`).
// In the product the shell owns the router, the session and the guard, and mounts the remote's routes.
import { StrictMode, useCallback, useState } from 'react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate } from '@sports/router';
import type { RemoteProps, SessionUser } from '@sports/contracts';

export interface StandaloneRemoteOptions {
  /** The remote's name in the signed-out text: "This is the <name> remote running on its own". */
  name: string;
  /** Where the shell mounts the remote ('/admin'); its routes are served under `${basePath}/*`. */
  basePath: string;
  /** The remote's start page ('/admin/dashboard'): unknown paths go there. */
  homePath: string;
  /** The remote's exposed routes component. */
  Routes: ComponentType<RemoteProps>;
}

function readStoredUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem('user');
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && typeof (value as SessionUser).first_name === 'string') {
      return value as SessionUser;
    }
  } catch {
    // A malformed entry counts as no session.
  }
  return null;
}

function Standalone({ name, basePath, homePath, Routes: RemoteRoutes }: StandaloneRemoteOptions) {
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(readStoredUser);
  const logout = useCallback(async () => {
    localStorage.removeItem('user');
    setUser(null);
    await navigate('/login');
  }, [navigate]);

  return (
    <Routes>
      <Route path={`${basePath}/*`} element={<RemoteRoutes user={user} logout={logout} />} />
      <Route
        path="/login"
        element={
          <p style={{ padding: '1rem' }}>
            Signed out. This is the {name} remote running on its own; sign in through the shell.{' '}
            <Link to={homePath}>Back to the {name} dashboard</Link>
          </p>
        }
      />
      <Route path="*" element={<Navigate to={homePath} replace />} />
    </Routes>
  );
}

/** Renders a remote alone into #root, with a stand-in for the shell's session and logout. */
export function renderStandaloneRemote(options: StandaloneRemoteOptions): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <Standalone {...options} />
      </BrowserRouter>
    </StrictMode>,
  );
}
