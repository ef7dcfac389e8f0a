import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionUser } from './fixtures';
import { renderShell } from './render';

jest.mock('../src/remotes/federation', () => ({ loadRemoteComponent: jest.fn() }));
jest.mock('@sports/api-client/auth', () => ({ ...jest.requireActual<object>('@sports/api-client/auth'), logoutRequest: jest.fn() }));

const { loadRemoteComponent } = jest.requireMock('../src/remotes/federation') as { loadRemoteComponent: jest.Mock };

function remoteRendering(name: string) {
  return async (id: string) => ({ default: (props: { page?: string }) => <p>{`${name}:${id}:${props.page ?? ''}`}</p> });
}

describe('route table', () => {
  beforeEach(() => loadRemoteComponent.mockImplementation((id: string) => remoteRendering('remote')(id)));
  afterEach(() => jest.clearAllMocks());

  it.each([
    ['/', 'booking/pages:home'],
    ['/genre/sports', 'booking/pages:genre'],
    ['/events/3', 'booking/pages:event'],
    ['/events/3/seatmap', 'booking/pages:seatmap'],
    ['/events/3/seatmap/5', 'booking/pages:section'],
    ['/events/3/checkout', 'booking/pages:checkout'],
    ['/event/qr', 'booking/pages:qr'],
    ['/my-tickets', 'booking/pages:tickets'],
    ['/tickets/K7QXAAAAAAAAAAAAAAAAAA', 'booking/pages:ticket'],
  ])('%s renders the booking remote page', async (path, expected) => {
    renderShell(path);
    expect(await screen.findByText(`remote:${expected}`)).toBeInTheDocument();
  });

  it('/terms shows the terms and conditions', async () => {
    renderShell('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms and conditions' })).toBeInTheDocument();
    expect(screen.getByText(/All payments are nonrefundable/)).toBeInTheDocument();
  });

  it('/privacy says what is collected, who sees it and how to use the rights the law gives', async () => {
    renderShell('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    for (const name of ['What we collect', 'Why', 'Who sees it', 'How long we keep it', 'Your rights']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/gender, address/)).toBeInTheDocument();
    expect(screen.getByText(/Data Privacy Act of 2012/)).toBeInTheDocument();
    const rights = screen.getByRole('heading', { level: 2, name: 'Your rights' }).nextElementSibling as HTMLElement;
    expect(within(rights).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('shows a not-found page for unknown paths', () => {
    renderShell('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(loadRemoteComponent).not.toHaveBeenCalled();
  });

  it.each([
    ['/admin/dashboard', null, 'Login'],
    ['/admin/accounts', null, 'Login'],
    ['/organizer/reviews', null, 'Login'],
  ])('%s sends an anonymous visitor to /login', async (path, user, heading) => {
    renderShell(path, user);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(loadRemoteComponent).not.toHaveBeenCalledWith('admin/routes');
  });

  it('sends a Participant opening /admin/accounts to /', async () => {
    renderShell('/admin/accounts', sessionUser('Participant'));
    expect(await screen.findByText('remote:booking/pages:home')).toBeInTheDocument();
    expect(loadRemoteComponent).not.toHaveBeenCalledWith('admin/routes');
  });

  it('lets an Admin into the admin remote and an Organizer into the organizer remote', async () => {
    renderShell('/admin/events', sessionUser('Admin'));
    expect(await screen.findByText('remote:admin/routes:')).toBeInTheDocument();
    renderShell('/organizer/event-list', sessionUser('Organizer'));
    expect(await screen.findByText('remote:organizer/routes:')).toBeInTheDocument();
  });

  it('keeps an Organizer out of /admin and an Admin out of /organizer', async () => {
    renderShell('/admin/dashboard', sessionUser('Organizer'));
    expect(await screen.findByText('remote:booking/pages:home')).toBeInTheDocument();
  });
});

describe('remote failure', () => {
  afterEach(() => jest.clearAllMocks());

  it('shows a clear fallback in the area while the header keeps working, and retries', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemoteComponent.mockRejectedValueOnce(new Error('Loading script failed'));
    renderShell('/');
    expect(await screen.findByRole('heading', { name: 'Event booking is unavailable right now' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText(/2025-2026/)).toBeInTheDocument();

    loadRemoteComponent.mockImplementation(remoteRendering('remote'));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('remote:booking/pages:home')).toBeInTheDocument();
    warn.mockRestore();
  });
});
