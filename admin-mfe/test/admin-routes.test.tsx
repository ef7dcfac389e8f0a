import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { RemoteProps } from '@sports/contracts';
import { mockApi, page } from './support/api-mock';
import { makeAccount, makeDashboard, makeEventRequest, makeFeedback, makeRevenue, makeSales } from './support/fixtures';
import { renderAdmin } from './support/render';

jest.mock('@sports/ui/chart-canvas', () => ({ ChartCanvas: () => null }));

/** Every page's first read answered with a little data. */
beforeEach(() => {
  mockApi(({ path }) => {
    if (path === '/api/admin/dashboard') return { body: makeDashboard() };
    if (path === '/api/admin/dashboard/sales') return { body: makeSales(2024, Array(12).fill(1)) };
    if (path === '/api/admin/dashboard/revenue') return { body: makeRevenue() };
    if (path === '/api/admin/accounts') return { body: { success: true, accounts: [makeAccount(2)], ...page(1, 1, 1) } };
    if (path === '/api/admin/events') return { body: { success: true, events: [makeEventRequest(5)], ...page(1, 1, 1), statusCounts: { Pending: 1, Approved: 0, Rejected: 0 } } };
    if (path === '/api/admin/inquiries') return { body: { success: true, inquiries: [], ...page(1, 1, 0) } };
    if (path === '/api/admin/feedback') return { body: { success: true, feedback: [makeFeedback(1)], ...page(1, 1, 1) } };
    return undefined;
  });
});

function renderAt(path: string, logout: RemoteProps['logout'] = jest.fn().mockResolvedValue(undefined)) {
  return renderAdmin(path, logout);
}

const menuButton = () => screen.getByRole('button', { name: 'Open navigation' });

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(menuButton());
  return screen.getByRole('dialog', { name: 'Admin navigation' });
}

describe('admin routes', () => {
  it.each([
    ['/admin/dashboard', 'Dashboard'],
    ['/admin/accounts', 'Accounts'],
    ['/admin/events', 'Manage Events'],
    ['/admin/feedback', 'Feedback'],
  ])('%s shows the %s heading and nothing says "coming later"', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText(/later release/)).not.toBeInTheDocument();
  });

  it('gives Manage Events its subtitle, as SPEC writes it', async () => {
    renderAt('/admin/events');
    expect(await screen.findByText('view, approve, or reject event requests')).toHaveClass('ds-page__subtitle');
  });

  it('wears the shared data-screen look with the admin colours', async () => {
    const { container } = renderAt('/admin/accounts');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Accounts' });
    expect(container.firstElementChild).toHaveClass('ds-area', 'ds-area--admin');
    expect(heading.closest('section')).toHaveClass('ds-page');
  });

  it('redirects the index to the dashboard', async () => {
    renderAt('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows a not-found page inside the area for an unknown sub-path', async () => {
    renderAt('/admin/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the admin dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    // The menu stays available.
    expect(menuButton()).toBeInTheDocument();
  });
});

describe('admin navigation drawer', () => {
  it('is closed at first and opens from the menu button, moving focus inside', async () => {
    const { user } = renderAt('/admin/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    const dialog = await openDrawer(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton()).toHaveAttribute('aria-controls', dialog.id);
    expect(screen.getByRole('heading', { name: 'SPORTS COMPLEX' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveFocus();
  });

  it('closes on its close button and gives focus back to the menu button', async () => {
    const { user } = renderAt('/admin/dashboard');
    await openDrawer(user);
    await user.click(screen.getByRole('button', { name: 'Close navigation' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('closes on a click on the overlay', async () => {
    const { user } = renderAt('/admin/dashboard');
    await openDrawer(user);
    await user.click(screen.getByTestId('admin-drawer-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('admin-drawer-overlay')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const { user } = renderAt('/admin/dashboard');
    await openDrawer(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });

  it('keeps Tab inside the open drawer', async () => {
    const { user } = renderAt('/admin/dashboard');
    await openDrawer(user);
    const logoutButton = screen.getByRole('button', { name: 'LOGOUT' });
    logoutButton.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(logoutButton).toHaveFocus();
  });

  it('lists the SPEC entries with their paths', async () => {
    const { user } = renderAt('/admin/dashboard');
    await openDrawer(user);
    expect(screen.getByRole('link', { name: 'DASHBOARD' })).toHaveAttribute('href', '/admin/dashboard');
    expect(screen.getByRole('link', { name: 'ACCOUNTS' })).toHaveAttribute('href', '/admin/accounts');
    expect(screen.getByRole('link', { name: 'EVENTS' })).toHaveAttribute('href', '/admin/events');
    expect(screen.getByRole('link', { name: 'FEEDBACK' })).toHaveAttribute('href', '/admin/feedback');
    expect(screen.getByRole('button', { name: 'LOGOUT' })).toBeInTheDocument();
  });

  it('marks the active entry bold with aria-current, following the route', async () => {
    const { user } = renderAt('/admin/accounts');
    await screen.findByRole('heading', { level: 1, name: 'Accounts' });
    await openDrawer(user);
    const accounts = screen.getByRole('link', { name: 'ACCOUNTS' });
    const dashboard = screen.getByRole('link', { name: 'DASHBOARD' });
    expect(accounts).toHaveAttribute('aria-current', 'page');
    expect(accounts).toHaveStyle({ fontWeight: '700' });
    expect(dashboard).not.toHaveAttribute('aria-current');
    expect(dashboard).toHaveStyle({ fontWeight: '400' });

    await user.click(screen.getByRole('link', { name: 'EVENTS' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Events' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await openDrawer(user);
    expect(screen.getByRole('link', { name: 'EVENTS' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'EVENTS' })).toHaveStyle({ fontWeight: '700' });
    expect(screen.getByRole('link', { name: 'ACCOUNTS' })).not.toHaveAttribute('aria-current');
  });

  it('runs the logout action from LOGOUT', async () => {
    const { user, logout } = renderAt('/admin/dashboard');
    await openDrawer(user);
    await user.click(screen.getByRole('button', { name: 'LOGOUT' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('says so when logout fails', async () => {
    const logout = jest.fn().mockRejectedValue(new Error('offline'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderAt('/admin/dashboard', logout);
    await openDrawer(user);
    await user.click(screen.getByRole('button', { name: 'LOGOUT' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Logout failed. Please try again.'));
    warn.mockRestore();
  });
});
