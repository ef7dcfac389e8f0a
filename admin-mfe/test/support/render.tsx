import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { RemoteProps, SessionUser } from '@sports/contracts';
import { QueryClient, QueryClientProvider } from '@sports/query';
import AdminRoutes from '../../src/routes';
import { ADMIN_ID } from './fixtures';

export const ADMIN: SessionUser = { user_id: ADMIN_ID, email: 'admin@demo.local', first_name: 'Demo', last_name: 'Admin', role_id: 1, role_name: 'Admin' };

/** Shows the current URL, so tests can read what the page put in it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * The admin remote at `path` as the shell mounts it (/admin/*), in a fresh query cache (no retries);
 * returns the cache too, so a test can look at what a write invalidated.
 */
export function renderAdmin(path: string, logout: RemoteProps['logout'] = jest.fn().mockResolvedValue(undefined)) {
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminRoutes user={ADMIN} logout={logout} />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, logout, queryClient, ...utils };
}

export const currentUrl = (getByTestId: (id: string) => HTMLElement) => getByTestId('location').textContent ?? '';
