import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { BookingPage } from '@sports/contracts';
import BookingPages from '../src/pages';
import { BOOKING_ROUTES } from '../src/standalone-routes';
import { readStoredUser } from '../src/standalone-session';
import { mockFetch } from './support/fetch-mock';

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

test('the standalone table maps every SPEC booking route to its page', () => {
  expect(BOOKING_ROUTES).toEqual([
    { path: '/', page: 'home' },
    { path: '/genre/:genre', page: 'genre' },
    { path: '/events/:id', page: 'event' },
    { path: '/events/:id/seatmap', page: 'seatmap' },
    { path: '/events/:id/seatmap/:sectionId', page: 'section' },
    { path: '/events/:id/checkout', page: 'checkout' },
    { path: '/event/qr', page: 'qr' },
  ]);
});

test('page "event" lazily loads the event detail with the router param', async () => {
  mockFetch({ '/api/events/42': { status: 404, body: { success: false, error: 'Event not found' } } });
  renderPage('event', '/events/42', '/events/:id');
  expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
});

test.each([
  ['seatmap', '/events/4/seatmap', '/events/:id/seatmap', 'Select Seats'],
  ['section', '/events/4/seatmap/2', '/events/:id/seatmap/:sectionId', 'Choose Your Seats'],
  ['checkout', '/events/4/checkout', '/events/:id/checkout', 'Checkout'],
] as const)('page "%s" says booking arrives later and links back to the event', async (page, path, pattern, title) => {
  renderPage(page, path, pattern);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByText(/Seat selection and checkout arrive in a later release/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to event' })).toHaveAttribute('href', '/events/4');
});

test('page "qr" has no event to return to and links home', async () => {
  renderPage('qr', '/event/qr', '/event/qr');
  expect(await screen.findByRole('heading', { level: 1, name: 'Your Ticket' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('readStoredUser accepts the SPEC §3 session object only', () => {
  const user = { user_id: 3, email: 'v@demo.local', first_name: 'Vi', last_name: 'Sitor', role_id: 3, role_name: 'Participant' };
  expect(readStoredUser({ getItem: () => JSON.stringify(user) })).toEqual(user);
  expect(readStoredUser({ getItem: () => null })).toBeNull();
  expect(readStoredUser({ getItem: () => '{not json' })).toBeNull();
  expect(readStoredUser({ getItem: () => JSON.stringify({ user_id: '3' }) })).toBeNull();
});
