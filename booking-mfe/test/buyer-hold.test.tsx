// The buyer's one hold in the booking pages (shown as theirs on the grid, changed by
// checkout, released from checkout and My Tickets, a notice a minute before it runs out), free
// orders (no method asked, Free on the ticket) and seats named as the grid names them.
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OrderSummary } from '@sports/contracts';
import { CheckoutPage } from '../src/features/checkout/checkout-page';
import { QrPage } from '../src/features/qr/qr-page';
import { SectionPage } from '../src/features/section/section-page';
import { TicketsPage } from '../src/features/tickets/tickets-page';
import { LINE_OPEN, LocationProbe, SECTIONS, USER, makeOrder, makeTicket, makeTickets, readLocation, readyGrid } from './support/booking-fixtures';
import { makeEvent, mockFetch } from './support/fetch-mock';

const NOW = Date.parse('2099-05-01T00:00:00.000Z');
const BOOK = '/backend/api/book-seats.php';

function held(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return makeOrder({ expiresAt: new Date(NOW + 10 * 60_000).toISOString(), seatNames: ['A12', 'A13'], ...overrides });
}

function renderAt(path: string, state: unknown, page: React.ReactElement) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </StrictMode>,
  );
}

async function flush() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
}

afterEach(() => {
  jest.useRealTimers();
  window.sessionStorage.clear();
});

describe('the seat grid with the buyer\'s hold', () => {
  test('held seats are the buyer\'s own and selected, not Reserved; Checkout names the hold to change', async () => {
    const hold = held({ section: { id: 6, label: 'Lower Box A' }, seats: [3, 4], seatNames: ['A3', 'A4'], expiresAt: '2999-01-01T00:00:00.000Z' });
    mockFetch({
      '/api/events/1': { body: { success: true, event: makeEvent({ id: 1, title: 'City Games', price: 150 }) } },
      '/api/sections?event_id=1': { body: { success: true, sections: SECTIONS } },
      '/api/events/1/line': LINE_OPEN,
      '/backend/api/get-booked-seats.php?event_id=1&section_id=6': { body: { bookedSeats: [3, 4, 9] } },
      '/api/my/orders': { body: { success: true, orders: [hold] } },
    });
    render(
      <MemoryRouter initialEntries={['/events/1/seatmap/6']}>
        <Routes>
          <Route path="/events/:id/seatmap/:sectionId" element={<SectionPage user={USER} />} />
          <Route path="/events/:id/checkout" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>,
    );
    const grid = await readyGrid('Lower Box A');
    await waitFor(() => expect(grid.querySelector('[data-seat="3"]')).toHaveAttribute('aria-pressed', 'true'));
    expect(grid.querySelector('[data-seat="4"]')).toHaveAttribute('aria-label', 'Row A, seat 4, selected');
    expect(grid.querySelector('[data-seat="9"]')).toHaveAttribute('aria-label', 'Row A, seat 9, reserved');
    expect(screen.getByText('Seats A3, A4 are held for you. Change the selection and check out to update your hold.')).toBeInTheDocument();
    // Change the selection: drop 3, add 5 (row A holds 30 seats of 150).
    fireEvent.click(grid.querySelector('[data-seat="3"]') as HTMLElement);
    fireEvent.click(grid.querySelector('[data-seat="5"]') as HTMLElement);
    // The summary follows the seats a frame later.
    expect(await screen.findByText('Seats: A4, A5')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/events/1/checkout', state: { eventId: 1, sectionId: 6, seats: [4, 5], holdId: 55 } });
  });
});

describe('checkout', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });

  test('a booking with a hold changes that hold (order_id) and names the seats A12, A13', async () => {
    const fetchMock = mockFetch({ [BOOK]: { body: { success: true, booked: [12, 13], alreadyBooked: [], order: held() } } });
    renderAt('/events/1/checkout', { eventId: 1, sectionId: 6, seats: [12, 13], holdId: 55 }, <CheckoutPage user={USER} />);
    await flush();
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith(BOOK)).map(([, init]) => JSON.parse(String((init as RequestInit).body)));
    expect(calls).toEqual([{ event_id: 1, section_id: 6, seat_numbers: [12, 13], user_id: USER.user_id, order_id: 55 }]);
    expect(screen.getByText('Successfully booked: A12, A13')).toBeInTheDocument();
    expect(screen.getByText('A12, A13')).toBeInTheDocument();
  });

  test('a minute before the hold runs out, a notice says so', async () => {
    mockFetch({ '/api/orders/55': { body: { success: true, order: held({ expiresAt: new Date(NOW + 61_000).toISOString() }) } } });
    renderAt('/events/1/checkout', { eventId: 1, sectionId: 6, seats: [12, 13], orderId: 55 }, <CheckoutPage user={USER} />);
    await flush();
    expect(screen.queryByText(/Less than a minute left/)).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByText('Less than a minute left on your hold. Pay now, or your seats will be released.')).toBeInTheDocument();
  });

  test('Release seats gives the hold back and returns to the grid with a notice', async () => {
    const fetchMock = mockFetch({
      '/api/orders/55': { body: { success: true, order: held() } },
      '/api/orders/55/release': { body: { success: true, order: held({ status: 'expired' }) } },
    });
    renderAt('/events/1/checkout', { eventId: 1, sectionId: 6, seats: [12, 13], orderId: 55 }, <CheckoutPage user={USER} />);
    await flush();
    expect(screen.getByRole('link', { name: 'Change seats' })).toHaveAttribute('href', '/events/1/seatmap/6');
    fireEvent.click(screen.getByRole('button', { name: 'Release seats' }));
    // Asked first: nothing is released until the dialog's confirm.
    const dialog = screen.getByRole('dialog', { name: 'Release these seats?' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/release'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release seats' }));
    await flush();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/orders/55/release') && (init as RequestInit).method === 'POST')).toBe(true);
    expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/events/1/seatmap/6', state: { message: 'Your seats were released.' } });
  });

  test('a free order asks for no method: Get tickets works at once, and pays with no method', async () => {
    const free = held({ totalAmount: 0 });
    const paid = held({ totalAmount: 0, status: 'paid', paymentType: 'full', tickets: makeTickets() });
    const fetchMock = mockFetch({ '/api/orders/55': { body: { success: true, order: free } }, '/api/orders/55/pay': { body: { success: true, order: paid } } });
    renderAt('/events/1/checkout', { eventId: 1, sectionId: 6, seats: [12, 13], orderId: 55 }, <CheckoutPage user={USER} />);
    await flush();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByText('This event is free: your tickets cost nothing.')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Get tickets' });
    expect(pay).toBeEnabled();
    fireEvent.click(pay);
    // The payment's pending state reaches the page on the query client's next tick.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(pay).toHaveTextContent('Getting your tickets…');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_200);
    });
    expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/event/qr', state: { order: paid } });
    const body = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/pay')).map(([, init]) => JSON.parse(String((init as RequestInit).body)));
    expect(body).toEqual([{ paymentType: 'full' }]);
  });
});

describe('the ticket', () => {
  test('a free ticket says Free, never a method; seats A12, A13; Add to calendar downloads the .ics', () => {
    const order = held({ status: 'paid', totalAmount: 0, paymentType: 'full', tickets: makeTickets() });
    mockFetch({});
    renderAt('/event/qr', { order }, <QrPage />);
    expect(screen.getByText('Price').nextSibling).toHaveTextContent('Free');
    expect(screen.queryByText(/GCash|PayMaya|BDO|VISA/)).not.toBeInTheDocument();
    expect(screen.getByText('A12, A13')).toBeInTheDocument();
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar.getAttribute('href')).toMatch(/\/api\/orders\/55\/calendar\.ics$/);
    expect(calendar).toHaveAttribute('download', 'ticket-55.ics');
  });
});

describe('My Tickets', () => {
  test('a held order offers Release seats (asked first); a free ticket says Price Free; seats are named', async () => {
    const hold = held({ orderId: 56, expiresAt: '2999-01-01T00:00:00.000Z' });
    const free = held({ orderId: 57, status: 'paid', totalAmount: 0, paymentType: 'full', tickets: [makeTicket({ seat: 40, seatName: 'B40' })], seatNames: ['B40'], seats: [40] });
    const fetchMock = mockFetch({
      '/api/my/orders': [{ body: { success: true, orders: [hold, free] } }, { body: { success: true, orders: [held({ orderId: 56, status: 'expired' }), free] } }],
      '/api/my/reviews': { body: { success: true, reviews: [] } },
      '/api/orders/56/release': { body: { success: true, order: held({ orderId: 56, status: 'expired' }) } },
    });
    renderAt('/my-tickets', undefined, <TicketsPage user={USER} />);
    const release = await screen.findByRole('button', { name: 'Release seats A12, A13 of City Games' });
    expect(screen.getByText('Price').nextSibling).toHaveTextContent('Free');
    expect(screen.queryByText('Paid with')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ticket QR code, seat B40' })).toBeInTheDocument();
    fireEvent.click(release);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Release these seats?' })).getByRole('button', { name: 'Release seats' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Release seats A12/ })).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/orders/56/release'))).toBe(true);
  });
});
