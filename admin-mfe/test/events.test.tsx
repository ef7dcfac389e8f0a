import { screen, waitFor, within } from '@testing-library/react';
import type { AdminEventRequest } from '@sports/contracts';
import { callsTo, mockApi, page } from './support/api-mock';
import type { ApiCall, Reply } from './support/api-mock';
import { makeAudit, makeEventRequest } from './support/fixtures';
import { currentUrl, renderAdmin } from './support/render';

const EVENTS: AdminEventRequest[] = [
  makeEventRequest(40, { name: 'Youth Chess Open', duration: '05-01-2099', timeRange: '9:00 AM - 5:00 PM', organizerName: 'City Chess Circle' }),
  makeEventRequest(41, { name: 'Foam Party Dance Festival', genre: 'concert', type: 'Concert', status: 'Rejected', rejectionReason: 'No foam on the arena floor.' }),
  makeEventRequest(42, { name: 'Barangay Talent Showdown', genre: 'community', type: 'Community', status: 'Approved', timeRange: '' }),
];
const COUNTS = { Pending: 6, Approved: 20, Rejected: 3 };

function serve(extra: (call: ApiCall) => Reply | Promise<Reply> | undefined = () => undefined, events: () => AdminEventRequest[] = () => EVENTS) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/admin/events') return { body: { success: true, events: events(), ...page(1, 3, 29), statusCounts: COUNTS } };
    return extra(call);
  });
}

async function table(): Promise<HTMLElement> {
  await screen.findByRole('rowheader', { name: /^Youth Chess Open/ });
  return screen.getByRole('table', { name: 'Event requests' });
}
const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;

describe('admin Manage Events', () => {
  it('lists the requests with their badges (green Approved, red otherwise), the page and the total', async () => {
    serve();
    renderAdmin('/admin/events');
    const requests = await table();
    expect(screen.getByText('view, approve, or reject event requests')).toBeInTheDocument();
    expect(within(requests).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Event Name', 'Event Type', 'Event Duration', 'Time Duration', 'Status', 'Actions']);
    expect(within(rowOf('Youth Chess Open')).getAllByRole('cell').slice(0, 4).map((c) => c.textContent)).toEqual(['Sports', '05-01-2099', '9:00 AM - 5:00 PM', 'Pending']);
    expect(within(rowOf('Youth Chess Open')).getByText('Pending')).toHaveClass('ds-badge--danger');
    expect(within(rowOf('Foam Party Dance Festival')).getByText('Rejected')).toHaveClass('ds-badge--danger');
    expect(within(rowOf('Foam Party Dance Festival')).getByText('Reason: No foam on the arena floor.')).toBeInTheDocument();
    expect(within(rowOf('Barangay Talent Showdown')).getByText('Approved')).toHaveClass('ds-badge--success');
    expect(within(rowOf('Barangay Talent Showdown')).getAllByRole('cell')[2]).toHaveTextContent('—');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Total Events: 29')).toBeInTheDocument();
  });

  it('offers Approve and Reject on Pending requests only', async () => {
    serve();
    renderAdmin('/admin/events');
    await table();
    expect(within(rowOf('Youth Chess Open')).getByRole('button', { name: 'Approve Youth Chess Open' })).toBeInTheDocument();
    expect(within(rowOf('Youth Chess Open')).getByRole('button', { name: 'Reject Youth Chess Open' })).toBeInTheDocument();
    for (const name of ['Foam Party Dance Festival', 'Barangay Talent Showdown']) {
      expect(within(rowOf(name)).queryByRole('button', { name: /^(Approve|Reject)/ })).not.toBeInTheDocument();
      expect(within(rowOf(name)).getByRole('button', { name: `History of ${name}` })).toBeInTheDocument();
    }
  });

  it('filters by status (with the counts) and searches, on the server and in the URL', async () => {
    const fetchMock = serve();
    const { user, getByTestId } = renderAdmin('/admin/events?page=2');
    await table();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['All statuses', 'Pending (6)', 'Approved (20)', 'Rejected (3)']);
    await user.selectOptions(status, 'Pending');
    await user.type(screen.getByRole('searchbox', { name: 'Search event requests' }), 'chess{Enter}');
    await waitFor(() => expect(currentUrl(getByTestId)).toBe('/admin/events?status=Pending&q=chess'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/events').map((c) => c.url)).toContain('/api/admin/events?search=chess&status=Pending'));
    expect(callsTo(fetchMock, 'GET', '/api/admin/events')[0]?.url).toBe('/api/admin/events?page=2');
  });

  it("approves after a confirmation, and makes the visitors' event lists stale", async () => {
    let approved = false;
    const fetchMock = serve(
      (call) => {
        if (call.method !== 'POST' || call.path !== '/api/admin/events/40/approve') return undefined;
        approved = true;
        return { body: { success: true, event: { ...EVENTS[0], status: 'Approved' }, changed: true } };
      },
      () => EVENTS.map((e) => (e.id === 40 && approved ? { ...e, status: 'Approved' as const } : e)),
    );
    const { user, queryClient } = renderAdmin('/admin/events');
    queryClient.setQueryData(['events', 'genre', 'sports'], []);
    await table();
    await user.click(screen.getByRole('button', { name: 'Approve Youth Chess Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this event?' });
    expect(dialog).toHaveTextContent('Youth Chess Open will be listed for visitors under Sports at once');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/admin/events/40/approve').map((c) => c.body)).toEqual([{}]);
    expect(await screen.findByText('Youth Chess Open is approved: visitors now see it under Sports.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Youth Chess Open')).getByText('Approved')).toHaveClass('ds-badge--success'));
    expect(within(rowOf('Youth Chess Open')).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(queryClient.getQueryState(['events', 'genre', 'sports'])?.isInvalidated).toBe(true);
  });

  it("rejects with a reason; without one the API's message is shown and the field marked", async () => {
    const fetchMock = serve((call) => {
      if (call.method !== 'POST' || call.path !== '/api/admin/events/40/reject') return undefined;
      const { reason } = call.body as { reason: string };
      if (reason === '') return { status: 400, body: { success: false, error: 'A reason is required to reject an event' } };
      return { body: { success: true, event: { ...EVENTS[0], status: 'Rejected', rejectionReason: reason }, changed: true } };
    });
    const { user } = renderAdmin('/admin/events');
    await table();
    await user.click(screen.getByRole('button', { name: 'Reject Youth Chess Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this event request?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for rejecting' });
    expect(reason).toHaveAccessibleDescription('Required. City Chess Circle sees this reason on their Event List.');

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not be done. A reason is required to reject an event');
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    await user.type(reason, 'The arena is booked that weekend.');
    expect(reason).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/admin/events/40/reject').map((c) => c.body)).toEqual([{ reason: '' }, { reason: 'The arena is booked that weekend.' }]);
    expect(await screen.findByText('Youth Chess Open is rejected. The organizer sees your reason.')).toBeInTheDocument();
  });

  it("shows a request's decisions in its history", async () => {
    serve((call) =>
      call.url === '/api/admin/events/41/audit'
        ? {
            body: {
              success: true,
              entries: [makeAudit(3, { action: 'event.reject', before: { status: 'Pending' }, after: { status: 'Rejected', reason: 'No foam on the arena floor.' } })],
              ...page(1, 1, 1, 20),
            },
          }
        : undefined,
    );
    const { user } = renderAdmin('/admin/events');
    await table();
    await user.click(screen.getByRole('button', { name: 'History of Foam Party Dance Festival' }));
    const dialog = screen.getByRole('dialog', { name: 'History of Foam Party Dance Festival' });
    const row = (await within(dialog).findAllByRole('row'))[1];
    expect(row).toHaveTextContent('Status: Pending');
    expect(row).toHaveTextContent('Status: RejectedReason: No foam on the arena floor.');
    expect(row).toHaveTextContent('Demo Admin');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when there is nothing to show', async () => {
    serve(undefined, () => []);
    renderAdmin('/admin/events?status=Rejected');
    expect(await screen.findByText('No event requests match this search.')).toBeInTheDocument();
  });
});
