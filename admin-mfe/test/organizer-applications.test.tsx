import { screen, waitFor, within } from '@testing-library/react';
import type { AdminAccount, AdminOrganizerApplication } from '@sports/contracts';
import { callsTo, mockApi, page } from './support/api-mock';
import type { ApiCall, Reply } from './support/api-mock';
import { makeAccount } from './support/fixtures';
import { renderAdmin } from './support/render';

function makeApplication(id: number, overrides: Partial<AdminOrganizerApplication> = {}): AdminOrganizerApplication {
  return {
    id,
    organization: `Club ${id}`,
    contactPerson: 'Maria Santos',
    phone: '+639171234567',
    description: 'Monthly fun runs for about 800 runners.',
    status: 'pending',
    declineReason: null,
    createdAt: '2026-11-20T02:00:00.000Z',
    decidedAt: null,
    applicant: { id: 40 + id, name: 'Maria Santos', email: `maria${id}@example.com` },
    date: '11-20-2026',
    decidedBy: null,
    ...overrides,
  };
}

const RUNNERS = makeApplication(7, { organization: 'Quezon City Runners Club' });
const CHESS = makeApplication(8, { organization: 'Marikina Chess Society', contactPerson: 'Jose Rizal', applicant: { id: 48, name: 'Jose Rizal', email: 'jose@example.com' } });

/** The Accounts page's two reads: the applicant's account turns Organizer once `approved` says so. */
function serve(pending: () => AdminOrganizerApplication[], extra: (call: ApiCall) => Reply | undefined = () => undefined, approved: () => boolean = () => false) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/admin/accounts') {
      const applicant: AdminAccount = makeAccount(47, { name: 'Maria Santos', email: 'maria7@example.com', role: approved() ? 'Organizer' : 'Participant' });
      return { body: { success: true, accounts: [applicant], ...page(1, 1, 1) } };
    }
    if (call.method === 'GET' && call.path === '/api/admin/organizer-applications') {
      const rows = pending();
      return { body: { success: true, applications: rows, ...page(1, 1, rows.length) } };
    }
    return extra(call);
  });
}

const applicationsTable = () => screen.findByRole('table', { name: 'Pending organizer applications, oldest first' });
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('organizer applications on Accounts', () => {
  it('lists the pending applications with organization, contact, phone, what they run, applicant and date', async () => {
    const fetchMock = serve(() => [RUNNERS, CHESS]);
    renderAdmin('/admin/accounts');
    expect(await screen.findByRole('heading', { name: 'Organizer applications', level: 2 })).toBeInTheDocument();
    const table = await applicationsTable();
    await within(table).findByRole('rowheader', { name: 'Quezon City Runners Club' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Organization', 'Contact', 'What they run', 'Applicant', 'Applied', 'Actions']);
    expect(within(rowOf('Quezon City Runners Club')).getAllByRole('cell').slice(0, 4).map((c) => c.textContent)).toEqual([
      'Maria Santos+639171234567',
      'Monthly fun runs for about 800 runners.',
      'maria7@example.com',
      '11-20-2026',
    ]);
    expect(callsTo(fetchMock, 'GET', '/api/admin/organizer-applications').map((c) => c.url)).toEqual(['/api/admin/organizer-applications?status=pending']);
  });

  it('says so when none is pending', async () => {
    serve(() => []);
    renderAdmin('/admin/accounts');
    await applicationsTable();
    expect(await screen.findByText('No pending applications.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot be read', async () => {
    mockApi((call) => {
      if (call.path === '/api/admin/accounts') return { body: { success: true, accounts: [], ...page(1, 1, 0) } };
      if (call.path === '/api/admin/organizer-applications') return { status: 500, body: { success: false, error: 'Internal server error' } };
      return undefined;
    });
    renderAdmin('/admin/accounts');
    const table = await applicationsTable();
    expect(await within(table.closest('section') as HTMLElement).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('approves after a confirmation, then the list and the accounts table read again', async () => {
    let approved = false;
    const fetchMock = serve(
      () => (approved ? [CHESS] : [RUNNERS, CHESS]),
      (call) => {
        if (call.method !== 'POST' || call.path !== '/api/admin/organizer-applications/7/approve') return undefined;
        approved = true;
        return { body: { success: true, application: { ...RUNNERS, status: 'approved', decidedAt: '2026-11-21T02:00:00.000Z' } } };
      },
      () => approved,
    );
    const { user } = renderAdmin('/admin/accounts');
    await applicationsTable();
    await screen.findByRole('rowheader', { name: 'Quezon City Runners Club' });
    await user.click(screen.getByRole('button', { name: 'Approve Quezon City Runners Club' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the application of Quezon City Runners Club' });
    expect(dialog).toHaveTextContent('Maria Santos (maria7@example.com) becomes an organizer');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/admin/organizer-applications/7/approve').map((c) => c.body)).toEqual([{}]);
    expect(await screen.findByText('maria7@example.com is now an organizer for Quezon City Runners Club.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Quezon City Runners Club' })).not.toBeInTheDocument());
    const accounts = screen.getByRole('table', { name: 'Accounts' });
    await waitFor(() => expect(within(accounts).getByRole('cell', { name: 'Organizer' })).toBeInTheDocument());
  });

  it('declines with an optional reason, and shows a refusal inside the dialog', async () => {
    let declines = 0;
    const fetchMock = serve(
      () => [RUNNERS, CHESS],
      (call) => {
        if (call.method !== 'POST' || call.path !== '/api/admin/organizer-applications/8/decline') return undefined;
        declines += 1;
        return declines === 1
          ? { status: 409, body: { success: false, error: 'This application has already been decided.' } }
          : { body: { success: true, application: { ...CHESS, status: 'declined', declineReason: 'Tell us your venue' } } };
      },
    );
    const { user } = renderAdmin('/admin/accounts');
    await applicationsTable();
    await screen.findByRole('rowheader', { name: 'Marikina Chess Society' });
    await user.click(screen.getByRole('button', { name: 'Decline Marikina Chess Society' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the application of Marikina Chess Society' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Tell us your venue');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This application has already been decided.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/admin/organizer-applications/8/decline').map((c) => c.body)).toEqual([{ reason: 'Tell us your venue' }, { reason: 'Tell us your venue' }]);
    expect(await screen.findByText('The application of Marikina Chess Society was declined.')).toBeInTheDocument();
  });
});
