import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from './support/fetch-mock';
import { OPTIONS, PAGE, attendee } from './support/fixtures';
import { renderOrganizer } from './support/render';

const ANA = attendee({ orderId: 7, name: 'Ana Cruz' });
const BEN_PRESENT = attendee({ orderId: 8, name: 'Ben Reyes', status: 'Present', checkedInAt: '2099-06-01T10:05:00.000Z', timePresent: '6:05 PM', seats: [9], seatNames: ['A9'] });
const list = (rows: unknown[], counts = { all: 48, present: 22, absent: 26 }, page = PAGE(1, 5, 48)) => ({ body: { success: true, event: { id: 1, name: 'City Games' }, attendees: rows, counts, ...page } });
const QR = '{"ticket_id":"abc","event_id":1,"section_id":6,"seats":[3,4],"paymentType":"full","paymentMethod":"gcash","totalAmount":300,"sig":"xyz"}';
const checkedIn = {
  success: true,
  result: 'checked_in',
  headline: 'Checked in',
  message: 'Ana Cruz · Lower Box A, seats 3, 4',
  checkedInAt: '2099-06-01T10:07:00.000Z',
  attendee: { orderId: 7, transactionNo: 'TXN-00000007', name: 'Ana Cruz', section: 'Lower Box A', seats: [3, 4], seatNames: ['A3', 'A4'], event: { id: 1, name: 'City Games' } },
  ticketEvent: null,
};

test('the current event first: name, email, transaction no., green Present / red Absent with the time, counts, SPEC pager "1 of 5"', async () => {
  mockFetch({ '/api/organizer/event-options': { body: OPTIONS }, '/api/organizer/events/1/attendees': list([ANA, BEN_PRESENT]) });
  renderOrganizer('/organizer/attendee-list');
  const ana = await screen.findByRole('row', { name: /Ana Cruz/ });
  expect(within(ana).getByText('ana.cruz@example.com')).toBeInTheDocument();
  expect(within(ana).getByText('TXN-00000007')).toBeInTheDocument();
  expect(within(ana).getByText('Absent')).toHaveClass('ds-badge--danger');
  const ben = screen.getByRole('row', { name: /Ben Reyes/ });
  expect(within(ben).getByText('Present')).toHaveClass('ds-badge--success');
  expect(within(ben).getByText('6:05 PM')).toBeInTheDocument();
  expect(screen.getByText('48 attendees: 22 present, 26 absent')).toBeInTheDocument();
  expect(screen.getByText('1 of 5')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue('1');
  expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', 'http://api.test/api/organizer/events/1/attendees.csv');
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
    '/api/organizer/events/1/attendees': [list([ANA]), list([{ ...ANA, status: 'Present', timePresent: '6:07 PM', checkedInAt: '2099-06-01T10:07:00.000Z' }])],
    'POST /api/organizer/checkins': [
      { body: checkedIn },
      { body: { ...checkedIn, result: 'already_checked_in', headline: 'Already checked in', message: 'First scanned at 6:07 PM on 06-01-2099: Ana Cruz · Lower Box A, seats 3, 4' } },
      { body: { success: true, result: 'forged', headline: 'Forged ticket', message: 'This code was not issued by us. Do not let it in.', checkedInAt: null, attendee: null, ticketEvent: null } },
    ],
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  await screen.findByRole('row', { name: /Ana Cruz/ });
  await user.click(screen.getByRole('button', { name: 'Scan' }));
  const dialog = screen.getByRole('dialog', { name: 'Scan tickets' });
  const field = within(dialog).getByRole('textbox', { name: 'Ticket code' });
  expect(field).toHaveFocus();
  // A USB scanner: the text, then Enter. (Braces are typed literally.)
  await user.paste(QR);
  await user.keyboard('{Enter}');
  expect(field).toHaveValue('');
  expect(field).toHaveFocus();
  const headline = await within(dialog).findByText('Checked in');
  expect(headline).toHaveClass('org-scan__headline');
  expect(headline.closest('[data-result]')).toHaveClass('org-scan__answer--ok');
  expect(within(dialog).getByText('Ana Cruz · Lower Box A, seats 3, 4')).toHaveClass('org-scan__who');
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

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  const row = await screen.findByRole('row', { name: /Ana Cruz/ });
  await waitFor(() => expect(within(row).getByText('Present')).toBeInTheDocument());
  expect(within(row).getByText('6:07 PM')).toBeInTheDocument();
});

test('Undo a check-in asks for a reason and sends it', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/attendees': [list([BEN_PRESENT]), list([{ ...BEN_PRESENT, status: 'Absent', timePresent: null, checkedInAt: null }])],
    'POST /api/organizer/checkins/8/undo': { body: { success: true, orderId: 8, status: 'Absent', undoneCheckedInAt: '2099-06-01T10:05:00.000Z' } },
  });
  const { user } = renderOrganizer('/organizer/attendee-list');
  await user.click(await screen.findByRole('button', { name: 'Undo check-in of Ben Reyes' }));
  const dialog = screen.getByRole('dialog', { name: 'Undo check-in?' });
  await user.click(within(dialog).getByRole('button', { name: 'Undo check-in' }));
  expect(await within(dialog).findByText(/Give a reason for undoing the check-in/)).toBeInTheDocument();
  expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason (required)' }), 'Scanned the wrong ticket');
  await user.click(within(dialog).getByRole('button', { name: 'Undo check-in' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'Scanned the wrong ticket' });
  const row = await screen.findByRole('row', { name: /Ben Reyes/ });
  await waitFor(() => expect(within(row).getByText('Absent')).toBeInTheDocument());
});

const logEntry = (id: number, result: string, more: Record<string, unknown> = {}) => ({
  id,
  at: '2099-06-01T10:07:00.000Z',
  action: result === 'undone' ? 'undo' : 'scan',
  result,
  by: 'Olga Organizer',
  transactionNo: 'TXN-00000007',
  attendee: 'Ana Cruz',
  reason: null,
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
        logEntry(3, 'forged', { transactionNo: null, attendee: null }),
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
  expect(within(rows[1]!).getAllByText('—')).toHaveLength(2);
  expect(within(rows[2]!).getByText('Already checked in')).toHaveClass('ds-badge--warning');
  expect(within(rows[3]!).getByText('Checked in')).toHaveClass('ds-badge--success');
  expect(within(dialog).getByText('1 of 2')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: /next/i }));
  const next = await within(dialog).findByRole('row', { name: /Carla Diaz/ });
  expect(within(next).getByText('Not for this event')).toHaveClass('ds-badge--danger');
  expect(sent.map((r) => r.key)).toContain('/api/organizer/events/1/checkin-log?page=2');
  // The attendee list's own page stays where it was.
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/organizer\/attendee-list$/);
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
