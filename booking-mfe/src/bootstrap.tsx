/**
 * Standalone development mode of the booking remote (npm run dev -w booking-mfe): a minimal frame
 * without the shell's header and footer. In the composed product the shell renders './pages'.
 * API base URL: ?api=http://host:port on the first page load, else http://localhost:8000.
 */
import { StrictMode, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@sports/router';
import { configureApi } from '@sports/api-client';
import type { SessionUser } from '@sports/contracts';
import { createQueryClient } from '@sports/api-client/query-client';
import { QueryClientProvider } from '@sports/query';
import { apiBaseFromLocation, clearStoredUser, readStoredUser } from '@sports/ui';
import { StandaloneRoutes } from './standalone-routes';

function StandaloneApp() {
  const [user, setUser] = useState<SessionUser | null>(() => readStoredUser());
  // Development only: no shell, so logout just forgets the displayed session.
  const logout = useCallback(async () => {
    clearStoredUser();
    setUser(null);
  }, []);
  return (
    <BrowserRouter>
      <main id="main" style={{ minHeight: '100vh', background: '#f4f7fb' }}>
        <StandaloneRoutes user={user} logout={logout} />
      </main>
    </BrowserRouter>
  );
}

configureApi({ baseUrl: apiBaseFromLocation() });
document.body.style.margin = '0';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container, {
  // React 19 reports errors caught by an error boundary with console.error; they are handled.
  onCaughtError: (error) => console.warn('Caught by an error boundary:', error),
}).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <StandaloneApp />
    </QueryClientProvider>
  </StrictMode>,
);
