import { render, screen, within } from './support/render';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QRCodeSVG } from 'qrcode.react';
import { QrPage } from '../src/features/qr/qr-page';
import { makeOrder } from './support/booking-fixtures';

const PAYLOAD = JSON.stringify({ ticket_id: 't-1', event_id: 1, section_id: 6, seats: [12, 13], paymentType: 'full', paymentMethod: 'gcash', totalAmount: 300, sig: 'abc' });

function renderQr(state: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/event/qr', state }]}>
      <Routes>
        <Route path="/event/qr" element={<QrPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The module path of a QR code for `value` drawn with SPEC's settings. */
function qrPath(value: string): string | null {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<QRCodeSVG value={value} level="L" size={240} marginSize={4} boostLevel={false} />);
  return host.querySelectorAll('path')[1]?.getAttribute('d') ?? null;
}

test('a paid order: Payment Successful!, the QR of its signed payload, and the summary', () => {
  const order = makeOrder({ status: 'paid', paymentType: 'full', paymentMethod: 'gcash', qr: PAYLOAD });
  const { container } = renderQr({ order });
  expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
  const svg = screen.getByRole('img', { name: 'Ticket QR code' });
  expect(svg.tagName.toLowerCase()).toBe('svg');
  expect(svg).toHaveAttribute('width', '240');
  expect(svg.querySelector('title')).toHaveTextContent('Ticket QR code');
  const drawn = svg.querySelectorAll('path')[1]?.getAttribute('d');
  expect(drawn).toBe(qrPath(PAYLOAD));
  expect(drawn).not.toBe(qrPath(`${PAYLOAD} `));

  const summary = container.querySelector('dl') as HTMLElement;
  const value = (term: string) => within(summary).getByText(term).nextElementSibling?.textContent;
  expect(value('Event')).toBe('City Games');
  expect(value('Section')).toBe('Lower Box A');
  expect(value('Seats')).toBe('12, 13');
  expect(value('Total')).toBe('₱300.00');
  expect(value('Payment type')).toBe('Full');
  expect(value('Payment method')).toBe('GCash');
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test.each([
  ['no state', undefined],
  ['an order that is not paid', { order: makeOrder({ status: 'held' }) }],
  ['a paid order without its QR text', { order: makeOrder({ status: 'paid' }) }],
  ['something else', { order: 'nope' }],
])('%s: Invalid QR page. No data found.', (_name, state) => {
  renderQr(state);
  expect(screen.getByText('Invalid QR page. No data found.')).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: 'Ticket QR code' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});
