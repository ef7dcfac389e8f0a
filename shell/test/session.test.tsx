import { apiGet } from '@sports/api-client';
import { SIGNED_OUT_MESSAGES, successResponseSchema } from '@sports/contracts';
import type { RemoteProps } from '@sports/contracts';
import { useLogoutAction } from '@sports/ui';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { NOT_ALLOWED_NOTICE } from '../src/guard/route-guard';
import { deferred, networkError, setServerSession, type Reply } from './features/api-mock';
import { sessionUser } from './fixtures';
import { renderShell } from './render';

jest.mock('../src/remotes/federation', () => ({ loadRemoteComponent: jest.fn() }));
const { loadRemoteComponent } = jest.requireMock('../src/remotes/federation') as { loadRemoteComponent: jest.Mock };

/** A remote page that reads /api/area-data once, as a data screen would. */
function RemoteThatCalls() {
  const [text, setText] = useState('loading');
  useEffect(() => {
    apiGet('/api/area-data', successResponseSchema).then(
      () => setText('data shown'),
      (error: Error) => setText(`failed: ${error.message}`),
    );
  }, []);
  return <p>{text}</p>;
}

/** A remote's Logout entry, as the admin drawer and the organizer nav have it. */
function RemoteWithLogout({ logout }: RemoteProps) {
  const { logoutFailed, handleLogout } = useLogoutAction(logout);
  return (
    <>
      <button type="button" onClick={() => void handleLogout()}>
        LOGOUT
      </button>
      {logoutFailed ? <p role="alert">Logout failed. Please try again.</p> : null}
    </>
  );
}

const defaults = (call: { path: string }): Reply =>
  call.path === '/api/auth-config' ? { body: { success: true, googleClientId: null } } : { body: { success: true } };

describe('live session', () => {
  beforeEach(() => loadRemoteComponent.mockImplementation(async (id: string) => ({ default: () => <p>{`remote ${id}`}</p> })));
  afterEach(() => jest.clearAllMocks());

  it('sends a stored user whose session the server refuses to /login, clears the copy and says why', async () => {
    renderShell('/admin/accounts', sessionUser('Admin'), { server: null });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    expect(loadRemoteComponent).not.toHaveBeenCalledWith('admin/routes');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('decides on the server\'s role, not the stored one: an Admin copy whose account is now a Participant goes to / and is told', async () => {
    renderShell('/admin/accounts', sessionUser('Admin'), { server: sessionUser('Participant') });
    expect(await screen.findByText('remote booking/pages')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You are not allowed to open that page.');
    expect(loadRemoteComponent).not.toHaveBeenCalledWith('admin/routes');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ role_name: 'Participant' });
  });

  it('lets a user in whom only the server knows (no stored copy) and writes the copy', async () => {
    renderShell('/organizer/reviews', null, { server: sessionUser('Organizer', 'Ramon') });
    expect(await screen.findByText('remote organizer/routes')).toBeInTheDocument();
    expect(screen.getByTestId('header-user')).toHaveTextContent('Ramon');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ first_name: 'Ramon' });
  });

  it('shows the header and a quiet placeholder while the server answers, never the login page', async () => {
    const me = deferred<Reply>();
    const user = sessionUser('Admin', 'Ana');
    renderShell('/admin/dashboard', user, { server: () => me.promise });
    expect(screen.getByTestId('header-user')).toHaveTextContent('Ana');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
    expect(loadRemoteComponent).not.toHaveBeenCalledWith('admin/routes');
    me.resolve({ body: { success: true, user } });
    expect(await screen.findByText('remote admin/routes')).toBeInTheDocument();
  });

  it('ends the session when a call of a signed-in page answers 401, with a way back to the page', async () => {
    loadRemoteComponent.mockImplementation(async () => ({ default: RemoteThatCalls }));
    const user = sessionUser('Admin');
    renderShell('/admin/accounts?page=3', user, {
      api: (call) => (call.path === '/api/area-data' ? { status: 401, body: { success: false, error: 'This account is restricted. Please contact support.' } } : defaults(call)),
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('This account is restricted. Please contact support.')).toBeInTheDocument();
    expect(screen.getByText('Please log in to continue.')).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('asks again after a call answers 403, and follows the server when the role changed', async () => {
    loadRemoteComponent.mockImplementation(async (id: string) => ({ default: id === 'admin/routes' ? RemoteThatCalls : () => <p>{`remote ${id}`}</p> }));
    const { fetchMock } = renderShell('/admin/accounts', sessionUser('Admin'), {
      api: (call) => {
        if (call.path !== '/api/area-data') return defaults(call);
        // An admin made this account a Participant: its next call is refused, and /api/me now says so.
        setServerSession(sessionUser('Participant'));
        return { status: 403, body: { success: false, error: 'You do not have access to this.' } };
      },
    });
    expect(await screen.findByText('remote booking/pages')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(NOT_ALLOWED_NOTICE);
    expect(screen.queryByText('failed: You do not have access to this.')).not.toBeInTheDocument();
    const meCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/me')).length;
    expect(meCalls()).toBe(2);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ role_name: 'Participant' });
  });

  it('ends the session with the signed-out message when a 401 carries no text of the server', async () => {
    loadRemoteComponent.mockImplementation(async () => ({ default: RemoteThatCalls }));
    renderShell('/admin/accounts', sessionUser('Admin'), {
      api: (call) => (call.path === '/api/area-data' ? { status: 401, body: null } : defaults(call)),
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText(SIGNED_OUT_MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(screen.queryByText('Request failed (401)')).not.toBeInTheDocument();
  });

  it("tells a remote's Logout that the shell's logout failed: logged, the session kept, the remote says so", async () => {
    loadRemoteComponent.mockImplementation(async () => ({ default: RemoteWithLogout }));
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShell('/admin/dashboard', sessionUser('Admin', 'Ana'), {
      api: (call) => (call.path === '/api/logout.php' ? { status: 500, body: { success: false, error: 'Server error' } } : defaults(call)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'LOGOUT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Logout failed. Please try again.');
    expect(log).toHaveBeenCalledWith('Logout failed:', expect.objectContaining({ status: 500 }));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ first_name: 'Ana' });
    expect(screen.getByTestId('header-user')).toHaveTextContent('Ana');
    log.mockRestore();
  });

  it('says the session could not be checked when the server is unreachable, and tries again on request', async () => {
    let reachable = false;
    const user = sessionUser('Admin');
    renderShell('/admin/events', user, { server: () => (reachable ? { body: { success: true, user } } : networkError()) });
    expect(await screen.findByRole('heading', { name: 'We could not check your session' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('remote admin/routes')).toBeInTheDocument();
  });
});
