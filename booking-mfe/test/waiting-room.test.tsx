import { StrictMode } from 'react';
import { fireEvent, render, screen, waitFor, within } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { LineStatus, SessionUser } from '@sports/contracts';
import { SeatmapPage } from '../src/features/seatmap/seatmap-page';
import { SectionPage } from '../src/features/section/section-page';
import { passEndText, waitText } from '../src/features/waiting-room/wait-text';
import { LINE_OPEN, LocationProbe, SECTIONS, USER, readLocation } from './support/booking-fixtures';
import type { MockAnswer } from './support/fetch-mock';
import { makeEvent, mockFetch } from './support/fetch-mock';

const EVENT = makeEvent({
  id: 1,
  title: 'City Games',
  date: '2099-06-01',
  time: '7:00 PM',
  venue: { name: 'Main Arena', street: null, barangay: 'Poblacion', city: 'Digos City', province: 'Davao del Sur' },
});
const LINE = '/api/events/1/line';

const answer = (line: LineStatus, status = 200): MockAnswer => ({ status, body: { success: true, line } });

/** The line's one path answers by method: GET (where the caller stands), POST (keep the place), DELETE (leave). */
function mockLine(line: { GET: () => MockAnswer; POST?: () => MockAnswer; DELETE?: () => MockAnswer }) {
  return mockFetch({
    '/api/events/1': { body: { success: true, event: EVENT } },
    '/api/sections?event_id=1': { body: { success: true, sections: SECTIONS } },
    '/api/events/1/availability': { body: { success: true, sections: SECTIONS.map((s) => ({ sectionId: s.id, capacity: s.capacity, available: 5, price: 0 })) } },
    '/backend/api/get-booked-seats.php?event_id=1&section_id=6': { body: { bookedSeats: [] } },
    '/api/my/orders': { body: { success: true, orders: [] } },
    [LINE]: (init) => {
      const method = (init?.method ?? 'GET') as 'GET' | 'POST' | 'DELETE';
      const handler = line[method];
      if (!handler) throw new Error(`Unexpected ${method} ${LINE}`);
      return handler();
    },
  });
}

function lineCalls(fetchMock: jest.Mock): string[] {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === LINE).map(([, init]) => (init as RequestInit).method ?? 'GET');
}

function renderPage(path: string, user: SessionUser | null) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/events/:id/seatmap" element={<SeatmapPage user={user} />} />
          <Route path="/events/:id/seatmap/:sectionId" element={<SectionPage user={user} />} />
          <Route path="/events/:id" element={<LocationProbe />} />
          <Route path="/login" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

test('wait texts: minutes and hours as people say them, and a note while the pace is unknown', () => {
  expect(waitText(null)).toBe('Working out your wait…');
  expect(waitText(undefined)).toBe('Working out your wait…');
  expect(waitText(20)).toBe('Less than a minute');
  expect(waitText(60)).toBe('About 1 minute');
  expect(waitText(180)).toBe('About 3 minutes');
  expect(waitText(3 * 3600)).toBe('About 3 hours');
  expect(passEndText('not a date')).toBeNull();
  expect(passEndText('2099-06-01T10:42:00.000Z')).toMatch(/^\d{1,2}:42 (AM|PM)$/);
});

test('no line: the seat map as always, and no place is taken', async () => {
  const fetchMock = mockLine({ GET: () => LINE_OPEN });
  renderPage('/events/1/seatmap', USER);
  expect(await screen.findByRole('heading', { level: 1, name: 'Select Seats' })).toBeInTheDocument();
  expect(screen.queryByText(/It is your turn/)).not.toBeInTheDocument();
  expect(lineCalls(fetchMock)).not.toContain('POST');
});

test('signed out with a line: the event, and a way to log in that comes back here; no place is taken', async () => {
  const fetchMock = mockLine({ GET: () => answer({ state: 'out', refreshSeconds: 5 }) });
  const { getByTestId } = renderPage('/events/1/seatmap', null);
  expect(await screen.findByRole('heading', { level: 1, name: 'This sale has a waiting room' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Select Seats' })).not.toBeInTheDocument();
  expect(screen.getByText('City Games', { selector: 'dd' })).toBeInTheDocument();
  expect(screen.getByText('Main Arena')).toBeInTheDocument();
  expect(screen.getByText(/7:00 PM/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Leave the line' })).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole('link', { name: 'Log in to join the line' }));
  expect(readLocation(getByTestId)).toEqual({ pathname: '/login', state: { from: { pathname: '/events/1/seatmap' } } });
  expect(lineCalls(fetchMock)).toEqual(['GET']);
});

test('signed in: joins, shows the place and the wait as they change, and the map appears when it is their turn', async () => {
  let next: LineStatus = { state: 'waiting', position: 37, estimatedWaitSeconds: 180, refreshSeconds: 1 };
  const fetchMock = mockLine({ GET: () => answer({ state: 'out', refreshSeconds: 5 }), POST: () => answer(next) });
  renderPage('/events/1/seatmap', USER);

  expect(await screen.findByRole('heading', { level: 1, name: 'You are in line' })).toBeInTheDocument();
  const place = await screen.findByText('Your place in line:', { exact: false });
  expect(place).toHaveTextContent('Your place in line: 37');
  expect(place.closest('[aria-live="polite"]')).not.toBeNull();
  expect(screen.getByText('About 3 minutes')).toBeInTheDocument();
  expect(screen.getByText('City Games', { selector: 'dd' })).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Venue map' })).not.toBeInTheDocument();

  next = { state: 'waiting', position: 2, estimatedWaitSeconds: null, refreshSeconds: 1 };
  await waitFor(() => expect(screen.getByText('Your place in line:', { exact: false })).toHaveTextContent('Your place in line: 2'), { timeout: 3000 });
  expect(screen.getByText('Working out your wait…')).toBeInTheDocument();

  next = { state: 'admitted', passExpiresAt: '2099-06-01T10:42:00.000Z', refreshSeconds: 1 };
  expect(await screen.findByRole('group', { name: 'Venue map' }, { timeout: 3000 })).toBeInTheDocument();
  expect(screen.getByText(/^It is your turn: pick your seats by \d{1,2}:42 (AM|PM)\.$/)).toBeInTheDocument();
  const posts = lineCalls(fetchMock).filter((m) => m === 'POST').length;
  // Once admitted, the place is no longer kept.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(lineCalls(fetchMock).filter((m) => m === 'POST')).toHaveLength(posts);
}, 15_000);

test('admitted on arrival: the seat grid, with until when they may pick', async () => {
  mockLine({ GET: () => answer({ state: 'admitted', passExpiresAt: '2099-06-01T10:42:00.000Z', refreshSeconds: 30 }) });
  renderPage('/events/1/seatmap/6', USER);
  expect(await screen.findByRole('group', { name: 'Seats in Lower Box A' })).toBeInTheDocument();
  expect(screen.getByText(/^It is your turn: pick your seats by/)).toBeInTheDocument();
});

test('the seat grid is behind the line too', async () => {
  mockLine({ GET: () => answer({ state: 'waiting', position: 5, estimatedWaitSeconds: 40, refreshSeconds: 30 }), POST: () => answer({ state: 'waiting', position: 4, estimatedWaitSeconds: 30, refreshSeconds: 30 }) });
  renderPage('/events/1/seatmap/6', USER);
  expect(await screen.findByRole('heading', { level: 1, name: 'You are in line' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('Your place in line:', { exact: false })).toHaveTextContent('Your place in line: 4'));
  expect(screen.getByText('Less than a minute')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Seats in Lower Box A' })).not.toBeInTheDocument();
});

test('Leave the line: leaves, then back to the event page; no place is kept after', async () => {
  const fetchMock = mockLine({
    GET: () => answer({ state: 'waiting', position: 3, estimatedWaitSeconds: 120, refreshSeconds: 30 }),
    POST: () => answer({ state: 'waiting', position: 3, estimatedWaitSeconds: 120, refreshSeconds: 30 }),
    DELETE: () => answer({ state: 'out', refreshSeconds: 30 }),
  });
  const { getByTestId } = renderPage('/events/1/seatmap', USER);
  const leave = await screen.findByRole('button', { name: 'Leave the line' });
  leave.focus();
  fireEvent.click(leave);
  await waitFor(() => expect(readLocation(getByTestId).pathname).toBe('/events/1'));
  const calls = lineCalls(fetchMock);
  expect(calls).toContain('DELETE');
  expect(calls.slice(calls.indexOf('DELETE'))).toEqual(['DELETE']);
});

test('a failed leave says so and keeps the place; a failed refresh says it keeps trying', async () => {
  mockLine({
    GET: () => answer({ state: 'waiting', position: 3, estimatedWaitSeconds: 120, refreshSeconds: 30 }),
    POST: () => ({ status: 500, body: { success: false, error: 'boom' } }),
    DELETE: () => ({ status: 500, body: { success: false, error: 'boom' } }),
  });
  renderPage('/events/1/seatmap', USER);
  expect(await screen.findByText(/Your place could not be updated just now/)).toBeInTheDocument();
  expect(screen.getByText('Your place in line:', { exact: false })).toHaveTextContent('Your place in line: 3');
  fireEvent.click(screen.getByRole('button', { name: 'Leave the line' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/You are still in line: leaving failed/);
  expect(within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Leave the line' })).toBeEnabled();
});

test('a failed line check opens the seats (book-seats still enforces the line)', async () => {
  mockLine({ GET: () => ({ status: 500, body: { success: false, error: 'boom' } }) });
  renderPage('/events/1/seatmap', USER);
  expect(await screen.findByRole('group', { name: 'Venue map' })).toBeInTheDocument();
});

test('sold out: says so in place of the line and the seats, and lets the buyer in line by itself when seats come back', async () => {
  let next: LineStatus = { state: 'soldout', refreshSeconds: 1 };
  mockLine({ GET: () => answer({ state: 'waiting', position: 8, estimatedWaitSeconds: 60, refreshSeconds: 30 }), POST: () => answer(next) });
  const { getByTestId } = renderPage('/events/1/seatmap', USER);
  expect(await screen.findByRole('heading', { level: 1, name: 'Sold out' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Every seat of this event is sold.');
  expect(screen.queryByText('Your place in line:', { exact: false })).not.toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Venue map' })).not.toBeInTheDocument();
  expect(screen.getByText('City Games', { selector: 'dd' })).toBeInTheDocument();

  next = { state: 'waiting', position: 1, estimatedWaitSeconds: null, refreshSeconds: 1 };
  await waitFor(() => expect(screen.getByText('Your place in line:', { exact: false })).toHaveTextContent('Your place in line: 1'), { timeout: 3000 });
  fireEvent.click(screen.getByRole('link', { name: 'City Games' }));
  expect(readLocation(getByTestId).pathname).toBe('/events/1');
}, 10_000);

test('sold out, signed out: the same, and the way back to the event', async () => {
  const fetchMock = mockLine({ GET: () => answer({ state: 'soldout', refreshSeconds: 60 }) });
  const { getByTestId } = renderPage('/events/1/seatmap/6', null);
  expect(await screen.findByRole('heading', { level: 1, name: 'Sold out' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Log in to join the line' })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('link', { name: 'Back to the event' }));
  expect(readLocation(getByTestId).pathname).toBe('/events/1');
  expect(lineCalls(fetchMock)).toEqual(['GET']);
});
