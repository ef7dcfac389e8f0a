import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import type { SessionUser } from '@sports/contracts';
import { SessionProvider } from '../../src/session/session-context';
import { TestQueryProvider } from '../../../scripts/jest/test-query-provider';
import { setServerSession } from './api-mock';

/** Stands in for every page the tests do not render: shows where the app went and with what state. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
      <p data-testid="location-state">{JSON.stringify(location.state ?? null)}</p>
    </div>
  );
}

/**
 * Renders `routes` (plus a catch-all probe) inside a memory router and the real session provider,
 * with nobody signed in unless `user` says who the server knows.
 */
export function renderRoutes(entry: InitialEntry, routes: ReactNode, user: SessionUser | null = null) {
  setServerSession(user);
  return render(
    <TestQueryProvider>
      <MemoryRouter initialEntries={[entry]}>
        <SessionProvider>
          <Routes>
            {routes}
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}
