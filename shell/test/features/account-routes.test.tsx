import { Children, isValidElement } from 'react';
import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { accountRoutes } from '../../src/features/account-routes';
import SHELL_PATHS from '../../src/shell-routes.json';
import { renderShell } from '../render';
import { mockApi, restoreFetch } from './api-mock';

jest.mock('../../src/remotes/federation', () => ({
  loadRemoteComponent: jest.fn(async () => ({ default: () => <p>remote page</p> })),
}));

beforeEach(() => {
  sessionStorage.clear();
  mockApi((call) => (call.path === '/api/auth-config' ? { body: { success: true, googleClientId: null } } : { body: [] }));
});
afterEach(() => restoreFetch());

describe('account routes in the shell', () => {
  it.each([
    ['/login', 'Login'],
    ['/register1', 'Create Account'],
    ['/ForgotPassword', 'Forgot Password'],
  ])('%s lazily renders its page inside the layout', async (path, heading) => {
    renderShell(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('/register2 and /register3 start at step 1 when nothing has been entered', async () => {
    renderShell('/register3');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('/login still waits for its social sign-in block without errors', async () => {
    renderShell('/login');
    expect(await screen.findByText('Social sign-in is not configured on this server.')).toBeInTheDocument();
  });
});

describe("the shell's server knows every page the shell routes", () => {
  /** The paths of a tree of <Route> elements, nested ones included. */
  function routePaths(node: ReactNode): string[] {
    return Children.toArray(node).flatMap((child) => {
      if (!isValidElement<{ path?: string; children?: ReactNode }>(child)) return [];
      return [...(child.props.path ? [child.props.path] : []), ...routePaths(child.props.children)];
    });
  }

  it('shell-routes.json lists exactly the paths of accountRoutes (the server answers any other 404)', () => {
    expect(routePaths(accountRoutes).sort()).toEqual([...SHELL_PATHS].sort());
  });
});
