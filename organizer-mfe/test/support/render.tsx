import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { configureApi } from '@sports/api-client';
import type { RemoteProps } from '@sports/contracts';
import OrganizerRoutes from '../../src/routes';
import { TestQueryProvider } from '../../../scripts/jest/test-query-provider';

export const API = 'http://api.test';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The organizer remote at `path`, as the shell mounts it (its routes, layout and toasts), on a fresh query cache. */
export function renderOrganizer(path: string, logout: RemoteProps['logout'] = jest.fn().mockResolvedValue(undefined)) {
  configureApi({ baseUrl: API });
  const user = userEvent.setup();
  const utils = render(
    <TestQueryProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/organizer/*"
            element={
              <>
                <OrganizerRoutes user={null} logout={logout} />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </TestQueryProvider>,
  );
  return { user, logout, ...utils };
}
