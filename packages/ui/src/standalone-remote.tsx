// Runs a remote on its own for development (`npm run dev -w admin-mfe`, `-w organizer-mfe`).
// In the product the shell owns the router, the session, the guard and the QueryClient, configures
// the API's address, and mounts the remote's routes; running alone, a remote does the same itself.
import { StrictMode, useCallback, useState } from 'react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@sports/api-client';
import { createQueryClient } from '@sports/api-client/query-client';
import { QueryClientProvider } from '@sports/query';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate } from '@sports/router';
import type { RemoteProps, SessionUser } from '@sports/contracts';
import { clearStoredUser, readStoredUser } from './stored-user';

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

const DEFAULT_API = 'http://localhost:8000';

/** API base URL of a remote running on its own: ?api=http://host:port in the page's address, else http://localhost:8000. */
export function apiBaseFromLocation(): string {
  const requested = new URLSearchParams(window.location.search).get('api');
  if (!requested) return DEFAULT_API;
  try {
    const url = new URL(requested);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin + url.pathname : DEFAULT_API;
  } catch {
    return DEFAULT_API;
  }
}

function Standalone({ name, basePath, homePath, Routes: RemoteRoutes }: StandaloneRemoteOptions) {
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(readStoredUser);
  const logout = useCallback(async () => {
    clearStoredUser();
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

/**
 * Renders a remote alone into #root, with a stand-in for the shell's session and logout, a
 * QueryClient with the shell's settings, and the API at apiBaseFromLocation().
 */
export function renderStandaloneRemote(options: StandaloneRemoteOptions): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  configureApi({ baseUrl: apiBaseFromLocation() });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <Standalone {...options} />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
