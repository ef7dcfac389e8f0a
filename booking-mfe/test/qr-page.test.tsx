import { fireEvent, render, screen, within } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QrPage } from '../src/features/qr/qr-page';
import { LocationProbe, makeOrder, makeTicket } from './support/booking-fixtures';
import { mockFetch } from './support/fetch-mock';
import { drawnPath, qrPath } from './support/qr-path';
import { catchSavedFiles, pdfPageCount } from './support/saved-files';
import { makeTicketView } from './support/ticket-fixtures';

const payload = (seat: number) =>
  JSON.stringify({ ticket_id: `t-${seat}`, event_id: 1, section_id: 6, seats: [12, 13, 14], seat, paymentType: 'full', paymentMethod: 'gcash', totalAmount: 450, sig: 'abc' });

const TICKETS = [
  makeTicket({ seat: 12, qr: payload(12), code: 'K7QX-3MPD-9W' }),
  makeTicket({ seat: 13, qr: payload(13), code: 'H4TR-8NVB-2C', checkedInAt: '2099-06-01T09:30:00.000Z' }),
  makeTicket({ seat: 14, qr: payload(14), code: 'ZZ2A-7KPE-5M' }),
];
const PAID = makeOrder({ status: 'paid', paymentType: 'full', paymentMethod: 'gcash', seats: [12, 13, 14], totalAmount: 450, tickets: TICKETS });

function renderQr(state: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/event/qr', state }]}>
      <Routes>
        <Route path="/event/qr" element={<QrPage />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

test('a paid order of three seats: Payment Successful!, three QR codes, each with its seat, code and own page, and the summary', () => {
  const { container } = renderQr({ order: PAID });
  expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
  const codes = screen.getAllByRole('img', { name: /^Ticket QR code/ });
  expect(codes.map((svg) => svg.getAttribute('aria-label'))).toEqual(['Ticket QR code, seat A12', 'Ticket QR code, seat A13', 'Ticket QR code, seat A14']);
  codes.forEach((svg, i) => {
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg).toHaveAttribute('width', '240');
    // Each draws its own seat's signed text, at SPEC's level L.
    expect(drawnPath(svg)).toBe(qrPath(TICKETS[i]?.qr ?? ''));
  });
  expect(drawnPath(codes[0] as Element)).not.toBe(drawnPath(codes[1] as Element));

  const cards = codes.map((svg) => svg.closest('li') as HTMLElement);
  expect(cards.map((card) => within(card).getByText(/^Seat /).textContent)).toEqual(['Seat A12', 'Seat A13', 'Seat A14']);
  expect(cards.map((card) => card.querySelector('code')?.textContent)).toEqual(['K7QX-3MPD-9W', 'H4TR-8NVB-2C', 'ZZ2A-7KPE-5M']);
  expect(cards.map((card) => within(card).queryByText(/^Checked in/) !== null)).toEqual([false, true, false]);
  expect(within(cards[2] as HTMLElement).getByRole('link', { name: 'Open ticket for seat A14' })).toHaveAttribute('href', `/tickets/${TICKETS[2]?.ticketId}`);

  const summary = container.querySelector('dl') as HTMLElement;
  const value = (term: string) => within(summary).getByText(term).nextElementSibling?.textContent;
  expect(value('Event')).toBe('City Games');
  expect(value('Section')).toBe('Lower Box A');
  expect(value('Seats')).toBe('12, 13, 14');
  expect(value('Total')).toBe('₱450.00');
  expect(value('Payment type')).toBe('Full');
  expect(value('Payment method')).toBe('GCash');
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('an open ticket link goes to that ticket\'s page', () => {
  renderQr({ order: PAID });
  fireEvent.click(screen.getByRole('link', { name: 'Open ticket for seat A13' }));
  expect(screen.getByTestId('location')).toHaveTextContent(`/tickets/${TICKETS[1]?.ticketId}`);
});

test('Download PDF saves one PDF with a page per ticket, made from each ticket\'s page data', async () => {
  const files = catchSavedFiles();
  const fetchMock = mockFetch(Object.fromEntries(TICKETS.map((t) => [`/api/tickets/${t.ticketId}`, { body: makeTicketView(t, { ticketsInOrder: 3 }) }])));
  try {
    renderQr({ order: PAID });
    const button = screen.getByRole('button', { name: 'Download PDF of all 3 tickets' });
    fireEvent.click(button);
    expect(button).toHaveTextContent('Preparing PDF…');
    expect(await screen.findByRole('button', { name: 'Download PDF of all 3 tickets' })).toBeEnabled();
    const file = await files.next();
    expect(file.name).toBe('tickets-order-55.pdf');
    expect(file.type).toBe('application/pdf');
    expect(Buffer.from(file.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(await pdfPageCount(file.bytes)).toBe(3);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  } finally {
    files.restore();
  }
});

test('a ticket page that cannot be read: the PDF is not made and the visitor is told', async () => {
  const files = catchSavedFiles();
  mockFetch({ [`/api/tickets/${TICKETS[0]?.ticketId}`]: { status: 500, body: { success: false, error: 'boom' } }, ...Object.fromEntries(TICKETS.slice(1).map((t) => [`/api/tickets/${t.ticketId}`, { body: makeTicketView(t) }])) });
  try {
    renderQr({ order: PAID });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF of all 3 tickets' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The ticketing server had a problem. Please try again in a moment.');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  } finally {
    files.restore();
  }
});

test.each([
  ['no state', undefined],
  ['an order that is not paid', { order: makeOrder({ status: 'held' }) }],
  ['a paid order without its tickets', { order: makeOrder({ status: 'paid' }) }],
  ['a paid order with no ticket', { order: makeOrder({ status: 'paid', tickets: [] }) }],
  ['something else', { order: 'nope' }],
])('%s: Invalid QR page. No data found.', (_name, state) => {
  renderQr(state);
  expect(screen.getByText('Invalid QR page. No data found.')).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: /^Ticket QR code/ })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});
