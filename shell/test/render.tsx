import type { SessionUser } from '@sports/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { App } from '../src/app';
import { SessionProvider } from '../src/session/session-context';
import { storeUser } from '@sports/ui';
import { mockApi, setServerSession } from './features/api-mock';
import type { ApiHandler, ServerSession } from './features/api-mock';
import { TestQueryProvider } from '../../scripts/jest/test-query-provider';

/** The calls the shell itself makes on any page, answered as a server with nothing configured would. */
const shellDefaults: ApiHandler = (call) =>
  call.path === '/api/auth-config' ? { body: { success: true, googleClientId: null } } : { body: { success: true } };

/**
 * Renders the whole shell at a path. `user` is the stored session copy and, unless `server` says
 * otherwise, also who the server says is signed in.
 */
export function renderShell(path: string, user: SessionUser | null = null, options: { server?: ServerSession; api?: ApiHandler } = {}) {
  localStorage.clear();
  if (user) storeUser(user);
  setServerSession(options.server === undefined ? user : options.server);
  const fetchMock = mockApi(options.api ?? shellDefaults);
  const view = render(
    <TestQueryProvider>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider>
          <App />
        </SessionProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
  return { ...view, fetchMock };
}
