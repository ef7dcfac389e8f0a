import { fireEvent, render, screen, within } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SessionUser } from '@sports/contracts';
import { TicketsPage, effectiveStatus, keptAndGiven } from '../src/features/tickets/tickets-page';
import { LocationProbe, USER, makeOrder, makeTicket, makeTickets, readLocation } from './support/booking-fixtures';
import { mockFetch } from './support/fetch-mock';

function renderTickets(user: SessionUser | null) {
  return render(
    <MemoryRouter initialEntries={['/my-tickets']}>
      <Routes>
        <Route path="/my-tickets" element={<TicketsPage user={user} />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const FUTURE = '2099-01-01T00:00:00.000Z';
const PAST = '2001-01-01T00:00:00.000Z';

test('logged out: a prompt to log in that comes back here', () => {
  const fetchMock = mockFetch({});
  renderTickets(null);
  fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
  expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/login', state: { from: { pathname: '/my-tickets' } } });
  expect(fetchMock).not.toHaveBeenCalled();
});

test('logged in: each order with its status badge, seats, total and date', async () => {
  const paid = makeOrder({ orderId: 1, status: 'paid', paymentMethod: 'gcash', paymentType: 'full', tickets: makeTickets(), event: { id: 1, title: 'City Games', date: '2099-06-01' } });
  const held = makeOrder({ orderId: 2, status: 'held', expiresAt: FUTURE, event: { id: 2, title: 'Pageant', date: '2099-07-01' }, section: { id: 3, label: 'Upper Box E' }, seats: [5] });
  const lapsed = makeOrder({ orderId: 3, status: 'held', expiresAt: PAST, event: { id: 3, title: 'Zumba Night', date: '2099-08-01' } });
  const expired = makeOrder({ orderId: 4, status: 'expired', event: { id: 4, title: 'Fun Run', date: '2099-09-01' } });
  mockFetch({ '/api/my/orders': { body: { success: true, orders: [paid, held, lapsed, expired] } } });
  renderTickets(USER);
  await screen.findByText('City Games');
  // The orders, not the seat tickets inside a paid one.
  const items = Array.from(document.querySelectorAll<HTMLElement>('.bk-tickets > li'));
  expect(items).toHaveLength(4);
  const badge = (item: HTMLElement) => item.querySelector('.bk-ticket__status')?.textContent;
  expect(items.map(badge)).toEqual(['Paid', 'Held', 'Expired', 'Expired']);
  expect(within(items[0] as HTMLElement).getByText('City Games')).toBeInTheDocument();
  expect(within(items[0] as HTMLElement).getByText('Mon, Jun 1, 2099')).toBeInTheDocument();
  expect(within(items[1] as HTMLElement).getByText('Upper Box E')).toBeInTheDocument();
  expect(within(items[0] as HTMLElement).getByText('12, 13')).toBeInTheDocument();
  expect(within(items[0] as HTMLElement).getByText('₱300.00')).toBeInTheDocument();
  // Only the paid order shows tickets: one QR per seat, each with its seat, code and own page.
  expect(screen.getAllByRole('img', { name: /^Ticket QR code/ }).map((qr) => qr.getAttribute('aria-label'))).toEqual(['Ticket QR code, seat A12', 'Ticket QR code, seat A13']);
  const [a12, a13] = makeTickets();
  expect(within(items[0] as HTMLElement).getByText(a12?.code ?? '')).toBeInTheDocument();
  expect(within(items[0] as HTMLElement).getByText(a13?.code ?? '')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open ticket for seat A13' })).toHaveAttribute('href', `/tickets/${a13?.ticketId}`);
  expect(screen.getAllByRole('button', { name: /^Download PDF/ })).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Download PDF of all 2 tickets' })).toBeInTheDocument();
  // Only live holds continue to payment.
  expect(screen.getAllByRole('button', { name: /^Continue to payment/ })).toHaveLength(1);
  // Only the paid order goes in a calendar, as from the page after paying.
  const calendars = screen.getAllByRole('link', { name: /^Add to calendar/ });
  expect(calendars.map((a) => a.getAttribute('aria-label'))).toEqual(['Add to calendar: City Games']);
  expect(calendars[0]?.getAttribute('href')).toMatch(/\/api\/orders\/1\/calendar\.ics$/);
  expect(calendars[0]).toHaveAttribute('download', 'ticket-1.ics');

  fireEvent.click(screen.getByRole('link', { name: 'Open ticket for seat A12' }));
  expect(readLocation(screen.getByTestId).pathname).toBe(`/tickets/${a12?.ticketId}`);
});

test('a ticket checked in at the gate says so', async () => {
  const tickets = [makeTicket({ seat: 12, checkedInAt: '2099-06-01T09:30:00.000Z' }), makeTicket({ seat: 13 })];
  mockFetch({
    '/api/my/orders': { body: { success: true, orders: [makeOrder({ status: 'paid', paymentMethod: 'gcash', paymentType: 'full', tickets })] } },
    '/api/my/reviews': { body: { success: true, reviews: [] } },
    '/api/orders/55/review': { body: { success: true, orderId: 55, event: { id: 1, name: 'City Games' }, canReview: false, cannotReview: null, review: null } },
  });
  renderTickets(USER);
  const [first, second] = (await screen.findAllByRole('img', { name: /^Ticket QR code/ })).map((qr) => qr.closest('li') as HTMLElement);
  expect(within(first as HTMLElement).getByText(/^Checked in/)).toBeInTheDocument();
  expect(within(second as HTMLElement).queryByText(/^Checked in/)).not.toBeInTheDocument();
});

test('a held order continues to payment with its order id', async () => {
  const held = makeOrder({ orderId: 9, status: 'held', expiresAt: FUTURE, event: { id: 2, title: 'Pageant', date: '2099-07-01' }, section: { id: 3, label: 'Upper Box E' }, seats: [5, 6] });
  mockFetch({ '/api/my/orders': { body: { success: true, orders: [held] } } });
  renderTickets(USER);
  fireEvent.click(await screen.findByRole('button', { name: /^Continue to payment/ }));
  expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/events/2/checkout', state: { eventId: 2, sectionId: 3, seats: [5, 6], orderId: 9 } });
});

test('no orders: You have no tickets yet., with a way to browse events', async () => {
  mockFetch({ '/api/my/orders': { body: { success: true, orders: [] } } });
  renderTickets(USER);
  expect(await screen.findByText('You have no tickets yet.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/');
});

test('an ended session (401) asks to log in; other failures offer Retry', async () => {
  mockFetch({ '/api/my/orders': { status: 401, body: { success: false, error: 'Please log in' } } });
  const first = renderTickets(USER);
  expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  first.unmount();

  mockFetch({ '/api/my/orders': [{ status: 500, body: { success: false, error: 'boom' } }, { body: { success: true, orders: [] } }] });
  renderTickets(USER);
  expect(await screen.findByRole('alert')).toHaveTextContent('Your tickets could not be loaded');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('You have no tickets yet.')).toBeInTheDocument();
});

test('effectiveStatus: a held order past its expiry is expired', () => {
  const now = Date.parse('2050-01-01T00:00:00Z');
  expect(effectiveStatus({ status: 'held', expiresAt: '2050-01-01T00:00:01Z' }, now)).toBe('held');
  expect(effectiveStatus({ status: 'held', expiresAt: '2050-01-01T00:00:00Z' }, now)).toBe('expired');
  expect(effectiveStatus({ status: 'paid', expiresAt: '2000-01-01T00:00:00Z' }, now)).toBe('paid');
});

describe('reviews on My Tickets', () => {
  const paid = makeOrder({ orderId: 9, status: 'paid', paymentMethod: 'gcash', paymentType: 'full', tickets: makeTickets(), event: { id: 24, title: 'Fun Run', date: '2099-06-01' } });
  const mine = { id: 5, orderId: 9, event: { id: 24, name: 'Fun Run' }, rating: 4, text: 'Smooth entry at the gate.', attended: false, createdAt: '2099-06-02T00:00:00.000Z', response: null, respondedAt: null };
  const orderReview = (canReview: boolean, review: unknown = null) => ({ body: { success: true, orderId: 9, event: { id: 24, name: 'Fun Run' }, canReview, cannotReview: canReview ? null : 'You can review an event once you have been checked in at it.', review } });

  test('a checked-in order offers Write a review once: rating and text are required, then it is sent and shown', async () => {
    const fetchMock = mockFetch({
      '/api/my/orders': { body: { success: true, orders: [paid] } },
      '/api/my/reviews': [{ body: { success: true, reviews: [] } }, { body: { success: true, reviews: [mine] } }],
      '/api/orders/9/review': [orderReview(true), { status: 201, body: { success: true, review: mine } }, orderReview(false, mine)],
    });
    renderTickets(USER);
    fireEvent.click(await screen.findByRole('button', { name: 'Write a review of Fun Run' }));
    const form = screen.getByRole('form', { name: 'Review of Fun Run' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Rating must be 1 to 5 stars');
    fireEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Write your review');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Your review' }), { target: { value: 'Smooth entry at the gate.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Smooth entry at the gate.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Write a review/ })).not.toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST') as [string, RequestInit];
    expect(JSON.parse(String(post[1].body))).toEqual({ rating: 4, text: 'Smooth entry at the gate.' });
  });

  test('a written review shows with the organizer reply and Attended; an order the API refuses shows its reason as given', async () => {
    const other = makeOrder({ orderId: 10, status: 'paid', paymentMethod: 'visa', paymentType: 'full', tickets: makeTickets(), event: { id: 25, title: 'Pageant', date: '2099-07-01' } });
    mockFetch({
      '/api/my/orders': { body: { success: true, orders: [paid, other] } },
      '/api/my/reviews': { body: { success: true, reviews: [{ ...mine, attended: true, response: 'Glad you came!', respondedAt: '2099-06-03T00:00:00.000Z' }] } },
      '/api/orders/10/review': { body: { success: true, orderId: 10, event: { id: 25, name: 'Pageant' }, canReview: false, cannotReview: 'Reviews open once the event has ended.', review: null } },
    });
    renderTickets(USER);
    expect(await screen.findByText('Glad you came!')).toBeInTheDocument();
    expect(screen.getByText('Reply from the organizer')).toBeInTheDocument();
    expect(screen.getByText('4 of 5')).toBeInTheDocument();
    expect(screen.getByText('Rated 4 out of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Write a review/ })).not.toBeInTheDocument();
    const [funRun, pageant] = Array.from(document.querySelectorAll<HTMLElement>('.bk-tickets > li'));
    expect(within(funRun as HTMLElement).getByText('Attended')).toHaveClass('bk-badge');
    expect(within(pageant as HTMLElement).getByText('Reviews open once the event has ended.')).toBeInTheDocument();
    expect(within(pageant as HTMLElement).queryByText('Attended')).not.toBeInTheDocument();
  });

  test('a review of an event not attended has no Attended badge', async () => {
    mockFetch({
      '/api/my/orders': { body: { success: true, orders: [paid] } },
      '/api/my/reviews': { body: { success: true, reviews: [mine] } },
    });
    renderTickets(USER);
    expect(await screen.findByText('Smooth entry at the gate.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText('Attended')).not.toBeInTheDocument();
  });
});

test('Cancel and refund: the amount and deadline, a confirmation, then the order as the server answers it', async () => {
  const paid = makeOrder({
    status: 'paid',
    paymentMethod: 'gcash',
    paymentType: 'full',
    tickets: makeTickets(),
    cancellation: { allowed: true, amount: 300, deadline: '2099-05-25T00:00:00.000Z' },
  });
  const cancelled = makeOrder({ status: 'refund_pending', paymentMethod: 'gcash', paymentType: 'full', refund: { amount: 300, reason: 'buyer_cancelled', refundedAt: null } });
  const fetchMock = mockFetch({
    '/api/my/orders': [{ body: { success: true, orders: [paid] } }, { body: { success: true, orders: [cancelled] } }],
    '/api/my/reviews': { body: { success: true, reviews: [] } },
    '/api/orders/55/review': { body: { success: true, orderId: 55, event: { id: 1, name: 'City Games' }, canReview: false, cannotReview: null, review: null } },
    '/api/orders/55/cancel': { body: { success: true, order: cancelled } },
    '/api/events/1/availability': { body: { success: true, sections: [] } },
    '/backend/api/get-booked-seats.php?event_id=1&section_id=6': { body: { bookedSeats: [] } },
  });
  renderTickets(USER);
  expect(await screen.findByText(/^Full refund of ₱300\.00 if you cancel before /)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Cancel and refund order TXN-00000055 for City Games' }));
  expect(screen.getByRole('group', { name: /^Cancel order TXN-00000055\? Its 2 tickets stop working at once/ })).toBeInTheDocument();
  // Keeping the tickets closes the question and sends nothing.
  fireEvent.click(screen.getByRole('button', { name: 'Keep my tickets' }));
  expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/cancel'))).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel and refund order TXN-00000055 for City Games' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel and refund' }));
  expect(await screen.findByText('You cancelled this order.')).toBeInTheDocument();
  expect(screen.getByText('Your ₱300.00 is being refunded to the payment method you used.')).toBeInTheDocument();
  expect(document.querySelector('.bk-ticket__status')?.textContent).toBe('Refund pending');
  expect(screen.queryAllByRole('img', { name: /^Ticket QR code/ })).toHaveLength(0);
});

test('a cancelled event says so with its reason and the refund; a policy without refunds says why', async () => {
  const refunded = makeOrder({
    orderId: 1,
    status: 'refunded',
    paymentMethod: 'gcash',
    paymentType: 'full',
    eventCancelled: { reason: 'Heavy rain: the field is flooded.' },
    refund: { amount: 300, reason: 'event_cancelled', refundedAt: '2099-05-02T03:00:00.000Z' },
  });
  const noRefunds = makeOrder({
    orderId: 2,
    status: 'paid',
    paymentMethod: 'gcash',
    paymentType: 'full',
    tickets: makeTickets(),
    event: { id: 2, title: 'Pageant', date: '2099-07-01' },
    cancellation: { allowed: false, deadline: null, reason: 'The organizer of this event does not offer refunds.' },
  });
  mockFetch({
    '/api/my/orders': { body: { success: true, orders: [refunded, noRefunds] } },
    '/api/my/reviews': { body: { success: true, reviews: [] } },
    '/api/orders/2/review': { body: { success: true, orderId: 2, event: { id: 2, name: 'Pageant' }, canReview: false, cannotReview: null, review: null } },
  });
  renderTickets(USER);
  expect(await screen.findByText('This event was cancelled.')).toBeInTheDocument();
  expect(screen.getByText('Reason: Heavy rain: the field is flooded.')).toBeInTheDocument();
  expect(screen.getByText(/^Your ₱300\.00 was refunded on /)).toBeInTheDocument();
  expect(screen.getByText('Refunds: The organizer of this event does not offer refunds.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Cancel and refund/ })).not.toBeInTheDocument();
});

test("a paid order whose buyer gave a ticket away lists the seats they kept, and the one given away apart", async () => {
  const order = makeOrder({ orderId: 8, status: 'paid', paymentMethod: 'gcash', paymentType: 'full', seats: [12, 13], seatNames: ['A12', 'A13'], tickets: makeTickets([13]) });
  expect(keptAndGiven(order)).toMatchObject({ kept: { seats: [13], seatNames: ['A13'] }, given: ['A12'] });
  expect(keptAndGiven({ ...order, tickets: makeTickets([12, 13]) }).given).toEqual([]);
  mockFetch({ '/api/my/orders': { body: { success: true, orders: [order] } } });
  renderTickets(USER);
  const seats = await screen.findByText('Seats');
  expect(seats.nextSibling).toHaveTextContent(/^A13$/);
  expect(screen.getByText('Given away').nextSibling).toHaveTextContent(/^A12$/);
});
