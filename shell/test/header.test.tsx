import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionUser } from './fixtures';
import { renderShell } from './render';

jest.mock('../src/remotes/federation', () => ({
  loadRemoteComponent: jest.fn(async () => ({
    default: function RemotePage() {
      // Where the router is, for the header's search.
      const { useLocation } = jest.requireActual<{ useLocation: () => { pathname: string; search: string } }>('react-router');
      const location = useLocation();
      return (
        <>
          <p>remote page</p>
          <output data-testid="where">{location.pathname + location.search}</output>
        </>
      );
    },
  })),
}));
jest.mock('@sports/api-client/auth', () => ({ ...jest.requireActual<object>('@sports/api-client/auth'), logoutRequest: jest.fn() }));

const { logoutRequest } = jest.requireMock('@sports/api-client/auth') as { logoutRequest: jest.Mock };

describe('Header', () => {
  afterEach(() => jest.clearAllMocks());

  it('shows the SPEC links and a Login button to /login when logged out', async () => {
    renderShell('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Sports', 'Concert', 'Community', 'Home', 'About Us']);
    expect(within(nav).getByRole('link', { name: 'Sports' })).toHaveAttribute('href', '/genre/sports');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Tickets' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sports Complex home' })).toHaveAttribute('href', '/');
    expect(await screen.findByText('remote page')).toBeInTheDocument();
  });

  it("shows the user's first name, My Tickets and Logout when logged in", () => {
    renderShell('/', sessionUser('Participant', 'Juana'));
    expect(screen.getByTestId('header-user')).toHaveTextContent('Juana');
    // The name leads to My Account, which was only in the footer.
    expect(screen.getByRole('link', { name: 'Juana, My Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Tickets' })).toHaveAttribute('href', '/my-tickets');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('logs out through the API, clears `user`, then goes to /login', async () => {
    logoutRequest.mockResolvedValueOnce(undefined);
    renderShell('/', sessionUser('Participant', 'Juana'));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(logoutRequest).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it("keeps the session and logs 'Logout failed:' when the call fails", async () => {
    const error = new Error('offline');
    logoutRequest.mockRejectedValueOnce(error);
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShell('/', sessionUser('Participant', 'Juana'));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Logout failed:', error));
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(screen.getByTestId('header-user')).toHaveTextContent('Juana');
    log.mockRestore();
  });

  it('searches events from the header on every page: /search?q=, the text shown there', async () => {
    renderShell('/genre/sports');
    const search = screen.getByRole('search');
    const field = within(search).getByRole('searchbox', { name: 'Search events' });
    await userEvent.type(field, '  café basketbal ');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/search?q=${encodeURIComponent('café basketbal').replace('%20', '+')}`));
    expect(within(screen.getByRole('search')).getByRole('searchbox', { name: 'Search events' })).toHaveValue('café basketbal');

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search events' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search events' }), 'fun run{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/search?q=fun+run'));
  });

  it('opens the hamburger menu with the same links and closes it on Escape', async () => {
    renderShell('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getAllByRole('link').map((a) => a.textContent)).toEqual(['Sports', 'Concert', 'Community', 'Home', 'About Us']);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});

describe('Footer', () => {
  it('has Helpful Links, About Us and the 2025-2026 copyright', () => {
    renderShell('/');
    expect(screen.getByRole('heading', { name: 'Helpful Links' })).toBeInTheDocument();
    for (const label of ['Help/FAQ', 'My Account', 'Contact Us', 'Ticketing Truths', 'Privacy Policy', 'Terms and Conditions', 'Ticket your Event']) {
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByText(/2025-2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
  });

  it('the phone menu of a signed-in visitor has My Tickets and My Account', async () => {
    renderShell('/', sessionUser('Participant', 'Juana'));
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByRole('link', { name: 'My Tickets' })).toHaveAttribute('href', '/my-tickets');
    expect(within(mobile).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
  });
});
