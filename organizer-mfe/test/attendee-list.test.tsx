import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from './support/fetch-mock';
import { OPTIONS, PAGE, attendee } from './support/fixtures';
import { renderOrganizer } from './support/render';

const ANA = attendee({ orderId: 7, name: 'Ana Cruz', ticketId: 'tktAnaA3', code: 'K7QX-3MPD-9W' });
const ANA_A4 = attendee({ orderId: 7, name: 'Ana Cruz', ticketId: 'tktAnaA4', code: 'M2PX-7RTA-4C', seats: [4], seatNames: ['A4'] });
const BEN_PRESENT = attendee({
  orderId: 8,
  name: 'Ben Reyes',
  ticketId: 'tktBenA9',
  status: 'Present',
  checkinMethod: 'scan',
  checkedInAt: '2099-06-01T10:05:00.000Z',
  timePresent: '6:05 PM',
  seats: [9],
  seatNames: ['A9'],
});
const list = (rows: unknown[], counts = { all: 48, present: 22, absent: 26 }, page = PAGE(1, 5, 48)) => ({ body: { success: true, event: { id: 1, name: 'City Games' }, attendees: rows, counts, ...page } });
const QR = '{"ticket_id":"abc","event_id":1,"section_id":6,"seats":[3,4],"seat":3,"paymentType":"full","paymentMethod":"gcash","totalAmount":300,"sig":"xyz"}';
const ANA_IN_SCAN = { ticketId: 'tktAnaA3', code: 'K7QX-3MPD-9W', orderId: 7, transactionNo: 'TXN-00000007', name: 'Ana Cruz', section: 'Lower Box A', seats: [3], seatNames: ['A3'], categories: ['senior'], event: { id: 1, name: 'City Games' } };
const checkedIn = {
  success: true,
  result: 'checked_in',
  headline: 'Checked in',
  message: 'Ana Cruz · Lower Box A, seat A3',
  checkedInAt: '2099-06-01T10:07:00.000Z',
  attendee: ANA_IN_SCAN,
  ticketEvent: null,
  doors: null,
  overridable: false,
  overridden: false,
  idCheck: 'Check ID: Senior Citizen',
};
const DOORS = { opensAt: '2099-06-01T09:00:00.000Z', closesAt: '2099-06-01T13:00:00.000Z' };
const tooEarly = { ...checkedIn, idCheck: null, result: 'too_early', headline: 'Too early', message: 'Too early: doors open at 5:00 PM', checkedInAt: null, doors: DOORS, overridable: true };
const refused = (result: string, headline: string, message: string) => ({ ...checkedIn, idCheck: null, result, headline, message, checkedInAt: null, attendee: null });
const present = (a: ReturnType<typeof attendee>, more: Record<string, unknown> = {}) => ({ ...a, status: 'Present', checkinMethod: 'hand', timePresent: '6:07 PM', checkedInAt: '2099-06-01T10:07:00.000Z', ...more });

test('the current event first, one row per ticket: name, email, transaction no., seat and code, green Present / red Absent with the time and how, ticket counts, SPEC pager "1 of 5"', async () => {
  const CARLA_GATE = attendee({ orderId: 9, name: 'Carla Diaz', ticketId: 'tktCarla', category: 'pwd', status: 'Present', checkinMethod: 'gate', gate: 'North Gate 2', timePresent: '6:10 PM', checkedInAt: 'x' });
  const DAN_HAND = attendee({ orderId: 10, name: 'Dan Lim', ticketId: 'tktDan', status: 'Present', checkinMethod: 'hand', timePresent: '6:12 PM', checkedInAt: 'x' });
  mockFetch({ '/api/organizer/event-options': { body: OPTIONS }, '/api/organizer/events/1/attendees': list([ANA, ANA_A4, BEN_PRESENT, CARLA_GATE, DAN_HAND]) });
  renderOrganizer('/organizer/attendee-list');
  // Ana's two seats are two rows, each with its own seat, code and Check in.
  const [ana, anaA4] = await screen.findAllByRole('row', { name: /Ana Cruz/ });
  // The current event is named in the address, so a reload or a copied link shows this list.
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/organizer\/attendee-list\?event=1$/);
  expect(within(ana!).getByText('ana.cruz@example.com')).toBeInTheDocument();
  expect(within(ana!).getByText('TXN-00000007')).toBeInTheDocument();
  expect(within(ana!).getByText('A3')).toBeInTheDocument();
  expect(within(ana!).getByText('K7QX-3MPD-9W')).toBeInTheDocument();
  expect(within(ana!).getByText('Absent')).toHaveClass('ds-badge--danger');
  expect(within(ana!).getByRole('button', { name: 'Check in Ana Cruz, seat A3' })).toBeInTheDocument();
  expect(within(anaA4!).getByText('M2PX-7RTA-4C')).toBeInTheDocument();
  expect(within(anaA4!).getByRole('button', { name: 'Check in Ana Cruz, seat A4' })).toBeInTheDocument();
  const ben = screen.getByRole('row', { name: /Ben Reyes/ });
  expect(within(ben).getByText('Present')).toHaveClass('ds-badge--success');
  expect(within(ben).getByText('6:05 PM')).toBeInTheDocument();
  expect(within(ben).getByText('Scan')).toBeInTheDocument();
  expect(within(ben).getByRole('button', { name: 'Undo check-in of Ben Reyes, seat A9' })).toBeInTheDocument();
  expect(within(ben).queryByRole('button', { name: /^Check in/ })).not.toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Carla Diaz/ })).getByText('North Gate 2')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Dan Lim/ })).getByText('By hand')).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: 'Time Present' })).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: 'Category' })).toBeInTheDocument();
  expect(within(ben).getByText('Regular')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Carla Diaz/ })).getByText('PWD')).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Search attendees' })).toHaveAttribute('placeholder', 'Name, email, transaction no., code or seat');
  expect(screen.getByText('48 tickets: 22 present, 26 absent')).toBeInTheDocument();
  expect(screen.getByText('1 of 5')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue('1');
  expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', 'http://api.test/api/organizer/events/1/attendees.csv');
  expect(screen.getByRole('link', { name: 'Offline gate' })).toHaveAttribute('href', '/organizer/gate?event=1');
});

test('the Present/Absent filter and the search go to the server, and into the CSV link', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees?search=ben': list([BEN_PRESENT], undefined, PAGE(1, 1, 1)),
    '/api/organizer/events/1/attendees?search=ben&status=Present': list([BEN_PRESENT], undefined, PAGE(1, 1, 1)),
  });
  const { user } = renderOrganizer('/organizer/attendee-list?q=ben');
  await screen.findByRole('row', { name: /Ben Reyes/ });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Present');
  await waitFor(() => expect(sent.map((r) => r.key)).toContain('/api/organizer/events/1/attendees?search=ben&status=Present'));
  expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', 'http://api.test/api/organizer/events/1/attendees.csv?search=ben&status=Present');
});

test('Scan: code + Enter checks in, the field is empty and focused for the next ticket, the answer is large with its headline, the list refreshes', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees': [list([ANA]), list([present(ANA, { checkinMethod: 'scan' })])],
    'POST /api/organizer/checkins': [
      { body: checkedIn },
      { body: { ...checkedIn, result: 'already_checked_in', headline: 'Already checked in', message: 'First scanned at 6:07 PM on 06-01-2099: Ana Cruz · Lower Box A, seat A3' } },
      { body: refused('forged', 'Forged ticket', 'This code was not issued by us. Do not let it in.') },
    ],
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  await screen.findByRole('row', { name: /Ana Cruz/ });
  await user.click(screen.getByRole('button', { name: 'Scan' }));
  const dialog = screen.getByRole('dialog', { name: 'Scan tickets' });
  const field = within(dialog).getByRole('textbox', { name: 'Ticket code' });
  expect(field).toHaveFocus();
  expect(field).toHaveAccessibleDescription(/type the ticket’s short code \(like K7QX-3MPD-9W/);
  // A USB scanner: the text, then Enter. (Braces are typed literally.)
  await user.paste(QR);
  await user.keyboard('{Enter}');
  expect(field).toHaveValue('');
  expect(field).toHaveFocus();
  const headline = await within(dialog).findByText('Checked in');
  expect(headline).toHaveClass('org-scan__headline');
  expect(headline.closest('[data-result]')).toHaveClass('org-scan__answer--ok');
  expect(within(dialog).getByText('Ana Cruz · Lower Box A, seat A3')).toHaveClass('org-scan__who');
  // A Senior Citizen ticket: the usher checks the ID.
  expect(within(dialog).getByText('Check ID: Senior Citizen')).toHaveClass('org-scan__idcheck');
  expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ qr: QR, eventId: 1 });

  await user.paste(QR);
  await user.keyboard('{Enter}');
  const again = await within(dialog).findByText('Already checked in');
  expect(again.closest('[data-result]')).toHaveClass('org-scan__answer--warn');
  expect(within(dialog).getByText(/^First scanned /)).toBeInTheDocument();

  await user.paste('{"forged":true}');
  await user.keyboard('{Enter}');
  const forged = await within(dialog).findByText('Forged ticket');
  expect(forged.closest('[data-result]')).toHaveClass('org-scan__answer--bad');
  expect(within(dialog).queryByRole('button', { name: 'Admit anyway' })).not.toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  const row = await screen.findByRole('row', { name: /Ana Cruz/ });
  await waitFor(() => expect(within(row).getByText('Present')).toBeInTheDocument());
  expect(within(row).getByText('6:07 PM')).toBeInTheDocument();
  expect(within(row).getByText('Scan')).toBeInTheDocument();
});

test('Scan: a typed short code is sent as typed; the new refusals read in words; too early offers Admit anyway, which resends with override', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees': list([ANA]),
    'POST /api/organizer/checkins': (body) => {
      const { qr, override } = body as { qr: string; override?: boolean };
      if (qr === 'ZZZZ-ZZZZ-ZZ') return { body: refused('not_found', 'Not found', 'No ticket has this code. Check it and type it again.') };
      if (qr === 'R3FU-ND3D-22') return { body: refused('refunded', 'Order refunded', 'This order was refunded. Do not let it in.') };
      return { body: override ? { ...checkedIn, overridden: true } : tooEarly };
    },
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  await screen.findByRole('row', { name: /Ana Cruz/ });
  await user.click(screen.getByRole('button', { name: 'Scan' }));
  const dialog = screen.getByRole('dialog', { name: 'Scan tickets' });
  const field = within(dialog).getByRole('textbox', { name: 'Ticket code' });

  await user.type(field, 'ZZZZ-ZZZZ-ZZ{Enter}');
  expect((await within(dialog).findByText('Not found')).closest('[data-result]')).toHaveClass('org-scan__answer--bad');
  await user.type(field, 'R3FU-ND3D-22{Enter}');
  expect(await within(dialog).findByText('Order refunded')).toBeInTheDocument();

  await user.type(field, 'k7qx 3mpd 9w{Enter}');
  const early = await within(dialog).findByText('Too early');
  expect(early.closest('[data-result]')).toHaveClass('org-scan__answer--warn');
  expect(within(dialog).getByText('Too early: doors open at 5:00 PM')).toBeInTheDocument();
  expect(sent.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ qr: 'k7qx 3mpd 9w', eventId: 1 });
  // The field keeps focus: the next scan does not admit by accident.
  expect(field).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Admit anyway' }));
  expect(await within(dialog).findByText('Checked in')).toBeInTheDocument();
  expect(within(dialog).getByText(/override, logged/)).toBeInTheDocument();
  expect(sent.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ qr: 'k7qx 3mpd 9w', eventId: 1, override: true });
  expect(field).toHaveFocus();
});

test('Check in by hand: asks first naming the holder and seat, then shows the answer; the row turns Present', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees': [list([ANA, ANA_A4]), list([present(ANA), ANA_A4])],
    'POST /api/organizer/tickets/tktAnaA3/checkin': { body: { ...checkedIn, message: 'Ana Cruz · Lower Box A, seat A3' } },
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  const opener = await screen.findByRole('button', { name: 'Check in Ana Cruz, seat A3' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Check in by hand?' });
  expect(dialog).toHaveAccessibleDescription(/Check in Ana Cruz \(TXN-00000007\), Lower Box A, seat A3, without scanning the ticket\?/);
  // Focus starts on Cancel: Enter alone does not check anyone in.
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  expect(opener).toHaveFocus();

  await user.click(opener);
  await user.click(within(screen.getByRole('dialog', { name: 'Check in by hand?' })).getByRole('button', { name: 'Check in' }));
  const answer = await within(screen.getByRole('dialog')).findByText('Checked in');
  expect(answer.closest('[data-result]')).toHaveClass('org-scan__answer--ok');
  expect(within(screen.getByRole('dialog')).getByText('Ana Cruz · Lower Box A, seat A3')).toBeInTheDocument();
  expect(sent.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', key: '/api/organizer/tickets/tktAnaA3/checkin', body: { eventId: 1 } }]);
  const done = within(screen.getByRole('dialog')).getByRole('button', { name: 'Done' });
  expect(done).toHaveFocus();
  await user.click(done);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const [row, other] = await screen.findAllByRole('row', { name: /Ana Cruz/ });
  await waitFor(() => expect(within(row!).getByText('Present')).toBeInTheDocument());
  expect(within(row!).getByText('By hand')).toBeInTheDocument();
  expect(within(other!).getByText('Absent')).toBeInTheDocument();
});

test('Check in by hand outside the doors: the refusal says when they open, and only Admit anyway (a second button) sends the override', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees': list([ANA]),
    'POST /api/organizer/tickets/tktAnaA3/checkin': (body) => ({ body: (body as { override?: boolean }).override ? { ...checkedIn, overridden: true } : tooEarly }),
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  await user.click(await screen.findByRole('button', { name: 'Check in Ana Cruz, seat A3' }));
  const dialog = screen.getByRole('dialog', { name: 'Check in by hand?' });
  await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
  expect(await within(dialog).findByText('Too early: doors open at 5:00 PM')).toBeInTheDocument();
  expect(within(dialog).getByText('Too early').closest('[data-result]')).toHaveClass('org-scan__answer--warn');
  expect(within(dialog).queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Admit anyway' }));
  expect(await within(dialog).findByText('Checked in')).toBeInTheDocument();
  expect(within(dialog).getByText(/override, logged/)).toBeInTheDocument();
  expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ eventId: 1 }, { eventId: 1, override: true }]);
});

test('Check in by hand: a refused order and a failed call are said inside the dialog', async () => {
  mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees': list([ANA, ANA_A4]),
    'POST /api/organizer/tickets/tktAnaA3/checkin': { body: { ...refused('cancelled', 'Event cancelled', 'This event was cancelled. Do not let it in.'), attendee: ANA_IN_SCAN } },
    'POST /api/organizer/tickets/tktAnaA4/checkin': { status: 404, body: { success: false, error: 'Ticket not found' } },
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  await user.click(await screen.findByRole('button', { name: 'Check in Ana Cruz, seat A3' }));
  let dialog = screen.getByRole('dialog', { name: 'Check in by hand?' });
  await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
  expect((await within(dialog).findByText('Event cancelled')).closest('[data-result]')).toHaveClass('org-scan__answer--bad');
  expect(within(dialog).queryByRole('button', { name: 'Admit anyway' })).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));

  await user.click(screen.getByRole('button', { name: 'Check in Ana Cruz, seat A4' }));
  dialog = screen.getByRole('dialog', { name: 'Check in by hand?' });
  expect(within(dialog).queryByText('Event cancelled')).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ticket not found');
  // Still open, with Check in to try again.
  expect(within(dialog).getByRole('button', { name: 'Check in' })).toBeInTheDocument();
});

test('Undo a check-in asks for a reason and sends it', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees': [list([BEN_PRESENT]), list([{ ...BEN_PRESENT, status: 'Absent', timePresent: null, checkedInAt: null }])],
    'POST /api/organizer/tickets/tktBenA9/checkin/undo': { body: { success: true, ticketId: 'tktBenA9', status: 'Absent', undoneCheckedInAt: '2099-06-01T10:05:00.000Z' } },
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  await user.click(await screen.findByRole('button', { name: 'Undo check-in of Ben Reyes, seat A9' }));
  const dialog = screen.getByRole('dialog', { name: 'Undo check-in?' });
  expect(dialog).toHaveAccessibleDescription(/Ben Reyes \(TXN-00000008\), Lower Box A, seat A9, will be Absent again/);
  await user.click(within(dialog).getByRole('button', { name: 'Undo check-in' }));
  expect(await within(dialog).findByText(/Give a reason for undoing the check-in/)).toBeInTheDocument();
  expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason (required)' }), 'Scanned the wrong ticket');
  await user.click(within(dialog).getByRole('button', { name: 'Undo check-in' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.find((r) => r.method === 'POST')).toEqual({ method: 'POST', key: '/api/organizer/tickets/tktBenA9/checkin/undo', body: { reason: 'Scanned the wrong ticket' } });
  const row = await screen.findByRole('row', { name: /Ben Reyes/ });
  await waitFor(() => expect(within(row).getByText('Absent')).toBeInTheDocument());
});

const logEntry = (id: number, result: string, more: Record<string, unknown> = {}) => ({
  id,
  at: '2099-06-01T10:07:00.000Z',
  action: result === 'undone' ? 'undo' : 'scan',
  result,
  by: 'Olga Organizer',
  gate: null,
  transactionNo: 'TXN-00000007',
  attendee: 'Ana Cruz',
  seatNames: ['A3'],
  overridden: false,
  reason: null,
  detail: null,
  ...more,
});
const logPage = (entries: unknown[], page = PAGE(1, 1, entries.length, 50)) => ({ body: { success: true, entries, ...page } });

test('Check-in log: a dialog with the selected event\'s scans and undos, newest first as the API gives them, each answer in words, paged on the server', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees': list([ANA]),
    '/api/organizer/events/1/checkin-log': logPage(
      [
        logEntry(4, 'undone', { reason: 'Scanned the wrong ticket' }),
        logEntry(3, 'forged', { transactionNo: null, attendee: null, seatNames: [] }),
        logEntry(2, 'already_checked_in'),
        logEntry(1, 'checked_in'),
      ],
      PAGE(1, 2, 54, 50),
    ),
    '/api/organizer/events/1/checkin-log?page=2': logPage([logEntry(5, 'wrong_event', { attendee: 'Carla Diaz', transactionNo: 'TXN-00000009' })], PAGE(2, 2, 54, 50)),
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  await screen.findByRole('row', { name: /Ana Cruz/ });
  await user.click(screen.getByRole('button', { name: 'Check-in log' }));
  const dialog = screen.getByRole('dialog', { name: 'Check-in log' });
  expect(within(dialog).getByRole('columnheader', { name: 'When' })).toBeInTheDocument();
  const rows = await within(dialog).findAllByRole('row', { name: /Jun 1, 2099/ });
  expect(rows).toHaveLength(4);
  expect(within(rows[0]!).getByText('Undone')).toHaveClass('ds-badge--neutral');
  expect(within(rows[0]!).getByText('Scanned the wrong ticket')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('Olga Organizer')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('TXN-00000007')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('Ana Cruz')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('Forged ticket')).toHaveClass('ds-badge--danger');
  expect(within(rows[1]!).getAllByText('—')).toHaveLength(3);
  expect(within(rows[2]!).getByText('Already checked in')).toHaveClass('ds-badge--warning');
  expect(within(rows[3]!).getByText('Checked in')).toHaveClass('ds-badge--success');
  expect(within(dialog).getByText('1 of 2')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: /next/i }));
  const next = await within(dialog).findByRole('row', { name: /Carla Diaz/ });
  expect(within(next).getByText('Not for this event')).toHaveClass('ds-badge--danger');
  expect(sent.map((r) => r.key)).toContain('/api/organizer/events/1/checkin-log?page=2');
  // The attendee list's own page stays where it was.
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/organizer\/attendee-list\?event=1$/);
});

test('Check-in log: how each came in (scan, by hand, the gate by name), the seats, override, and a conflict between gates with its detail', async () => {
  mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees': list([ANA]),
    '/api/organizer/events/1/checkin-log': logPage([
      logEntry(4, 'conflict', { action: 'conflict', gate: 'South Gate', attendee: 'Ben Reyes', seatNames: ['A9'], detail: 'Admitted at North Gate 2 at 6:01 PM and at South Gate at 6:03 PM' }),
      logEntry(3, 'checked_in', { action: 'gate', gate: 'North Gate 2', attendee: 'Ben Reyes', seatNames: ['A9'] }),
      logEntry(2, 'checked_in', { action: 'hand', seatNames: ['A4'], overridden: true }),
      logEntry(1, 'too_early', { seatNames: ['A3'] }),
    ]),
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  await screen.findByRole('row', { name: /Ana Cruz/ });
  await user.click(screen.getByRole('button', { name: 'Check-in log' }));
  const dialog = screen.getByRole('dialog', { name: 'Check-in log' });
  const rows = await within(dialog).findAllByRole('row', { name: /Jun 1, 2099/ });
  expect(within(rows[0]!).getByText('Conflict')).toHaveClass('ds-badge--warning');
  expect(within(rows[0]!).getByText('Admitted at North Gate 2 at 6:01 PM and at South Gate at 6:03 PM')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('Gate: South Gate')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('Gate: North Gate 2')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('A9')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('By hand')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('A4')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('override')).toHaveClass('ds-badge--warning');
  expect(within(rows[3]!).getByText('Scan')).toBeInTheDocument();
  expect(within(rows[3]!).getByText('Too early')).toHaveClass('ds-badge--warning');
  expect(within(rows[3]!).queryByText('override')).not.toBeInTheDocument();
});

test('Check-in log: nothing scanned yet says so; a failed read says so with Retry', async () => {
  mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees': list([ANA]),
    '/api/organizer/events/1/checkin-log': [{ status: 500, body: { success: false, message: 'Something went wrong on our side.' } }, logPage([])],
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  await screen.findByRole('row', { name: /Ana Cruz/ });
  await user.click(screen.getByRole('button', { name: 'Check-in log' }));
  const dialog = screen.getByRole('dialog', { name: 'Check-in log' });
  await user.click(await within(dialog).findByRole('button', { name: 'Retry' }));
  expect(await within(dialog).findByText('Nothing scanned yet')).toBeInTheDocument();
  expect(within(dialog).queryAllByRole('row', { name: /2099/ })).toHaveLength(0);
});
