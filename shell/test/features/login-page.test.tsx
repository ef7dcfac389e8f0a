import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import type { GoogleCredentialResponse, GoogleIdentity, GoogleInitializeOptions } from '../../src/features/login/google-identity';
import { LoginPage } from '../../src/features/login/login-page';
import { callsTo, deferred, mockApi, networkError, restoreFetch, type ApiHandler, type Reply } from './api-mock';
import { renderRoutes } from './render-routes';

jest.mock('../../src/features/login/google-identity', () => ({
  ...jest.requireActual('../../src/features/login/google-identity'),
  loadGoogleIdentity: jest.fn(),
}));
const { loadGoogleIdentity } = jest.requireMock('../../src/features/login/google-identity') as { loadGoogleIdentity: jest.Mock };

const user = (role_name: string) => ({ user_id: 5, email: 'ana@example.com', first_name: 'Ana', last_name: 'Cruz', role_id: 2, role_name });

/** Answers auth-config (no Google by default) and hands everything else to `rest`. */
function api(rest: ApiHandler, googleClientId: string | null = null) {
  return mockApi((call) => (call.path === '/api/auth-config' ? { body: { success: true, googleClientId } } : rest(call)));
}

function renderLogin(state?: unknown) {
  return renderRoutes({ pathname: '/login', state }, <Route path="/login" element={<LoginPage />} />);
}

/** Renders the page and waits for its social sign-in block to settle (auth-config answered: not configured). */
async function renderLoginPage(state?: unknown) {
  const view = renderLogin(state);
  await screen.findByText('Social sign-in is not configured on this server.');
  return view;
}

async function fillAndSubmit(email = 'ana@example.com', password = 'secret-pass') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  restoreFetch();
  jest.clearAllMocks();
});

describe('Login page', () => {
  it('has the SPEC links: home, Forgot Password and Register Here', async () => {
    api(() => ({ body: {} }));
    await renderLoginPage();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/ForgotPassword');
    expect(screen.getByRole('link', { name: 'Register Here' })).toHaveAttribute('href', '/register1');
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(await screen.findByText('Social sign-in is not configured on this server.')).toBeInTheDocument();
  });

  it('show/hide toggles the password input type and aria-pressed', async () => {
    api(() => ({ body: {} }));
    await renderLoginPage();
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('requires email and password before calling the API, and focuses the first error', async () => {
    const fetchMock = api(() => ({ body: {} }));
    await renderLoginPage();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(callsTo(fetchMock, '/api/login.php')).toHaveLength(0);
  });

  it.each<[string, Reply | 'network', string]>([
    ["the server's error", { status: 401, body: { success: false, error: 'Invalid email or password.' } }, 'Invalid email or password.'],
    ['Login failed. when the server gives no error text', { status: 500, body: null }, 'Login failed.'],
    ['Login failed. for a 200 without success', { body: { success: false } }, 'Login failed.'],
    ['Network error. when the API cannot be reached', 'network', 'Network error.'],
  ])('shows %s', async (_label, reply, message) => {
    api(() => (reply === 'network' ? networkError() : reply));
    await renderLoginPage();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('disables the button and says Signing in... while the request runs, then lands by role', async () => {
    const pending = deferred<Reply>();
    const fetchMock = api(() => pending.promise);
    await renderLoginPage();
    await fillAndSubmit('  ana@example.com ', 'secret-pass');
    const busy = screen.getByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(callsTo(fetchMock, '/api/login.php')[0]?.body).toEqual({ email: 'ana@example.com', password: 'secret-pass' });
    await act(async () => pending.resolve({ body: { success: true, user: user('Admin') } }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/dashboard');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user('Admin'));
  });

  it.each([
    ['Organizer', '/organizer/dashboard'],
    ['Participant', '/'],
  ])('a %s lands on %s', async (role, path) => {
    api(() => ({ body: { success: true, user: user(role) } }));
    await renderLoginPage();
    await fillAndSubmit();
    expect(await screen.findByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`));
  });

  it('returns to state.from with its navigation state when the guard sent the visitor here', async () => {
    api(() => ({ body: { success: true, user: user('Participant') } }));
    await renderLoginPage({ from: { pathname: '/events/2/checkout', search: '', hash: '', state: { seats: [4, 5] } } });
    expect(screen.getByText('Please log in to continue.')).toBeInTheDocument();
    await fillAndSubmit();
    expect(await screen.findByTestId('location')).toHaveTextContent('/events/2/checkout');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"seats":[4,5]}');
  });

  it('shows a notice passed by registration or password reset', async () => {
    api(() => ({ body: {} }));
    await renderLoginPage({ notice: 'Registration successful! You can now log in.' });
    expect(screen.getByRole('status')).toHaveTextContent('Registration successful! You can now log in.');
  });
});

describe('Google sign-in', () => {
  function fakeGis() {
    let options: GoogleInitializeOptions | undefined;
    const gis: jest.Mocked<GoogleIdentity> = {
      initialize: jest.fn((o: GoogleInitializeOptions) => {
        options = o;
      }),
      renderButton: jest.fn(),
      prompt: jest.fn(),
      cancel: jest.fn(),
    };
    loadGoogleIdentity.mockResolvedValue(gis);
    const respond = async (response: GoogleCredentialResponse) => {
      if (!options) throw new Error('GIS was not initialised');
      const callback = options.callback;
      await act(async () => callback(response));
    };
    return { gis, respond };
  }

  it("explains that social sign-in is not configured when googleClientId is null, and never loads Google's script", async () => {
    api(() => ({ body: {} }), null);
    renderLogin();
    expect(await screen.findByText('Social sign-in is not configured on this server.')).toBeInTheDocument();
    expect(loadGoogleIdentity).not.toHaveBeenCalled();
    expect(screen.queryByTestId('google-button')).not.toBeInTheDocument();
  });

  it('initialises GIS with the configured client id, renders the large (40px) button and prompts one-tap', async () => {
    const { gis } = fakeGis();
    api(() => ({ body: {} }), 'client-123.apps.googleusercontent.com');
    renderLogin();
    await waitFor(() => expect(gis.prompt).toHaveBeenCalledTimes(1));
    expect(gis.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com', callback: expect.any(Function) }));
    const [container, options] = gis.renderButton.mock.calls[0] ?? [];
    expect(container).toBe(screen.getByTestId('google-button'));
    expect(options).toEqual(expect.objectContaining({ size: 'large' }));
    expect(screen.getByTestId('google-button')).toHaveStyle({ minHeight: '40px' });
  });

  it('posts only the credential and signs in with the landing rule on success', async () => {
    const { respond } = fakeGis();
    const fetchMock = api(
      (call) => (call.path === '/api/google-login.php' ? { body: { success: true, ...user('Organizer') } } : { status: 404, body: null }),
      'client-123',
    );
    renderLogin();
    await waitFor(() => expect(loadGoogleIdentity).toHaveBeenCalled());
    await respond({ credential: 'id-token', select_by: 'btn' });
    expect(callsTo(fetchMock, '/api/google-login.php').map((c) => c.body)).toEqual([{ credential: 'id-token' }]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/organizer/dashboard');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user('Organizer'));
  });

  it("treats a callback without credential as the error: 'Google login failed.'", async () => {
    const { respond } = fakeGis();
    const fetchMock = api(() => ({ body: {} }), 'client-123');
    renderLogin();
    await waitFor(() => expect(loadGoogleIdentity).toHaveBeenCalled());
    await respond({ select_by: 'btn' });
    expect(screen.getByRole('alert')).toHaveTextContent('Google login failed.');
    expect(callsTo(fetchMock, '/api/google-login.php')).toHaveLength(0);
  });

  it.each<[string, Reply | 'network', string]>([
    ["the server's error", { status: 401, body: { success: false, error: 'Google token rejected.' } }, 'Google token rejected.'],
    ['Google login failed. without one', { status: 502, body: null }, 'Google login failed.'],
    ['Network error with Google login on network failure', 'network', 'Network error with Google login'],
  ])('shows %s', async (_label, reply, message) => {
    const { respond } = fakeGis();
    api(() => (reply === 'network' ? networkError() : reply), 'client-123');
    renderLogin();
    await waitFor(() => expect(loadGoogleIdentity).toHaveBeenCalled());
    await respond({ credential: 'id-token' });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('explains instead of a dead button when the GIS script cannot load', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadGoogleIdentity.mockRejectedValue(new Error('blocked'));
    api(() => ({ body: {} }), 'client-123');
    renderLogin();
    const note = await screen.findByText(/Social sign-in is unavailable right now/);
    expect(within(note.closest('p') as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
