/**
 * axe-core over the booking steps as rendered in jsdom (no layout, so colour contrast is left to the
 * browser tests): no serious or critical violation (PRODUCT §8).
 */
import axe from 'axe-core';
import { act, fireEvent, render, screen } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CheckoutPage } from '../src/features/checkout/checkout-page';
import { QrPage } from '../src/features/qr/qr-page';
import { SeatmapPage } from '../src/features/seatmap/seatmap-page';
import { SectionPage } from '../src/features/section/section-page';
import { TicketPage } from '../src/features/ticket/ticket-page';
import { TicketsPage } from '../src/features/tickets/tickets-page';
import { LINE_OPEN, SECTIONS, USER, makeOrder, makeTickets, readyGrid } from './support/booking-fixtures';
import { makeEvent, mockFetch } from './support/fetch-mock';
import { makeTicketView } from './support/ticket-fixtures';

async function expectNoSeriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const EVENT = makeEvent({ id: 1, title: 'City Games', price: 150, isFree: false, time: '8:00 AM' });
const held = makeOrder({ expiresAt: '2099-06-01T00:10:00.000Z' });

beforeAll(() => {
  // jsdom has no canvas; axe only uses it to spot icon ligatures, and copes with none.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
});

beforeEach(() => {
  mockFetch({
    '/api/events/1': { body: { success: true, event: EVENT } },
    '/api/sections?event_id=1': { body: { success: true, sections: SECTIONS } },
    '/api/events/1/line': LINE_OPEN,
    '/api/events/1/availability': { body: { success: true, sections: SECTIONS.map((s) => ({ sectionId: s.id, capacity: s.capacity, available: s.id === 9 ? 0 : 5, price: 150 })) } },
    '/backend/api/get-booked-seats.php?event_id=1&section_id=1': { body: { bookedSeats: [3, 4] } },
    '/api/orders/55': { body: { success: true, order: held } },
    '/api/my/orders': { body: { success: true, orders: [held, makeOrder({ orderId: 56, status: 'paid', tickets: makeTickets(), paymentMethod: 'gcash', paymentType: 'full' })] } },
  });
});

test('seat map', async () => {
  const { container } = render(
    <MemoryRouter initialEntries={['/events/1/seatmap']}>
      <Routes>
        <Route path="/events/:id/seatmap" element={<SeatmapPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findAllByText('5 seats left');
  fireEvent.click(screen.getByRole('button', { name: /^Upper Box D\b/ }));
  await expectNoSeriousViolations(container);
});

test('seat grid', async () => {
  const { container } = render(
    <MemoryRouter initialEntries={['/events/1/seatmap/1']}>
      <Routes>
        <Route path="/events/:id/seatmap/:sectionId" element={<SectionPage user={USER} />} />
      </Routes>
    </MemoryRouter>,
  );
  await readyGrid('Upper Box D');
  fireEvent.click(screen.getByRole('button', { name: 'Row A, seat 1, available' }));
  await expectNoSeriousViolations(container);
});

test('checkout with a held order', async () => {
  const { container } = render(
    <MemoryRouter initialEntries={[{ pathname: '/events/1/checkout', state: { eventId: 1, sectionId: 6, seats: [12, 13], orderId: 55 } }]}>
      <Routes>
        <Route path="/events/:id/checkout" element={<CheckoutPage user={USER} />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('button', { name: 'Pay and Generate QR' });
  await expectNoSeriousViolations(container);
});

test('ticket QR and my tickets', async () => {
  const paid = makeOrder({ status: 'paid', tickets: makeTickets(), paymentMethod: 'gcash', paymentType: 'full' });
  const qr = render(
    <MemoryRouter initialEntries={[{ pathname: '/event/qr', state: { order: paid } }]}>
      <QrPage />
    </MemoryRouter>,
  );
  await expectNoSeriousViolations(qr.container);
  qr.unmount();

  const tickets = render(
    <MemoryRouter initialEntries={['/my-tickets']}>
      <TicketsPage user={USER} />
    </MemoryRouter>,
  );
  await screen.findAllByRole('listitem');
  await act(async () => {});
  await expectNoSeriousViolations(tickets.container);
});

test('one ticket\'s page', async () => {
  const view = makeTicketView();
  mockFetch({ [`/api/tickets/${view.ticket.ticketId}`]: { body: view } });
  const { container } = render(
    <MemoryRouter initialEntries={[`/tickets/${view.ticket.ticketId}`]}>
      <Routes>
        <Route path="/tickets/:ticketId" element={<TicketPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: 'City Games' });
  await expectNoSeriousViolations(container);
});
