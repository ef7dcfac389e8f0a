import { screen, waitFor, within } from '@testing-library/react';
import type { AdminAccount } from '@sports/contracts';
import { callsTo, mockApi, page } from './support/api-mock';
import type { ApiCall, Reply } from './support/api-mock';
import { ADMIN_ID, makeAccount, makeAudit } from './support/fixtures';
import { currentUrl, renderAdmin } from './support/render';

const FIRST_PAGE: AdminAccount[] = [
  makeAccount(ADMIN_ID, { name: 'Demo Admin', email: 'admin@demo.local', role: 'Admin', accountNo: '100000000001' }),
  makeAccount(2, { name: 'Ana M. Reyes', email: 'ana@example.com', accountNo: '202400000002', lastLogin: null }),
  makeAccount(3, { name: 'Metro Hoops League', role: 'Organizer', status: 'Restricted' }),
  ...Array.from({ length: 7 }, (_, i) => makeAccount(10 + i)),
];

function serve(extra: (call: ApiCall) => Reply | Promise<Reply> | undefined = () => undefined, accounts: () => AdminAccount[] = () => FIRST_PAGE) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/admin/accounts') return { body: { success: true, accounts: accounts(), ...page(Number(call.query.get('page') ?? 1), 25, 250) } };
    if (call.method === 'GET' && call.path === '/api/admin/organizer-applications') return { body: { success: true, applications: [], ...page(1, 1, 0) } };
    return extra(call);
  });
}

/** The table once its rows are in. */
async function table(): Promise<HTMLElement> {
  await screen.findByRole('rowheader', { name: /^Demo Admin/ });
  return screen.getByRole('table', { name: 'Accounts' });
}
const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;

describe('admin accounts', () => {
  it("shows SPEC's columns, 'Page 1 of 25' and 'Total Accounts: 250'", async () => {
    serve();
    renderAdmin('/admin/accounts');
    const accounts = await table();
    expect(within(accounts).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Role', 'Account No.', 'Status', 'Date Created', 'Last Login', 'Actions']);
    expect(within(accounts).getAllByRole('row')).toHaveLength(11);
    const ana = rowOf('Ana M. Reyes');
    expect(within(ana).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual(['Participant', '202400000002', 'Active', '01-15-2024', 'Never']);
    expect(within(ana).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(ana).getByText('Active')).toHaveClass('ds-badge--success');
    expect(within(rowOf('Metro Hoops League')).getByText('Restricted')).toHaveClass('ds-badge--danger');
    expect(within(rowOf('Demo Admin')).getByText('(you)')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 25')).toBeInTheDocument();
    expect(screen.getByText('Total Accounts: 250')).toBeInTheDocument();
  });

  it('reads search, role, status and page from the URL and sends them to the server', async () => {
    const fetchMock = serve();
    renderAdmin('/admin/accounts?q=ana&role=Organizer&status=Restricted&page=3');
    await table();
    expect(callsTo(fetchMock, 'GET', '/api/admin/accounts').map((c) => c.url)).toEqual(['/api/admin/accounts?page=3&search=ana&role=Organizer&status=Restricted']);
    expect(screen.getByRole('searchbox', { name: 'Search accounts' })).toHaveValue('ana');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Organizer');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Restricted');
    expect(await screen.findByText('Page 3 of 25')).toBeInTheDocument();
  });

  it('puts a filter and a search in the URL, back on page 1, and asks the server again', async () => {
    const fetchMock = serve();
    const { user, getByTestId } = renderAdmin('/admin/accounts?page=4');
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Organizer');
    await waitFor(() => expect(currentUrl(getByTestId)).toBe('/admin/accounts?role=Organizer'));
    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'hoops{Enter}');
    await waitFor(() => expect(currentUrl(getByTestId)).toBe('/admin/accounts?role=Organizer&q=hoops'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/accounts').map((c) => c.url)).toContain('/api/admin/accounts?search=hoops&role=Organizer'));
  });

  it('says so when nothing matches', async () => {
    serve(undefined, () => []);
    renderAdmin('/admin/accounts?q=nobody');
    await screen.findByRole('table', { name: 'Accounts' });
    expect(await screen.findByText('No accounts match this search.')).toBeInTheDocument();
  });

  it('changes a status after a confirmation with a reason, then says so and reads the list again', async () => {
    let restricted = false;
    const fetchMock = serve(
      (call) => {
        if (call.method !== 'POST' || call.path !== '/api/admin/accounts/2/status') return undefined;
        restricted = true;
        return { body: { success: true, account: { ...FIRST_PAGE[1], status: 'Restricted' }, changed: true } };
      },
      () => FIRST_PAGE.map((a) => (a.id === 2 && restricted ? { ...a, status: 'Restricted' as const } : a)),
    );
    const { user } = renderAdmin('/admin/accounts');
    await table();
    await user.click(screen.getByRole('button', { name: 'Change status of Ana M. Reyes' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the status of Ana M. Reyes' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(dialog).toHaveTextContent('Ana M. Reyes (ana@example.com) is Active now.');
    // Active is current: the first other status is picked to start with.
    expect(within(dialog).getByRole('radio', { name: 'Inactive' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Restricted' }));
    expect(dialog).toHaveTextContent('They are signed out on their next request and cannot log in while the account is Restricted.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Reselling tickets');
    await user.click(within(dialog).getByRole('button', { name: 'Set Restricted' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/admin/accounts/2/status').map((c) => c.body)).toEqual([{ status: 'Restricted', reason: 'Reselling tickets' }]);
    expect(await screen.findByText('Ana M. Reyes is now Restricted.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Ana M. Reyes')).getByText('Restricted')).toHaveClass('ds-badge--danger'));
    expect(screen.getByRole('button', { name: 'Change status of Ana M. Reyes' })).toHaveFocus();
  });

  it("shows the API's refusal of self-restriction inside the dialog, which stays open", async () => {
    serve((call) =>
      call.method === 'POST' ? { status: 409, body: { success: false, error: 'You cannot deactivate or restrict your own account.' } } : undefined,
    );
    const { user } = renderAdmin('/admin/accounts');
    await table();
    await user.click(screen.getByRole('button', { name: 'Change status of Demo Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the status of Demo Admin' });
    await user.click(within(dialog).getByRole('radio', { name: 'Restricted' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set Restricted' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not be done. You cannot deactivate or restrict your own account.');
    expect(within(rowOf('Demo Admin')).getByText('Active')).toBeInTheDocument();
  });

  it('Cancel changes nothing', async () => {
    const fetchMock = serve();
    const { user } = renderAdmin('/admin/accounts');
    await table();
    await user.click(screen.getByRole('button', { name: 'Change status of Ana M. Reyes' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST')).toHaveLength(0);
  });

  it("shows an account's audit log: who, before, after, when and from which address", async () => {
    const fetchMock = serve((call) =>
      call.url === '/api/admin/accounts/3/audit'
        ? {
            body: {
              success: true,
              entries: [makeAudit(8), makeAudit(7, { before: { status: 'Inactive' }, after: { status: 'Active' }, ip: null, date: '10-01-2026', time: '2:15 PM' })],
              ...page(1, 1, 2, 20),
            },
          }
        : undefined,
    );
    const { user } = renderAdmin('/admin/accounts');
    await table();
    await user.click(screen.getByRole('button', { name: 'History of Metro Hoops League' }));
    const dialog = screen.getByRole('dialog', { name: 'History of Metro Hoops League' });
    const log = await within(dialog).findByRole('table', { name: 'Changes to Metro Hoops League, newest first' });
    expect(within(log).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['When', 'Changed by', 'Before', 'After', 'From address']);
    const [first, second] = within(log).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('11-02-2026 9:00 AM');
    expect(first).toHaveTextContent('Demo Adminadmin@demo.local');
    expect(first).toHaveTextContent('Status: Active');
    expect(first).toHaveTextContent('Status: RestrictedReason: Spam bookings');
    expect(first).toHaveTextContent('203.0.113.9');
    expect(second).toHaveTextContent('10-01-2026 2:15 PM');
    expect(second).toHaveTextContent('Unknown');
    expect(callsTo(fetchMock, 'GET', '/api/admin/accounts/3/audit')).toHaveLength(1);
  });
});
