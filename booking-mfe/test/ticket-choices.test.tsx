// Checkout's ticket categories and promo code: the buyer sends choices only, sees the server's
// price of each ticket, and cannot pay a price they have not seen.
import { act, fireEvent, render, screen, within } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OrderSummary } from '@sports/contracts';
import { CheckoutPage } from '../src/features/checkout/checkout-page';
import { CHOICES_CHANGED, DISCOUNTS_DO_NOT_STACK } from '../src/features/checkout/ticket-choices';
import { USER, makeOrder } from './support/booking-fixtures';
import { makeEvent, mockFetch } from './support/fetch-mock';

const NOW = Date.parse('2099-05-01T00:00:00.000Z');
const HELD = makeOrder({
  seats: [3, 4],
  seatNames: ['A3', 'A4'],
  totalAmount: 2400,
  expiresAt: new Date(NOW + 9 * 60_000).toISOString(),
});
const PRICED: OrderSummary = {
  ...HELD,
  totalAmount: 1860,
  promoCode: 'FAMILY25',
  lines: [
    { seat: 3, seatName: 'A3', category: 'regular', basePrice: 1200, discount: 300, discountKind: 'code', price: 900 },
    { seat: 4, seatName: 'A4', category: 'senior', idNumber: '1234-5678', basePrice: 1200, discount: 240, discountKind: 'law', price: 960 },
  ],
};
const EVENT = makeEvent({ id: 1, ticketCategories: [{ category: 'student', discountPercent: 10 }, { category: 'senior', discountPercent: 20 }] });

async function flush() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
}

function renderCheckout() {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/events/1/checkout' }]}>
      <Routes>
        <Route path="/events/:id/checkout" element={<CheckoutPage user={USER} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('checkout: tickets and promo code', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  test('offers the event’s categories, asks the OSCA ID of a Senior Citizen ticket, and shows the server’s breakdown', async () => {
    const fetchMock = mockFetch({
      '/api/events/1/my-hold': { body: { success: true, hold: HELD } },
      '/api/events/1': { body: { success: true, event: EVENT } },
      '/api/orders/55/tickets': { body: { success: true, order: PRICED } },
    });
    renderCheckout();
    await flush();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    const seatA4 = screen.getByLabelText('Ticket for A4');
    expect(within(seatA4).getAllByRole('option').map((o) => o.textContent)).toEqual(['Regular', 'Student (10% off)', 'Senior Citizen (20% off by law)']);
    fireEvent.change(seatA4, { target: { value: 'senior' } });
    fireEvent.change(screen.getByLabelText('OSCA ID number for A4'), { target: { value: '1234-5678' } });
    // One discount a ticket: the buyer is told before choosing a code.
    expect(screen.getByLabelText('Promo code')).toHaveAccessibleDescription(DISCOUNTS_DO_NOT_STACK);
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'family25' } });
    fireEvent.click(screen.getByRole('radio', { name: 'GCash' }));
    // A price the buyer has not seen cannot be paid.
    expect(screen.getByRole('button', { name: 'Pay and Generate QR' })).toBeDisabled();
    expect(screen.getByText(CHOICES_CHANGED)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Update price' }));
    await flush();
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/orders/55/tickets'));
    expect(put?.[1]).toMatchObject({ method: 'PUT' });
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({
      tickets: [
        { seat: 3, category: 'regular' },
        { seat: 4, category: 'senior', idNumber: '1234-5678' },
      ],
      promoCode: 'family25',
    });
    expect(screen.getByText('Price updated.')).toBeInTheDocument();
    expect(screen.getByText('₱1,860.00')).toBeInTheDocument();
    expect(screen.getByText('−₱240.00 Senior Citizen discount by law')).toBeInTheDocument();
    expect(screen.getByText('−₱300.00 promo code FAMILY25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay and Generate QR' })).toBeEnabled();
  });

  test('shows the server’s refusal of a promo code and keeps payment held back', async () => {
    mockFetch({
      '/api/events/1/my-hold': { body: { success: true, hold: HELD } },
      '/api/events/1': { body: { success: true, event: EVENT } },
      '/api/orders/55/tickets': { status: 409, body: { success: false, error: 'This promo code has been used up.' } },
    });
    renderCheckout();
    await flush();
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'GONE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update price' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('This promo code has been used up.');
    expect(screen.getByText('₱2,400.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay and Generate QR' })).toBeDisabled();
  });
});
