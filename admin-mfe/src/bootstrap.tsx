// Runs the admin remote on its own for development (`npm run dev -w admin-mfe`).
// In the product the shell owns the router, the session and the guard, and mounts ./routes.
import { StrictMode, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import type { SessionUser } from '@sports/contracts';
import AdminRoutes from './routes';
import { ADMIN_BASE, ADMIN_PATHS } from './paths';

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

function Standalone() {
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(readStoredUser);
  const logout = useCallback(async () => {
    localStorage.removeItem('user');
    setUser(null);
    await navigate('/login');
  }, [navigate]);

  return (
    <Routes>
      <Route path={`${ADMIN_BASE}/*`} element={<AdminRoutes user={user} logout={logout} />} />
      <Route
        path="/login"
        element={
          <p style={{ padding: '1rem' }}>
            Signed out. This is the admin remote running on its own; sign in through the shell.{' '}
            <Link to={ADMIN_PATHS.dashboard}>Back to the admin dashboard</Link>
          </p>
        }
      />
      <Route path="*" element={<Navigate to={ADMIN_PATHS.dashboard} replace />} />
    </Routes>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <Standalone />
    </BrowserRouter>
  </StrictMode>,
);
