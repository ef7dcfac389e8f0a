import type { SessionUser } from '@sports/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { App } from '../src/app';
import { SessionProvider } from '../src/session/session-context';
import { storeUser } from '../src/session/session-storage';

/** Renders the whole shell at a path, with an optional stored session. */
export function renderShell(path: string, user: SessionUser | null = null) {
  localStorage.clear();
  if (user) storeUser(user);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>
        <App />
      </SessionProvider>
    </MemoryRouter>,
  );
}
