import { screen, within } from '@testing-library/react';
import { mockFetch } from './support/fetch-mock';
import { OPTIONS, PAGE, organizerEvent } from './support/fixtures';
import { renderOrganizer } from './support/render';

const EVENTS = [
  organizerEvent({ id: 1, name: 'City Games' }),
  organizerEvent({ id: 31, name: 'Chess Open', status: 'Pending', price: 0, capacity: 40, hasSeatPlan: true }),
  organizerEvent({ id: 32, name: 'Drag Race', status: 'Rejected', rejectionReason: 'Motor racing is not allowed on the grounds.' }),
];

test('lists the events with type, duration, time, capacity and status; Rejected says the admin reason; SPEC pager "1 of 2"', async () => {
  mockFetch({ '/api/organizer/event-options': { body: OPTIONS }, '/api/organizer/events': { body: { success: true, events: EVENTS, ...PAGE(1, 2, 13) } } });
  renderOrganizer('/organizer/event-list');
  const chess = await screen.findByRole('row', { name: /Chess Open/ });
  expect(within(chess).getByText('Pending')).toHaveClass('ds-badge--warning');
  expect(within(chess).getByText('40')).toBeInTheDocument();
  expect(within(chess).getByText('FREE')).toBeInTheDocument();
  const city = screen.getByRole('row', { name: /City Games/ });
  expect(within(city).getByText('Sports')).toBeInTheDocument();
  expect(within(city).getByText('06-01-2099')).toBeInTheDocument();
  expect(within(city).getByText('6:00 PM - 9:00 PM')).toBeInTheDocument();
  expect(within(city).getByText('Approved')).toHaveClass('ds-badge--success');
  const race = screen.getByRole('row', { name: /Drag Race/ });
  expect(within(race).getByText('Rejected')).toHaveClass('ds-badge--danger');
  expect(within(race).getByText('Reason: Motor racing is not allowed on the grounds.')).toBeInTheDocument();
  expect(screen.getByText('1 of 2')).toBeInTheDocument();
});

test('search, event selector and pager go to the server', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events?page=2&search=chess&eventId=31': { body: { success: true, events: [EVENTS[1]], ...PAGE(2, 2, 11) } },
    '/api/organizer/events?search=chess&eventId=31': { body: { success: true, events: [EVENTS[1]], ...PAGE(1, 2, 11) } },
  });
  const { user } = renderOrganizer('/organizer/event-list?q=chess&event=31&page=2');
  expect(await screen.findByText('2 of 2')).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('chess');
  await user.click(screen.getByRole('button', { name: /first page/i }));
  expect(await screen.findByText('1 of 2')).toBeInTheDocument();
  expect(sent.map((r) => r.key)).toContain('/api/organizer/events?search=chess&eventId=31');
});

test('an empty list says so; a refusal is shown by the kit', async () => {
  mockFetch({ '/api/organizer/event-options': { body: { success: true, events: [], current: null } }, '/api/organizer/events': { body: { success: true, events: [], ...PAGE(1, 1, 0) } } });
  const first = renderOrganizer('/organizer/event-list');
  expect(await screen.findByText('You have no events yet. Create one from Create Event.')).toBeInTheDocument();
  first.unmount();
  mockFetch({ '/api/organizer/event-options': { body: OPTIONS }, '/api/organizer/events': { status: 403, body: { success: false, error: 'You do not have access to this.' } } });
  renderOrganizer('/organizer/event-list');
  expect(await screen.findByText('You do not have access to this.')).toBeInTheDocument();
});

test('each editable event links to Create Event (a Rejected one to edit and resubmit), an approved one can be cancelled; moved and cancelled events say so', async () => {
  const events = [
    organizerEvent({ id: 1, name: 'City Games', postponedFrom: '2099-05-25T10:00:00.000Z' }),
    organizerEvent({ id: 32, name: 'Drag Race', status: 'Rejected', rejectionReason: 'Motor racing is not allowed on the grounds.' }),
    organizerEvent({ id: 40, name: 'Typhoon Cup', editable: false, cancelledAt: '2099-05-20T10:00:00.000Z' }),
  ];
  mockFetch({ '/api/organizer/event-options': { body: OPTIONS }, '/api/organizer/events': { body: { success: true, events, ...PAGE(1, 1, 3) } } });
  const { user } = renderOrganizer('/organizer/event-list');
  const city = await screen.findByRole('row', { name: /City Games/ });
  expect(within(city).getByText('Postponed')).toHaveClass('ds-badge--warning');
  expect(within(city).getByRole('link', { name: 'Edit City Games' })).toHaveAttribute('href', '/organizer/create-event?event=1');
  const cancelled = screen.getByRole('row', { name: /Typhoon Cup/ });
  expect(within(cancelled).getByText('Cancelled')).toHaveClass('ds-badge--danger');
  expect(within(cancelled).queryByRole('link')).not.toBeInTheDocument();
  // Cancel is offered on an approved event that is not cancelled yet (the kit's CancelEventButton).
  expect(within(city).getByRole('button', { name: 'Cancel event City Games' })).toBeInTheDocument();
  expect(within(cancelled).queryByRole('button')).not.toBeInTheDocument();
  await user.click(within(screen.getByRole('row', { name: /Drag Race/ })).getByRole('link', { name: 'Edit and resubmit Drag Race' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/organizer/create-event?event=32');
});
