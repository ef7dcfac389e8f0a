import { fireEvent, render, screen, within } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { MyTransfersResponse } from '@sports/contracts';
import { TicketsPage } from '../src/features/tickets/tickets-page';
import { USER, makeOrder, makeTicket } from './support/booking-fixtures';
import { mockFetch } from './support/fetch-mock';

function renderTickets() {
  return render(
    <MemoryRouter initialEntries={['/my-tickets']}>
      <Routes>
        <Route path="/my-tickets" element={<TicketsPage user={USER} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const event = { id: 24, title: 'Fun Run', date: '2099-06-01' };
const section = { id: 5, label: 'Lower Box A' };
const paid = makeOrder({ orderId: 9, status: 'paid', paymentMethod: 'gcash', paymentType: 'full', event, tickets: [makeTicket({ ticketId: 'T'.repeat(22), seat: 3, seatName: 'A3' })] });
const pending = { transferId: 7, ticketId: 'P'.repeat(22), orderId: 9, event, section, seatName: 'A4', toEmail: 'ana@example.test', state: 'pending' as const, sentAt: '2099-01-01T00:00:00.000Z', claimedAt: null };
const claimed = { ...pending, transferId: 8, ticketId: 'C'.repeat(22), seatName: 'A5', toEmail: 'ben@example.test', state: 'claimed' as const, claimedAt: '2099-01-01T00:00:00.000Z' };
const received = { ticket: makeTicket({ ticketId: 'R'.repeat(22), seat: 8, seatName: 'B2' }), orderId: 3, event: { id: 30, title: 'Pageant', date: '2099-07-01' }, section, from: 'Bea Cruz', receivedAt: '2099-01-01T00:00:00.000Z' };
const incoming = { transferId: 11, orderId: 4, event: { id: 31, title: 'Gala', date: '2099-08-01' }, section, seatName: 'C7', from: 'Carla Reyes', sentAt: '2099-01-01T00:00:00.000Z' };
const lists = (body: Partial<Omit<MyTransfersResponse, 'success'>>) => ({ body: { success: true, sent: [], received: [], incoming: [], ...body } });

test('Give to someone: the address is checked, a confirmation says what happens, then the ticket is sent', async () => {
  const fetchMock = mockFetch({
    '/api/my/orders': { body: { success: true, orders: [paid] } },
    '/api/my/reviews': { body: { success: true, reviews: [] } },
    '/api/orders/9/review': { body: { success: true, orderId: 9, event: { id: 24, name: 'Fun Run' }, canReview: false, cannotReview: 'Not yet.', review: null } },
    '/api/my/transfers': [lists({ sent: [], received: [] }), lists({ sent: [{ ...pending, ticketId: 'T'.repeat(22), seatName: 'A3' }], received: [] })],
    [`/api/tickets/${'T'.repeat(22)}/transfer`]: { body: { success: true, transfer: { ...pending, ticketId: 'T'.repeat(22), seatName: 'A3' } } },
  });
  renderTickets();
  fireEvent.click(await screen.findByRole('button', { name: 'Give to someone (seat A3)' }));
  const dialog = screen.getByRole('dialog', { name: 'Give this ticket to someone' });
  const field = within(dialog).getByLabelText('Their email address');
  expect(field).toHaveFocus();
  fireEvent.change(field, { target: { value: 'not an address' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid email format');
  fireEvent.change(field, { target: { value: ' Ana@Example.test ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(dialog).toHaveTextContent('Give your ticket for Fun Run, seat A3, to ana@example.test?');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Give ticket' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Sent to ana@example.test');
  expect(within(await screen.findByRole('region', { name: 'Tickets you gave' })).getByText('Sent to ana@example.test')).toBeInTheDocument();
  const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/transfer')) as [string, RequestInit];
  expect(post[1].method).toBe('POST');
  expect(JSON.parse(String(post[1].body))).toEqual({ email: 'ana@example.test' });
});

test('a refusal is said inside the dialog, which stays open', async () => {
  mockFetch({
    '/api/my/orders': { body: { success: true, orders: [paid] } },
    '/api/my/reviews': { body: { success: true, reviews: [] } },
    '/api/orders/9/review': { body: { success: true, orderId: 9, event: { id: 24, name: 'Fun Run' }, canReview: false, cannotReview: 'Not yet.', review: null } },
    '/api/my/transfers': lists({ sent: [], received: [] }),
    [`/api/tickets/${'T'.repeat(22)}/transfer`]: { status: 409, body: { success: false, error: 'Check-in for this event has opened; its tickets can no longer be given to someone.' } },
  });
  renderTickets();
  fireEvent.click(await screen.findByRole('button', { name: 'Give to someone (seat A3)' }));
  const dialog = screen.getByRole('dialog', { name: 'Give this ticket to someone' });
  fireEvent.change(within(dialog).getByLabelText('Their email address'), { target: { value: 'ana@example.test' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Give ticket' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Check-in for this event has opened; its tickets can no longer be given to someone.');
});

test('tickets given away show Sent to with Take back, or Transferred without a QR; received tickets show their QR and sender', async () => {
  const fetchMock = mockFetch({
    '/api/my/orders': { body: { success: true, orders: [] } },
    '/api/my/reviews': { body: { success: true, reviews: [] } },
    '/api/my/transfers': [lists({ sent: [pending, claimed], received: [received] }), lists({ sent: [claimed], received: [received] })],
    '/api/transfers/7/revoke': { body: { success: true, transfer: { ...pending, state: 'revoked' } } },
  });
  renderTickets();
  const gave = await screen.findByRole('region', { name: 'Tickets you gave' });
  expect(within(gave).getByText('Sent to ana@example.test')).toBeInTheDocument();
  expect(within(gave).getByText('Transferred')).toBeInTheDocument();
  expect(within(gave).queryByRole('img')).not.toBeInTheDocument();
  const given = screen.getByRole('region', { name: 'Tickets given to you' });
  expect(within(given).getByText(/From Bea Cruz/)).toBeInTheDocument();
  expect(within(given).getByText('Seat B2')).toBeInTheDocument();
  expect(within(given).getByRole('button', { name: 'Give to someone (seat B2)' })).toBeInTheDocument();
  expect(screen.queryByText('You have no tickets yet.')).not.toBeInTheDocument();
  fireEvent.click(within(gave).getByRole('button', { name: 'Take back the ticket for seat A4 sent to ana@example.test' }));
  expect(await within(gave).findByText('ben@example.test', { exact: false })).toBeInTheDocument();
  expect(await screen.findByRole('region', { name: 'Tickets you gave' })).not.toHaveTextContent('ana@example.test');
  expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/transfers/7/revoke') && (init as RequestInit).method === 'POST')).toBe(true);
});

test('a ticket waiting for the visitor: Accept makes it theirs (its own QR), a refusal is said under it', async () => {
  const accepted = { ...received, ticket: makeTicket({ ticketId: 'N'.repeat(22), seat: 7, seatName: 'C7' }), orderId: 4, event: incoming.event, from: 'Carla Reyes' };
  const fetchMock = mockFetch({
    '/api/my/orders': { body: { success: true, orders: [] } },
    '/api/my/reviews': { body: { success: true, reviews: [] } },
    '/api/my/transfers': [lists({ incoming: [incoming, { ...incoming, transferId: 12, seatName: 'C8' }] }), lists({ incoming: [{ ...incoming, transferId: 12, seatName: 'C8' }], received: [accepted] })],
    '/api/transfers/11/accept': { body: { success: true } },
    '/api/transfers/12/accept': { status: 409, body: { success: false, error: 'This ticket can no longer be accepted.' } },
  });
  renderTickets();
  const waiting = await screen.findByRole('region', { name: 'Tickets waiting for you' });
  expect(within(waiting).getAllByText('Gala')).toHaveLength(2);
  expect(within(waiting).getByText(/Lower Box A, seat C7 · From Carla Reyes/)).toBeInTheDocument();
  // Not a ticket yet: no QR, and the page is not empty.
  expect(within(waiting).queryByRole('img')).not.toBeInTheDocument();
  expect(screen.queryByText('You have no tickets yet.')).not.toBeInTheDocument();
  fireEvent.click(within(waiting).getByRole('button', { name: 'Accept the ticket for seat C7 from Carla Reyes' }));
  const given = await screen.findByRole('region', { name: 'Tickets given to you' });
  expect(within(given).getByText('Seat C7')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Tickets waiting for you' })).queryByText(/seat C7/)).not.toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/transfers/11/accept') && (init as RequestInit).method === 'POST')).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Accept the ticket for seat C8 from Carla Reyes' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This ticket can no longer be accepted.');
});
