// The confirmation mail of a paid order, built from the order as the mail reads it: every seat's
// ticket with its code, its own QR image and the link to its page.
import QRCode from 'qrcode';
import type { OrderTicket } from '@sports/contracts';
import { DEV_SITE_ORIGIN, qrFileName, ticketMail, ticketPageUrl } from '../src/mail/ticket-mail';
import type { PaidTicket } from '../src/mail/ticket-mail';
import type { OrderRow } from '../src/orders/order.repository';

const TICKETS: OrderTicket[] = [
  { ticketId: 'AAAAAAAAAAAAAAAAAAAAAA', seat: 3, seatName: 'A3', code: 'K7QX-3MPD-9W', qr: '{"ticket_id":"AAAAAAAAAAAAAAAAAAAAAA","seat":3,"sig":"x"}', checkedInAt: null, category: 'regular' },
  { ticketId: 'BBBBBBBBBBBBBBBBBBBBBB', seat: 4, seatName: 'A4', code: 'H4TR-8NVB-2C', qr: '{"ticket_id":"BBBBBBBBBBBBBBBBBBBBBB","seat":4,"sig":"y"}', checkedInAt: null, category: 'regular' },
  { ticketId: 'CCCCCCCCCCCCCCCCCCCCC-', seat: 32, seatName: 'B32', code: 'ZZ2A-7KPE-5M', qr: '{"ticket_id":"CCCCCCCCCCCCCCCCCCCCC-","seat":32,"sig":"z"}', checkedInAt: null, category: 'regular' },
];

function paidTicket(overrides: Partial<OrderRow> = {}, tickets: OrderTicket[] = TICKETS, refundDaysBefore: number | null = 2): PaidTicket {
  const row = {
    id: 812,
    event_title: 'City Games',
    event_date: '2099-06-01',
    event_time: '8:00 AM',
    section_label: 'Upper Box D',
    seats: tickets.map((t) => t.seat),
    total_amount: 450,
    lines: tickets.map((t) => ({ seat: t.seat, category: 'regular', id_number: null, base_price: 150, discount: 0, discount_kind: null, price: 150 })),
    promo_code: null,
    payment_method: 'gcash',
    ...overrides,
  } as OrderRow;
  return { row, context: { email: 'vi@example.test', first_name: 'Vi', starts_at: new Date(), ends_at: null, has_time: true, venue_name: null, street_name: null, barangay_name: null, city_name: null, schedule_sequence: 0, refund_days_before: refundDaysBefore }, tickets, seatNames: tickets.map((t) => t.seatName), calendar: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' };
}

const QR_OPTIONS = { type: 'png', errorCorrectionLevel: 'L', width: 240, margin: 4 } as const;

test('three seats: three tickets in the text (seat, code, link to its page) and three QR images, then the calendar', async () => {
  const mail = await ticketMail(paidTicket(), 'https://tickets.example.ph');
  expect(mail.to).toBe('vi@example.test');
  expect(mail.subject).toBe('Your tickets for City Games (order TXN-00000812)');
  expect(mail.text).toContain('Order number: TXN-00000812\n');
  expect(mail.text).toContain('Seats: A3, A4, B32');
  expect(mail.text).toContain('Your 3 tickets, one per seat:');
  for (const ticket of TICKETS) {
    expect(mail.text).toContain(`Seat ${ticket.seatName}: code ${ticket.code}, QR code ticket-${ticket.seatName}-qr.png\n  https://tickets.example.ph/tickets/${ticket.ticketId}`);
  }
  expect(mail.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
    ['ticket-A3-qr.png', 'image/png'],
    ['ticket-A4-qr.png', 'image/png'],
    ['ticket-B32-qr.png', 'image/png'],
    ['ticket-812.ics', 'text/calendar; charset=utf-8; method=PUBLISH'],
  ]);
  // Each image is its own seat's signed text, drawn as SPEC draws it (level L, 240).
  for (const [i, ticket] of TICKETS.entries()) {
    expect(mail.attachments?.[i]?.content.equals(await QRCode.toBuffer(ticket.qr, QR_OPTIONS))).toBe(true);
  }
  expect(mail.attachments?.[0]?.content.equals(mail.attachments?.[1]?.content as Buffer)).toBe(false);
  expect(mail.attachments?.[3]?.content.toString('utf8')).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
});

test('tickets that differ: each one\'s price and discount, and the ID to bring for a Senior Citizen ticket', async () => {
  const [a3, a4] = TICKETS as [OrderTicket, OrderTicket];
  const senior = { ...a4, category: 'senior' as const };
  const mail = await ticketMail(
    paidTicket(
      {
        total_amount: 1860,
        promo_code: 'FAMILY25',
        lines: [
          { seat: 3, category: 'regular', id_number: null, base_price: 1200, discount: 300, discount_kind: 'code', price: 900 },
          { seat: 4, category: 'senior', id_number: '1234-5678', base_price: 1200, discount: 240, discount_kind: 'law', price: 960 },
        ],
      },
      [a3, senior],
    ),
  );
  expect(mail.text).toContain(
    'Tickets:\n  A3, Regular: ₱900.00 (₱1,200.00 less ₱300.00, promo code FAMILY25)\n  A4, Senior Citizen: ₱960.00 (₱1,200.00 less ₱240.00, Senior Citizen discount by law)\nTotal: ₱1,860.00',
  );
  expect(mail.text).toContain('Seat A4 (Senior Citizen ticket: bring the ID, it is checked at the gate): code');
});

test('one seat says Your ticket; without a public origin the links lead to the development shell', async () => {
  const [only] = TICKETS;
  const mail = await ticketMail(paidTicket({}, [only as OrderTicket]));
  expect(mail.text).toContain('Your ticket:\nSeat A3: code K7QX-3MPD-9W');
  expect(mail.text).toContain(`${DEV_SITE_ORIGIN}/tickets/${only?.ticketId}`);
  expect(mail.attachments?.map((a) => a.filename)).toEqual(['ticket-A3-qr.png', 'ticket-812.ics']);
});

test('a free order says Free and names no method, and no refund', async () => {
  const mail = await ticketMail(paidTicket({ total_amount: 0, payment_method: null }));
  expect(mail.text).toContain('Total: Free');
  expect(mail.text).toContain('Payment: Free');
  expect(mail.text).not.toMatch(/GCash|PayMaya|BDO|VISA/);
  expect(mail.text).not.toMatch(/refund/i);
});

test("a paid order says the event's refund policy in checkout's words", async () => {
  expect((await ticketMail(paidTicket())).text).toContain('Payment: GCash\nRefunds: Full refund until 2 days before the start.\n');
  const noRefunds = (await ticketMail(paidTicket({}, TICKETS, null))).text;
  expect(noRefunds).toContain('Payment: GCash\nAll payments are nonrefundable.\n');
});

test('file names and links', () => {
  expect(qrFileName({ seatName: 'B32' })).toBe('ticket-B32-qr.png');
  expect(qrFileName({ seatName: 'Row 1/Seat 2' })).toBe('ticket-Row-1-Seat-2-qr.png');
  expect(ticketPageUrl('https://tickets.example.ph', 'a-b_c')).toBe('https://tickets.example.ph/tickets/a-b_c');
});
