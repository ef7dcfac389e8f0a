import { screen } from '@testing-library/react';
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
