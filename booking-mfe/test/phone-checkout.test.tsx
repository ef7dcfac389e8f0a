// Checkout on a phone: the hold is found from the server when the page has no navigation state
// (a new tab, another device), a free order uses no payment word on its way to its tickets, a paid
// one says its seats are held and not paid yet, and My Tickets tells Released from Expired in
// Manila time.
import { act, fireEvent, render, screen, within } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OrderSummary } from '@sports/contracts';
import { CheckoutPage } from '../src/features/checkout/checkout-page';
import { QrPage } from '../src/features/qr/qr-page';
import { TicketsPage } from '../src/features/tickets/tickets-page';
import { formatInstant } from '../src/shared/format';
import { LocationProbe, USER, makeOrder, makeTickets, readLocation } from './support/booking-fixtures';
import { makeEvent, mockFetch } from './support/fetch-mock';

const NOW = Date.parse('2099-05-01T00:00:00.000Z');
/** Any word that speaks of money being paid. */
const PAYMENT_WORDS = /\bpay\b|\bpaid\b|payment|nonrefundable|full payment only/i;

function held(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return makeOrder({ expiresAt: new Date(NOW + 9 * 60_000 + 30_000).toISOString(), seatNames: ['A12', 'A13'], ...overrides });
}

function renderAt(path: string, state: unknown, page: React.ReactElement, pattern = path) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <Routes>
        <Route path={pattern} element={page} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

async function flush() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
}

/** What the page says (the test's location probe left out). */
function pageText(): string {
  const page = document.body.cloneNode(true) as HTMLElement;
  page.querySelectorAll('[data-testid="location"]').forEach((probe) => probe.remove());
  return page.textContent ?? '';
}

describe('checkout without navigation state', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  test('finds the live hold on the server and shows it with its time left', async () => {
    const fetchMock = mockFetch({ '/api/events/1/my-hold': { body: { success: true, hold: held() } } });
    renderAt('/events/1/checkout', undefined, <CheckoutPage user={USER} />, '/events/:id/checkout');
    await flush();
    expect(screen.queryByText(/Invalid checkout/)).not.toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Seats held for 09:30');
    expect(screen.getByText('A12, A13')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay and Generate QR' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Seats' })).toHaveAttribute('href', '/events/1/seatmap/6');
    // Found, never booked again.
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname)).toEqual(['/api/events/1/my-hold', '/api/events/1']);
  });

  test('a hold released elsewhere, reopened: says it was released, not that it ran out', async () => {
    mockFetch({ '/api/orders/55': { body: { success: true, order: held({ status: 'expired', releasedAt: new Date(NOW).toISOString() }) } } });
    renderAt('/events/1/checkout', { eventId: 1, sectionId: 6, seats: [12, 13], orderId: 55 }, <CheckoutPage user={USER} />);
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Your seats were released.');
    expect(screen.queryByText(/Your hold expired/)).not.toBeInTheDocument();
  });

  test('a session that ended: a log in prompt that comes back to checkout', async () => {
    mockFetch({ '/api/events/1/my-hold': { status: 401, body: { success: false, error: 'Please log in' } } });
    renderAt('/events/1/checkout', undefined, <CheckoutPage user={USER} />, '/events/:id/checkout');
    await flush();
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/login', state: { from: { pathname: '/events/1/checkout' } } });
  });

  test('a failed read says so and retries, without claiming the checkout is invalid', async () => {
    mockFetch({ '/api/events/1/my-hold': [{ status: 503, body: { success: false, error: 'Busy' } }, { body: { success: true, hold: held() } }] });
    renderAt('/events/1/checkout', undefined, <CheckoutPage user={USER} />, '/events/:id/checkout');
    await flush();
    expect(screen.getByRole('heading', { name: 'Your held seats could not be loaded' })).toBeInTheDocument();
    expect(screen.queryByText(/Invalid checkout/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await flush();
    expect(screen.getByRole('timer')).toHaveTextContent('Seats held for');
  });
});

describe('words that match the money', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  // Its refund sentence: checkout-page.test.tsx.
  test('a paid order says beside the timer that its seats are held and not paid yet, and keeps SPEC\'s texts', async () => {
    mockFetch({ '/api/orders/55': { body: { success: true, order: held() } }, '/api/events/1': { body: { success: true, event: makeEvent({ id: 1 }) } } });
    renderAt('/events/1/checkout', { eventId: 1, sectionId: 6, seats: [12, 13], orderId: 55 }, <CheckoutPage user={USER} />);
    await flush();
    const timer = screen.getByRole('timer');
    expect(timer).toHaveAccessibleDescription('Held for you, not paid yet: pay before the time runs out to get your tickets.');
    expect(screen.getByText('Full Payment Only')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay and Generate QR' })).toBeInTheDocument();
  });

  test('a free order: Get tickets and Your tickets, and no payment word on checkout or on its ticket page', async () => {
    const free = held({ totalAmount: 0 });
    const issued = held({ totalAmount: 0, status: 'paid', paymentType: 'full', paidAt: new Date(NOW).toISOString(), tickets: makeTickets() });
    mockFetch({ '/api/orders/55': { body: { success: true, order: free } }, '/api/orders/55/pay': { body: { success: true, order: issued } } });
    const view = renderAt('/events/1/checkout', { eventId: 1, sectionId: 6, seats: [12, 13], orderId: 55 }, <CheckoutPage user={USER} />);
    await flush();
    expect(screen.getByRole('heading', { name: 'Your tickets' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveAccessibleDescription('Held for you: get your tickets before the time runs out.');
    expect(screen.getByText('FREE')).toBeInTheDocument();
    expect(pageText()).not.toMatch(PAYMENT_WORDS);
    fireEvent.click(screen.getByRole('button', { name: 'Get tickets' }));
    await flush();
    expect(pageText()).not.toMatch(PAYMENT_WORDS);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_200);
    });
    expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/event/qr', state: { order: issued } });
    view.unmount();

    renderAt('/event/qr', { order: issued }, <QrPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Ticket QR code/ })).toHaveLength(2);
    expect(pageText()).not.toMatch(PAYMENT_WORDS);
  });

  test('a free order\'s last minute says get your tickets, not pay', async () => {
    mockFetch({ '/api/orders/55': { body: { success: true, order: held({ totalAmount: 0, expiresAt: new Date(NOW + 30_000).toISOString() }) } } });
    renderAt('/events/1/checkout', { eventId: 1, sectionId: 6, seats: [12, 13], orderId: 55 }, <CheckoutPage user={USER} />);
    await flush();
    expect(screen.getByText('Less than a minute left on your hold. Get your tickets now, or your seats will be released.')).toBeInTheDocument();
    expect(pageText()).not.toMatch(PAYMENT_WORDS);
  });

  test('a paid order\'s ticket page keeps Payment Successful! and its method', () => {
    const paid = held({ status: 'paid', paymentMethod: 'gcash', paymentType: 'full', tickets: makeTickets() });
    renderAt('/event/qr', { order: paid }, <QrPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Payment method').nextSibling).toHaveTextContent('GCash');
  });

  test('Release seats asks first; Keep my seats changes nothing', async () => {
    const fetchMock = mockFetch({ '/api/orders/55': { body: { success: true, order: held() } } });
    renderAt('/events/1/checkout', { eventId: 1, sectionId: 6, seats: [12, 13], orderId: 55 }, <CheckoutPage user={USER} />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Release seats' }));
    const dialog = screen.getByRole('dialog', { name: 'Release these seats?' });
    expect(dialog).toHaveAccessibleDescription(/^Seats A12, A13 of City Games go back on sale at once\./);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my seats' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/release'))).toBe(false);
    expect(screen.getByRole('timer')).toBeInTheDocument();
  });
});

describe('My Tickets', () => {
  test('a released hold says Released with its time in Manila; a hold that ran out stays Expired', async () => {
    const released = makeOrder({ orderId: 7, status: 'expired', createdAt: '2099-04-30T11:30:00.000Z', releasedAt: '2099-04-30T11:32:00.000Z' });
    const lapsed = makeOrder({ orderId: 8, status: 'expired', createdAt: '2099-04-30T11:40:00.000Z' });
    mockFetch({ '/api/my/orders': { body: { success: true, orders: [released, lapsed] } } });
    renderAt('/my-tickets', undefined, <TicketsPage user={USER} />);
    await screen.findAllByText('City Games');
    const items = Array.from(document.querySelectorAll<HTMLElement>('.bk-tickets > li'));
    expect(items.map((item) => item.querySelector('.bk-ticket__status')?.textContent)).toEqual(['Released', 'Expired']);
    // 11:30 UTC is 7:30 PM in Manila (UTC+8), whatever the zone this runs in.
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Booked').nextSibling).toHaveTextContent(/^Apr 30, 2099, 7:30\sPM PHT$/);
    expect(first.getByText('Released', { selector: 'dt' }).nextSibling).toHaveTextContent(/^Apr 30, 2099, 7:32\sPM PHT$/);
    expect(within(items[1] as HTMLElement).queryByText('Released', { selector: 'dt' })).not.toBeInTheDocument();
  });
});

test('formatInstant: Manila time, labelled, across the date line', () => {
  expect(formatInstant('2099-06-01T16:30:00.000Z')).toMatch(/^Jun 2, 2099, 12:30\sAM PHT$/);
  expect(formatInstant('nonsense')).toBe('');
  expect(formatInstant(undefined)).toBe('');
});
