import { act, fireEvent, render, screen, within } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import { TicketPage } from '../src/features/ticket/ticket-page';
import { makeTicket } from './support/booking-fixtures';
import { mockFetch } from './support/fetch-mock';
import { drawnPath, qrPath } from './support/qr-path';
import { catchSavedFiles, pdfPageCount } from './support/saved-files';
import { makeTicketView } from './support/ticket-fixtures';

const TICKET = makeTicket({ seat: 14, code: 'K7QX-3MPD-9W', qr: '{"ticket_id":"t-14","seat":14,"sig":"abc"}' });
const URL_PATH = `/api/tickets/${TICKET.ticketId}`;

function renderTicket(ticketId: string = TICKET.ticketId) {
  return render(
    <MemoryRouter initialEntries={[`/tickets/${ticketId}`]}>
      <Routes>
        <Route path="/tickets/:ticketId" element={<TicketPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

test('shows the event, date and time, venue, section, seat, holder, the QR and the code, for anyone with the link', async () => {
  const fetchMock = mockFetch({ [URL_PATH]: { body: makeTicketView(TICKET) } });
  const { container } = renderTicket();
  expect(screen.getByRole('status')).toHaveTextContent('Loading the ticket…');
  expect(await screen.findByRole('heading', { level: 1, name: 'City Games' })).toBeInTheDocument();
  const facts = container.querySelector('dl') as HTMLElement;
  const value = (term: string) => within(facts).getByText(term).nextElementSibling?.textContent;
  expect(value('Date')).toBe('Mon, Jun 1, 2099, 8:00 AM');
  expect(value('Venue')).toBe('City Sports Complex Arena');
  expect(value('Section')).toBe('Lower Box A');
  expect(value('Seat')).toBe('A14');
  expect(value('Holder')).toBe('Vi Sitor');
  const qr = screen.getByRole('img', { name: 'Ticket QR code, seat A14' });
  expect(qr).toHaveAttribute('width', '240');
  expect(drawnPath(qr)).toBe(qrPath(TICKET.qr));
  expect(screen.getByText('K7QX-3MPD-9W')).toBeInTheDocument();
  expect(screen.queryByText(/^Checked in/)).not.toBeInTheDocument();
  // No session needed: the call carries nothing but the id.
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('textbox', { name: 'Ticket link' })).toHaveValue(`http://localhost/tickets/${TICKET.ticketId}`);
});

test('a ticket used at the gate says Checked in', async () => {
  mockFetch({ [URL_PATH]: { body: makeTicketView({ ...TICKET, checkedInAt: '2099-06-01T01:00:00.000Z' }) } });
  renderTicket();
  expect(await screen.findByText(/^Checked in/)).toBeInTheDocument();
});

test('Copy link copies the ticket\'s address and says so; a refused copy selects the link instead', async () => {
  mockFetch({ [URL_PATH]: { body: makeTicketView(TICKET) } });
  const writeText = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderTicket();
  const copy = await screen.findByRole('button', { name: 'Copy link' });
  await act(async () => fireEvent.click(copy));
  expect(writeText).toHaveBeenCalledWith(`http://localhost/tickets/${TICKET.ticketId}`);
  expect(screen.getByText('Link copied.')).toBeInTheDocument();
  await act(async () => fireEvent.click(copy));
  expect(screen.getByText(/the link is selected/)).toBeInTheDocument();
  const field = screen.getByRole('textbox', { name: 'Ticket link' }) as HTMLInputElement;
  expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
});

test('Download PDF saves this ticket alone: a PDF of one page', async () => {
  const files = catchSavedFiles();
  mockFetch({ [URL_PATH]: { body: makeTicketView(TICKET) } });
  try {
    renderTicket();
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeEnabled();
    const file = await files.next();
    expect(file).toMatchObject({ name: 'ticket-K7QX-3MPD-9W.pdf', type: 'application/pdf' });
    expect(await pdfPageCount(file.bytes)).toBe(1);
  } finally {
    files.restore();
  }
});

test('an unknown ticket id: Ticket not found', async () => {
  mockFetch({ '/api/tickets/nope': { status: 404, body: { success: false, error: 'Ticket not found' } } });
  renderTicket('nope');
  expect(await screen.findByRole('heading', { level: 1, name: 'Ticket not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('a failure that is not a 404 offers Retry', async () => {
  mockFetch({ [URL_PATH]: [{ status: 500, body: { success: false, error: 'boom' } }, { body: makeTicketView(TICKET) }] });
  renderTicket();
  expect(await screen.findByRole('alert')).toHaveTextContent('This ticket could not be loaded');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'City Games' })).toBeInTheDocument();
});
