import { PDFDocument } from 'pdf-lib';
import { ticketsPdf } from '../src/shared/tickets/ticket-pdf';
import type { PdfTicket } from '../src/shared/tickets/pdf-ticket';
import { qrModulesPath } from '../src/shared/tickets/qr-modules';

const ticket = (seatName: string, overrides: Partial<PdfTicket> = {}): PdfTicket => ({
  eventTitle: 'City Games',
  when: 'Mon, Jun 1, 2099, 8:00 AM',
  venue: 'City Sports Complex Arena',
  section: 'Lower Box A',
  seatName,
  category: 'Regular',
  holder: 'Vi Sitor',
  code: 'K7QX-3MPD-9W',
  qr: `{"ticket_id":"t-${seatName}","sig":"abc"}`,
  ...overrides,
});

const pageObjects = (bytes: Uint8Array) => (Buffer.from(bytes).toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;

test('one page per ticket, each a plain /Type /Page object', async () => {
  const bytes = await ticketsPdf([ticket('A12'), ticket('A13'), ticket('A14')]);
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  expect(pageObjects(bytes)).toBe(3);
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBe(3);
  expect(doc.getTitle()).toBe('Tickets: City Games');
  expect((await ticketsPdf([ticket('B40')])).length).toBeGreaterThan(0);
  expect((await PDFDocument.load(await ticketsPdf([ticket('B40')]))).getTitle()).toBe('Ticket: City Games, seat B40');
});

test('names the standard fonts cannot print, and very long titles, still make a page', async () => {
  const long = 'The Grand Inter-Barangay Basketball Championship Final Between Every Team Of The City '.repeat(4);
  const bytes = await ticketsPdf([ticket('A1', { eventTitle: `🏀 ${long}`, holder: 'José Dela Cruz 李小龍', venue: 'Arena\nNorth' })]);
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
});

test('the QR path has one square of the quiet zone on each side and draws only dark modules', () => {
  const { path, side } = qrModulesPath('{"ticket_id":"t-1"}');
  // Version 2 at level L is 25 modules, plus 4 on each side.
  expect(side).toBe(33);
  expect(path.startsWith('M4 4h7v1h-7z')).toBe(true);
  expect(path).not.toMatch(/M[0-3] /);
});
