import { render, screen } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { BookingPage } from '@sports/contracts';
import BookingPages from '../src/pages';
import { BOOKING_ROUTES, readStoredUser } from '@sports/ui';
import { mockFetch } from './support/fetch-mock';
import { LINE_OPEN } from './support/booking-fixtures';

const logout = jest.fn(async () => {});

function renderPage(page: BookingPage, path: string, pattern: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={<BookingPages page={page} user={null} logout={logout} />} />
      </Routes>
    </MemoryRouter>,
  );
}

test('the booking route table maps every SPEC booking route, Past Events and Search, to its page', () => {
  expect(BOOKING_ROUTES.map(({ path, page }) => `${path} -> ${page}`)).toEqual([
    '/ -> home',
    '/genre/:genre -> genre',
    '/events/past -> past',
    '/search -> search',
    '/events/:id -> event',
    '/events/:id/seatmap -> seatmap',
    '/events/:id/seatmap/:sectionId -> section',
    '/events/:id/checkout -> checkout',
    '/event/qr -> qr',
    '/my-tickets -> tickets',
    '/tickets/:ticketId -> ticket',
  ]);
  expect(BOOKING_ROUTES.every((route) => Object.keys(route).join() === 'path,page')).toBe(true);
});

test('page "event" lazily loads the event detail with the router param', async () => {
  mockFetch({ '/api/events/42': { status: 404, body: { success: false, error: 'Event not found' } } });
  renderPage('event', '/events/42', '/events/:id');
  expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
});

test('page "seatmap" lazily loads the seat map with the router param', async () => {
  mockFetch({
    '/api/events/42': { status: 404, body: { success: false, error: 'Event not found' } },
    '/api/sections?event_id=42': { body: { success: true, sections: [] } },
    '/api/events/42/line': LINE_OPEN,
  });
  renderPage('seatmap', '/events/42/seatmap', '/events/:id/seatmap');
  expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
});

test('page "section" lazily loads the seat grid', async () => {
  renderPage('section', '/events/4/seatmap/abc', '/events/:id/seatmap/:sectionId');
  expect(await screen.findByRole('heading', { name: 'Event or section not found' })).toBeInTheDocument();
});

test('page "checkout" without navigation state asks to select seats again', async () => {
  renderPage('checkout', '/events/4/checkout', '/events/:id/checkout');
  expect(await screen.findByText('Invalid checkout. Please select seats again.')).toBeInTheDocument();
});

test('page "qr" without data says so and links home', async () => {
  renderPage('qr', '/event/qr', '/event/qr');
  expect(await screen.findByText('Invalid QR page. No data found.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('page "tickets" receives the session: logged out it asks to log in', async () => {
  renderPage('tickets', '/my-tickets', '/my-tickets');
  expect(await screen.findByRole('heading', { level: 1, name: 'My Tickets' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
});

test('page "ticket" lazily loads one ticket\'s page with the router param', async () => {
  mockFetch({ '/api/tickets/gone': { status: 404, body: { success: false, error: 'Ticket not found' } } });
  renderPage('ticket', '/tickets/gone', '/tickets/:ticketId');
  expect(await screen.findByRole('heading', { name: 'Ticket not found' })).toBeInTheDocument();
});

test('readStoredUser accepts the SPEC §3 session object only', () => {
  const user = { user_id: 3, email: 'v@demo.local', first_name: 'Vi', last_name: 'Sitor', role_id: 3, role_name: 'Participant' };
  expect(readStoredUser({ getItem: () => JSON.stringify(user) })).toEqual(user);
  expect(readStoredUser({ getItem: () => null })).toBeNull();
  expect(readStoredUser({ getItem: () => '{not json' })).toBeNull();
  expect(readStoredUser({ getItem: () => JSON.stringify({ user_id: '3' }) })).toBeNull();
});
