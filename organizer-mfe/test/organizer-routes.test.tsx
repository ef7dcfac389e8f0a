import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { RemoteProps } from '@sports/contracts';
import OrganizerRoutes from '../src/routes';

function renderAt(path: string, logout: RemoteProps['logout'] = jest.fn().mockResolvedValue(undefined)) {
  const user = userEvent.setup();
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/organizer/*" element={<OrganizerRoutes user={null} logout={logout} />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, logout, ...utils };
}

const nav = () => screen.getByRole('navigation', { name: 'Organizer' });

describe('organizer routes', () => {
  it.each([
    ['/organizer/dashboard', 'Dashboard'],
    ['/organizer/create-event', 'Create Event'],
    ['/organizer/seat-planning', 'Seat Planning'],
    ['/organizer/event-list', 'Event List'],
    ['/organizer/attendee-list', 'Attendee List'],
    ['/organizer/reviews', 'Reviews'],
  ])('%s shows the %s heading and says its data arrives later, with no rows', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(/arrives in a later release/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('wears the shared data-screen look with the organizer colours', async () => {
    const { container } = renderAt('/organizer/reviews');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    expect(container.firstElementChild).toHaveClass('ds-area', 'ds-area--organizer');
    expect(heading.closest('section')).toHaveClass('ds-page');
    expect(screen.getByRole('note')).toHaveClass('ds-notice');
  });

  it('redirects the index to the dashboard', async () => {
    renderAt('/organizer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a not-found page inside the area for an unknown sub-path', async () => {
    renderAt('/organizer/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the organizer dashboard' })).toHaveAttribute('href', '/organizer/dashboard');
    expect(nav()).toBeInTheDocument();
  });

  it('links Seat Planning back to Create Event', async () => {
    const { user } = renderAt('/organizer/seat-planning');
    await user.click(await screen.findByRole('link', { name: 'Back to Create Event' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Event' })).toBeInTheDocument();
  });
});

describe('organizer navigation bar', () => {
  it('lists the SPEC items with their paths', () => {
    renderAt('/organizer/dashboard');
    const links = within(nav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/organizer/dashboard'],
      ['Create Event', '/organizer/create-event'],
      ['Event Lists', '/organizer/event-list'],
      ['Attendee List', '/organizer/attendee-list'],
      ['Reviews', '/organizer/reviews'],
    ]);
    expect(within(nav()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('highlights the current item and follows navigation', async () => {
    const { user } = renderAt('/organizer/attendee-list');
    const attendees = within(nav()).getByRole('link', { name: 'Attendee List' });
    expect(attendees).toHaveAttribute('aria-current', 'page');
    expect(attendees).toHaveClass('org-nav__link--active');
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    await user.click(within(nav()).getByRole('link', { name: 'Reviews' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'Attendee List' })).not.toHaveAttribute('aria-current');
    expect(within(nav()).getByRole('link', { name: 'Attendee List' })).not.toHaveClass('org-nav__link--active');
  });

  it('folds behind a menu button that toggles and closes on Escape', async () => {
    const { user } = renderAt('/organizer/dashboard');
    const toggle = within(nav()).getByRole('button', { name: 'Menu' });
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveClass('org-nav__list--open');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toHaveClass('org-nav__list--open');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(within(nav()).getByRole('link', { name: 'Create Event' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('runs the logout action from Logout', async () => {
    const { user, logout } = renderAt('/organizer/dashboard');
    await user.click(within(nav()).getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('says so when logout fails', async () => {
    const logout = jest.fn().mockRejectedValue(new Error('offline'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderAt('/organizer/dashboard', logout);
    await user.click(within(nav()).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Logout failed. Please try again.'));
    warn.mockRestore();
  });
});
