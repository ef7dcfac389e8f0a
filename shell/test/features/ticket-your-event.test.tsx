import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganizerApplication, SessionUser } from '@sports/contracts';
import { renderShell } from '../render';
import { callsTo, restoreFetch } from './api-mock';
import type { ApiCall, Reply } from './api-mock';

jest.mock('../../src/remotes/federation', () => ({
  loadRemoteComponent: jest.fn(async () => ({ default: () => <p>remote page</p> })),
}));

const VISITOR: SessionUser = { user_id: 7, email: 'visitor@demo.local', first_name: 'Vina', last_name: 'Reyes', role_id: 3, role_name: 'Participant' };
const ORGANIZER: SessionUser = { ...VISITOR, role_id: 2, role_name: 'Organizer' };

const PENDING: OrganizerApplication = {
  id: 3,
  organization: 'Quezon City Runners Club',
  contactPerson: 'Vina Reyes',
  phone: '+639171234567',
  description: 'Monthly fun runs for about 800 runners.',
  status: 'pending',
  declineReason: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  decidedAt: null,
};

/** The shell's own calls, plus the application's. */
function api(mine: () => OrganizerApplication | null, post: (call: ApiCall) => Reply = () => ({ status: 201, body: { success: true, application: PENDING } })) {
  return (call: ApiCall): Reply => {
    if (call.path === '/api/auth-config') return { body: { success: true, googleClientId: null } };
    if (call.path === '/api/my/organizer-application') return { body: { success: true, application: mine() } };
    if (call.path === '/api/organizer-applications') return post(call);
    return { body: { success: true } };
  };
}

afterEach(() => restoreFetch());

describe('Ticket your Event (/ticket-your-event)', () => {
  it('is linked from the footer and asks a signed-out visitor to log in (coming back here) or register', async () => {
    const user = userEvent.setup();
    renderShell('/');
    const footer = screen.getByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Ticket your Event' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket your Event' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What organizers can do' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register1');
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('form', { name: 'Login with email' })).toBeInTheDocument();
  });

  it('says what is wrong at each field, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderShell('/ticket-your-event', VISITOR, { api: api(() => null) });
    const contact = await screen.findByRole('textbox', { name: 'Contact person' });
    expect(contact).toHaveValue('Vina Reyes');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '12345');
    await user.type(screen.getByRole('textbox', { name: 'What do you run?' }), 'Fun runs');
    await user.click(screen.getByRole('button', { name: 'Send Application' }));
    const organization = screen.getByRole('textbox', { name: 'Organization' });
    expect(organization).toHaveAccessibleDescription('Organization is required');
    expect(organization).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      'A Philippine number, like 0917 123 4567. Phone must be a Philippine number, like 0917 123 4567 or +63 2 8123 4567',
    );
    expect(screen.getByRole('textbox', { name: 'What do you run?' })).toHaveAccessibleDescription(
      'The events you organize: what, how often, and for how many people. Tell us a little more about what you run (at least 20 characters)',
    );
    expect(callsTo(fetchMock, '/api/organizer-applications')).toHaveLength(0);
  });

  it('sends the application, then says it was received', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderShell('/ticket-your-event', VISITOR, { api: api(() => null) });
    await user.type(await screen.findByRole('textbox', { name: 'Organization' }), 'Quezon City Runners Club');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '0917 123 4567');
    await user.type(screen.getByRole('textbox', { name: 'What do you run?' }), 'Monthly fun runs for about 800 runners.');
    await user.click(screen.getByRole('button', { name: 'Send Application' }));
    expect(await screen.findByText('We received your application for Quezon City Runners Club.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/organizer-applications').map((c) => c.body)).toEqual([
      { organization: 'Quezon City Runners Club', contactPerson: 'Vina Reyes', phone: '0917 123 4567', description: 'Monthly fun runs for about 800 runners.' },
    ]);
  });

  it("shows the server's refusal above the form", async () => {
    const user = userEvent.setup();
    renderShell('/ticket-your-event', VISITOR, {
      api: api(
        () => null,
        () => ({ status: 409, body: { success: false, error: 'You already have an application waiting for a decision.' } }),
      ),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Organization' }), 'Quezon City Runners Club');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+63 2 8123 4567');
    await user.type(screen.getByRole('textbox', { name: 'What do you run?' }), 'Monthly fun runs for about 800 runners.');
    await user.click(screen.getByRole('button', { name: 'Send Application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an application waiting for a decision.');
  });

  it('shows a pending application instead of the form', async () => {
    renderShell('/ticket-your-event', VISITOR, { api: api(() => PENDING) });
    expect(await screen.findByText('We received your application for Quezon City Runners Club.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Apply to ticket your event' })).not.toBeInTheDocument();
  });

  it('shows why an application was declined, and lets the visitor apply again', async () => {
    const user = userEvent.setup();
    renderShell('/ticket-your-event', VISITOR, { api: api(() => ({ ...PENDING, status: 'declined', declineReason: 'Tell us your venue.', decidedAt: PENDING.createdAt })) });
    expect(await screen.findByText('Your application for Quezon City Runners Club was not approved.')).toBeInTheDocument();
    expect(screen.getByText('Reason: Tell us your venue.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply again' }));
    expect(await screen.findByRole('form', { name: 'Apply to ticket your event' })).toBeInTheDocument();
  });

  it('sends an organizer to their dashboard', async () => {
    const { fetchMock } = renderShell('/ticket-your-event', ORGANIZER, { api: api(() => null) });
    expect(await screen.findByRole('link', { name: 'Go to your organizer dashboard' })).toHaveAttribute('href', '/organizer/dashboard');
    await waitFor(() => expect(callsTo(fetchMock, '/api/my/organizer-application')).toHaveLength(0));
  });
});
