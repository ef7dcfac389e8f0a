import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LINE_PASS_REQUIRED } from '@sports/contracts';
import type { OrderSummary, SessionUser } from '@sports/contracts';
import { CheckoutPage } from '../src/features/checkout/checkout-page';
import { readSelection, writeSelection } from '../src/shared/selection-storage';
import { LocationProbe, SECTIONS, USER, makeOrder, makeTickets, readLocation } from './support/booking-fixtures';
import type { MockAnswer } from './support/fetch-mock';
import { makeEvent, mockFetch } from './support/fetch-mock';

const BOOK = '/backend/api/book-seats.php';
const NOW = Date.parse('2099-05-01T00:00:00.000Z');
const SEATS_STATE = { eventId: 1, sectionId: 6, seats: [12, 13] };

function CheckoutWithProbe({ user }: { user: SessionUser | null }) {
  return (
    <>
      <CheckoutPage user={user} />
      <LocationProbe />
    </>
  );
}

function renderCheckout(state: unknown, user: SessionUser | null = USER) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[{ pathname: '/events/1/checkout', state }]}>
        <Routes>
          <Route path="/events/:id/checkout" element={<CheckoutWithProbe user={user} />} />
          <Route path="/events/:id/seatmap/:sectionId" element={<LocationProbe />} />
          <Route path="/event/qr" element={<LocationProbe />} />
          <Route path="/login" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

function heldOrder(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return makeOrder({ expiresAt: new Date(NOW + 10 * 60_000).toISOString(), ...overrides });
}

function bookCalls(fetchMock: jest.Mock): unknown[] {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith(BOOK)).map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}

afterEach(() => {
  jest.useRealTimers();
  window.sessionStorage.clear();
});

test('without navigation state and no live hold: Invalid checkout. Please select seats again.', async () => {
  const fetchMock = mockFetch({ '/api/events/1/my-hold': { body: { success: true, hold: null } } });
  renderCheckout(undefined);
  expect(await screen.findByText('Invalid checkout. Please select seats again.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'Select seats' })).toHaveAttribute('href', '/events/1/seatmap');
  expect(fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname)).toEqual(['/api/events/1/my-hold']);
});

test('without navigation state, logged out: Invalid checkout, and no call', () => {
  const fetchMock = mockFetch({});
  renderCheckout(undefined, null);
  expect(screen.getByText('Invalid checkout. Please select seats again.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'Select seats' })).toHaveAttribute('href', '/events/1/seatmap');
  expect(fetchMock).not.toHaveBeenCalled();
});

test('books once (even in StrictMode) as the logged-in user, then keeps the order id in the navigation state', async () => {
  window.sessionStorage.setItem('booking:selection:1:6', '[12,13]');
  const order = heldOrder();
  const fetchMock = mockFetch({ [BOOK]: { body: { success: true, booked: [12, 13], alreadyBooked: [], order } }, '/api/events/1': { body: { success: true, event: makeEvent({ id: 1, refundDaysBefore: null }) } } });
  renderCheckout(SEATS_STATE);
  expect(await screen.findByText('Successfully booked: 12, 13')).toBeInTheDocument();
  expect(screen.getByText('Successfully booked: 12, 13').closest('[role="status"]')).not.toBeNull();
  expect(bookCalls(fetchMock)).toEqual([{ event_id: 1, section_id: 6, seat_numbers: [12, 13], user_id: USER.user_id }]);
  await waitFor(() => expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/events/1/checkout', state: { ...SEATS_STATE, orderId: 55 } }));
  // The summary comes from the server's order.
  expect(screen.getByText('City Games')).toBeInTheDocument();
  expect(screen.getByText('Lower Box A')).toBeInTheDocument();
  expect(screen.getByText('12, 13')).toBeInTheDocument();
  expect(screen.getByText('₱300.00')).toBeInTheDocument();
  expect(screen.getByText('Full Payment Only')).toBeInTheDocument();
  expect(await screen.findByText('All payments are nonrefundable.')).toBeInTheDocument();
  expect(window.sessionStorage.getItem('booking:selection:1:6')).toBeNull();
  expect(bookCalls(fetchMock)).toHaveLength(1);
});

test("says the event's own refund policy, in the event page's words; SPEC's nonrefundable line only for No refunds", async () => {
  mockFetch({ '/api/orders/55': { body: { success: true, order: heldOrder() } }, '/api/events/1': { body: { success: true, event: makeEvent({ id: 1, refundDaysBefore: 2 }) } } });
  renderCheckout({ ...SEATS_STATE, orderId: 55 });
  expect(await screen.findByText('Refunds: Full refund until 2 days before the start.')).toBeInTheDocument();
  expect(screen.queryByText(/nonrefundable/)).not.toBeInTheDocument();
});

test('a reload (order id in the state) reads the order instead of booking again', async () => {
  const fetchMock = mockFetch({ '/api/orders/55': { body: { success: true, order: heldOrder() } } });
  renderCheckout({ ...SEATS_STATE, orderId: 55 });
  expect(await screen.findByRole('button', { name: 'Pay and Generate QR' })).toBeDisabled();
  expect(bookCalls(fetchMock)).toHaveLength(0);
  expect(screen.queryByText(/Successfully booked/)).not.toBeInTheDocument();
});

test('409: names exactly the seats already booked, as the grid names them, and goes back to choose others', async () => {
  mockFetch({
    [BOOK]: { status: 409, body: { success: false, booked: [], alreadyBooked: [13, 40], error: 'Some seats are already booked' } },
    '/api/sections?event_id=1': { body: { success: true, sections: SECTIONS } },
  });
  renderCheckout({ ...SEATS_STATE, seats: [13, 40] });
  // Lower Box A: rows of 30, so seat 40 is in row B.
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/^Some seats are already booked: A13, B40$/);
  fireEvent.click(screen.getByRole('button', { name: 'Choose other seats' }));
  expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/events/1/seatmap/6', state: { message: 'Some seats are already booked: A13, B40' } });
});

test('403 for a sale with a line and no pass: back to the seats, which show the line; the seats stay chosen', async () => {
  const fetchMock = mockFetch({ [BOOK]: { status: 403, body: { success: false, error: LINE_PASS_REQUIRED } } });
  writeSelection(1, 6, [12, 13]);
  renderCheckout(SEATS_STATE);
  await waitFor(() => expect(readLocation(screen.getByTestId).pathname).toBe('/events/1/seatmap/6'));
  expect(bookCalls(fetchMock)).toHaveLength(1);
  expect(readSelection(1, 6)).toEqual([12, 13]);
});

test('409 when the sections cannot be read: the seats keep their numbers', async () => {
  mockFetch({
    [BOOK]: { status: 409, body: { success: false, booked: [], alreadyBooked: [13], error: 'Some seats are already booked' } },
    '/api/sections?event_id=1': { status: 500, body: { success: false, error: 'boom' } },
  });
  renderCheckout(SEATS_STATE);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Some seats are already booked: 13$/);
});

test.each<[string, MockAnswer | Error, string]>([
  ['a 4xx with the server error', { status: 400, body: { success: false, error: 'Seat 999 is not in this section' } }, 'Failed to book. Seat 999 is not in this section'],
  ['a 5xx without an error text', { status: 500, body: null }, 'Failed to book. Unknown error'],
  ['a 200 that says success: false', { body: { success: false, booked: [], alreadyBooked: [] } }, 'Failed to book. Unknown error'],
  ['a network failure', new TypeError('Failed to fetch'), 'Failed to book seat(s).'],
])('%s', async (_name, answer, message) => {
  mockFetch({ [BOOK]: answer });
  renderCheckout(SEATS_STATE);
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('link', { name: 'Back to seats' })).toHaveAttribute('href', '/events/1/seatmap/6');
});

test('Try again books again after a failure', async () => {
  const fetchMock = mockFetch({
    [BOOK]: [{ status: 503, body: { success: false, error: 'Busy' } }, { body: { success: true, booked: [12, 13], alreadyBooked: [], order: heldOrder() } }],
  });
  renderCheckout(SEATS_STATE);
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to book. Busy');
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Successfully booked: 12, 13')).toBeInTheDocument();
  expect(bookCalls(fetchMock)).toHaveLength(2);
});

test('403 for an unconfirmed email: the message, a new confirmation link to the account\'s address, then Try again books', async () => {
  const unconfirmed = 'Confirm your email address before buying tickets. We sent you a link.';
  const fetchMock = mockFetch({
    [BOOK]: [{ status: 403, body: { success: false, error: unconfirmed } }, { body: { success: true, booked: [12, 13], alreadyBooked: [], order: heldOrder() } }],
    '/api/auth/resend-confirmation': { body: { success: true } },
  });
  renderCheckout(SEATS_STATE);
  expect(await screen.findByRole('alert')).toHaveTextContent(unconfirmed);
  fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
  expect(await screen.findByText(`We sent a new confirmation link to ${USER.email}. Open it, then try again.`)).toBeInTheDocument();
  const resent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/resend-confirmation'));
  expect(resent.map(([, init]) => JSON.parse(String((init as RequestInit).body)))).toEqual([{ email: USER.email }]);
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Successfully booked: 12, 13')).toBeInTheDocument();
  expect(bookCalls(fetchMock)).toHaveLength(2);
});

test('401: asks to log in, with a link that brings the seats back', async () => {
  mockFetch({ [BOOK]: { status: 401, body: { success: false, error: 'Please log in' } } });
  renderCheckout(SEATS_STATE);
  expect(await screen.findByRole('heading', { name: 'Please log in to continue' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
  expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/login', state: { from: { pathname: '/events/1/checkout', state: SEATS_STATE } } });
});

test('logged out: no booking call, a log in prompt', () => {
  const fetchMock = mockFetch({});
  renderCheckout(SEATS_STATE, null);
  expect(screen.getByRole('heading', { name: 'Please log in to continue' })).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

describe('with a held order', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });

  async function flush() {
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
  }

  test('the countdown shows the time left and, at 0, the hold expired and paying is off', async () => {
    mockFetch({ '/api/orders/55': { body: { success: true, order: heldOrder({ expiresAt: new Date(NOW + 65_000).toISOString() }) } } });
    renderCheckout({ ...SEATS_STATE, orderId: 55 });
    await flush();
    expect(screen.getByRole('timer')).toHaveTextContent('Seats held for 01:05');
    fireEvent.click(screen.getByRole('radio', { name: 'GCash' }));
    expect(screen.getByRole('button', { name: 'Pay and Generate QR' })).toBeEnabled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('Seats held for 01:00');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your hold expired. Please select seats again.');
    expect(screen.getByRole('button', { name: 'Pay and Generate QR' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Select seats again' })).toHaveAttribute('href', '/events/1/seatmap/6');
  });

  test('Pay: disabled until a method is chosen, Processing..., /event/qr after 1200 ms, same Idempotency-Key on retry', async () => {
    const paid = heldOrder({ status: 'paid', paymentMethod: 'gcash', paymentType: 'full', tickets: makeTickets() });
    const fetchMock = mockFetch({
      '/api/orders/55': { body: { success: true, order: heldOrder() } },
      '/api/orders/55/pay': [new TypeError('Failed to fetch'), { body: { success: true, order: paid } }],
    });
    renderCheckout({ ...SEATS_STATE, orderId: 55 });
    await flush();
    const methods = screen.getAllByRole('radio');
    expect(methods.map((r) => (r as HTMLInputElement).value)).toEqual(['gcash', 'paymaya', 'bdo', 'visa']);
    expect(methods.map((r) => r.closest('label')?.textContent)).toEqual(['GCash', 'PayMaya', 'BDO', 'VISA']);
    const pay = screen.getByRole('button', { name: 'Pay and Generate QR' });
    expect(pay).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'GCash' }));
    expect(pay).toBeEnabled();

    // First attempt: the answer is lost.
    fireEvent.click(pay);
    expect(pay).toHaveTextContent('Processing...');
    expect(pay).toBeDisabled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_200);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not reach the payment service');
    expect(pay).toHaveTextContent('Pay and Generate QR');

    // Retry: same key, and the QR page only after the pay delay.
    fireEvent.click(pay);
    expect(pay).toHaveTextContent('Processing...');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_199);
    });
    expect(readLocation(screen.getByTestId).pathname).toBe('/events/1/checkout');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/event/qr', state: { order: paid } });

    const payCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/orders/55/pay'));
    expect(payCalls).toHaveLength(2);
    const keys = payCalls.map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(payCalls.map(([, init]) => JSON.parse(String((init as RequestInit).body)))).toEqual([
      { paymentMethod: 'gcash', paymentType: 'full' },
      { paymentMethod: 'gcash', paymentType: 'full' },
    ]);
    expect(window.sessionStorage.getItem('booking:pay-key:55')).toBeNull();
  });

  test('410 on pay: the server message, and paying is off', async () => {
    mockFetch({
      '/api/orders/55': { body: { success: true, order: heldOrder() } },
      '/api/orders/55/pay': { status: 410, body: { success: false, error: 'This hold has expired. Please select seats again.' } },
    });
    renderCheckout({ ...SEATS_STATE, orderId: 55 });
    await flush();
    fireEvent.click(screen.getByRole('radio', { name: 'VISA' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay and Generate QR' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_200);
    });
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toContain('This hold has expired. Please select seats again.');
    expect(screen.getByRole('button', { name: 'Pay and Generate QR' })).toBeDisabled();
  });

  test('a paid order opened again offers its QR', async () => {
    const paid = heldOrder({ status: 'paid', paymentMethod: 'bdo', paymentType: 'full', tickets: makeTickets() });
    mockFetch({ '/api/orders/55': { body: { success: true, order: paid } } });
    renderCheckout({ ...SEATS_STATE, orderId: 55 });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Show QR' }));
    expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/event/qr', state: { order: paid } });
  });
});

test('an order paid by an earlier attempt whose answer was lost (409 on retry) opens its QR', async () => {
  jest.useFakeTimers({ now: NOW });
  const paid = heldOrder({ status: 'paid', paymentMethod: 'gcash', paymentType: 'full', tickets: makeTickets() });
  let payAttempted = false;
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/orders/55/pay') {
      payAttempted = true;
      return { ok: false, status: 409, headers: new Headers(), json: async () => ({ success: false, error: 'This order is already paid.' }) } as Response;
    }
    if (path === '/api/orders/55') {
      return { ok: true, status: 200, headers: new Headers(), json: async () => ({ success: true, order: payAttempted ? paid : heldOrder() }) } as Response;
    }
    throw new Error(`Unexpected fetch ${path}`);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  renderCheckout({ ...SEATS_STATE, orderId: 55 });
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  fireEvent.click(screen.getByRole('radio', { name: 'PayMaya' }));
  fireEvent.click(screen.getByRole('button', { name: 'Pay and Generate QR' }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1_200);
  });
  await waitFor(() => expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/event/qr', state: { order: paid } }));
});
