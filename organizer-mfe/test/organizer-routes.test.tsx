import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from './support/fetch-mock';
import { OPTIONS, PAGE } from './support/fixtures';
import { renderOrganizer as renderAt } from './support/render';

jest.mock('@sports/ui/chart-canvas', () => ({ ChartCanvas: () => null }));

const EMPTY_DASHBOARD = { success: true, eventId: null, asOf: '2099-01-01T00:00:00.000Z', cards: { noShows: 0, dueToday: 0, open: 0, all: 0 }, charts: { reservedByType: [], reservationProgress: [], noShowsByType: [] } };

/** The first read of every page, answered empty. */
beforeEach(() => {
  mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/dashboard': { body: EMPTY_DASHBOARD },
    '/api/organizer/cities': { body: { success: true, cities: [] } },
    '/api/organizer/events/1/seat-plan': { body: { success: true, eventId: 1, plan: null, defaults: { rows: 6, columns: 10 }, limits: { min: 1, maxRows: 26, maxColumns: 50 }, heldOrSoldSeats: [], plannable: true } },
    '/api/organizer/events': { body: { success: true, events: [], ...PAGE(1, 1, 0) } },
    '/api/organizer/events/1/attendees': { body: { success: true, event: { id: 1, name: 'City Games' }, attendees: [], counts: { all: 0, present: 0, absent: 0 }, ...PAGE(1, 1, 0) } },
    '/api/organizer/reviews': { body: { success: true, reviews: [], allReviews: 0, ...PAGE(1, 1, 0, 25) } },
  });
});

const nav = () => screen.getByRole('navigation', { name: 'Organizer' });

describe('organizer routes', () => {
  it.each([
    ['/organizer/dashboard', 'Dashboard'],
    ['/organizer/create-event', 'Create Event'],
    ['/organizer/seat-planning', 'Seat Planning'],
    ['/organizer/event-list', 'Event List'],
    ['/organizer/attendee-list', 'Attendee List'],
    ['/organizer/reviews', /^Reviews/],
  ])('%s shows the %s heading in the shared data-screen look', async (path, heading) => {
    const { container } = renderAt(path);
    const h1 = await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 });
    expect(container.firstElementChild).toHaveClass('ds-area', 'ds-area--organizer');
    expect(h1.closest('section')).toHaveClass('ds-page');
    expect(screen.queryByText(/arrives in a later release/)).not.toBeInTheDocument();
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
      ['Gate', '/organizer/gate'],
      ['Promo codes', '/organizer/promo-codes'],
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
    expect(await screen.findByRole('heading', { level: 1, name: /^Reviews/ })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'Attendee List' })).not.toHaveAttribute('aria-current');
    expect(within(nav()).getByRole('link', { name: 'Attendee List' })).not.toHaveClass('org-nav__link--active');
  });

  it('keeps Create Event highlighted on Seat Planning, its second step, and only there', async () => {
    const { user } = renderAt('/organizer/seat-planning?event=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seat Planning' })).toBeInTheDocument();
    const create = within(nav()).getByRole('link', { name: 'Create Event' });
    expect(create).toHaveAttribute('aria-current', 'step');
    expect(create).toHaveClass('org-nav__link--active');
    expect(within(nav()).getAllByRole('link').filter((link) => link.classList.contains('org-nav__link--active'))).toEqual([create]);

    await user.click(create);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Event' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Create Event' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav()).getByRole('link', { name: 'Event Lists' }));
    await waitFor(() => expect(within(nav()).getByRole('link', { name: 'Create Event' })).not.toHaveClass('org-nav__link--active'));
    expect(within(nav()).getByRole('link', { name: 'Create Event' })).not.toHaveAttribute('aria-current');
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
    await waitFor(() => expect(within(nav()).getByRole('alert')).toHaveTextContent('Logout failed. Please try again.'));
    warn.mockRestore();
  });
});
