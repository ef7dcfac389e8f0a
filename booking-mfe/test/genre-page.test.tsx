import type { ReactElement } from 'react';
import { fireEvent, render, screen, within } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import { GenrePage } from '../src/features/genre/genre-page';
import { PastEventsPage } from '../src/features/genre/past-events-page';
import { PAST, makeEvent, mockFetch } from './support/fetch-mock';

/** `page` at `path`, routed as `pattern`. */
function renderAt(path: string, pattern: string, page: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={page} />
      </Routes>
    </MemoryRouter>,
  );
}

const renderGenre = (path: string) => renderAt(path, '/genre/:genre', <GenrePage />);

function row(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

test('sports: title, FREE and peso prices, Book Now links to each event', async () => {
  const fetchMock = mockFetch({
    '/api/events?genre=sports': {
      body: {
        success: true,
        events: [
          makeEvent({ id: 4, title: 'Fun Run', isFree: true, price: 0, date: '2099-04-12' }),
          makeEvent({ id: 5, title: 'Volleyball Cup', isFree: false, price: 150 }),
          makeEvent({ id: 6, title: 'Boxing Night', isFree: false, price: 1500 }),
        ],
      },
    },
  });
  renderGenre('/genre/sports');

  expect(screen.getByRole('heading', { level: 1, name: 'Sports Events' })).toBeInTheDocument();
  await screen.findByRole('heading', { name: 'Fun Run' });
  expect(fetchMock).toHaveBeenCalledTimes(1);

  const free = row('Free Events');
  expect(within(free).getByText('FREE')).toBeInTheDocument();
  expect(within(free).getByText('Sun, Apr 12, 2099')).toBeInTheDocument();
  expect(within(free).getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/events/4');
  expect(within(free).queryByText(/₱/)).not.toBeInTheDocument();

  const paid = row('Paid Events');
  expect(within(paid).getByText('₱150.00')).toBeInTheDocument();
  expect(within(paid).getByText('₱1,500.00')).toBeInTheDocument();
  expect(within(paid).queryByText('FREE')).not.toBeInTheDocument();
  expect(within(paid).getAllByRole('link', { name: 'Book Now' }).map((a) => a.getAttribute('href'))).toEqual([
    '/events/5',
    '/events/6',
  ]);

  expect(within(paid).getByRole('button', { name: 'Scroll Paid Events left' })).toBeInTheDocument();
  expect(within(paid).getByRole('button', { name: 'Scroll Paid Events right' })).toBeInTheDocument();
});

test('an empty row says No events found in this category.', async () => {
  mockFetch({
    '/api/events?genre=concert': {
      body: { success: true, events: [makeEvent({ id: 9, genre: 'concert', title: 'Band Night', isFree: false, price: 300 })] },
    },
  });
  renderGenre('/genre/concert');

  expect(screen.getByRole('heading', { level: 1, name: 'Concerts & Music' })).toBeInTheDocument();
  await screen.findByRole('heading', { name: 'Band Night' });
  expect(within(row('Free Events')).getByText('No events found in this category.')).toBeInTheDocument();
  expect(within(row('Paid Events')).queryByText('No events found in this category.')).not.toBeInTheDocument();
  expect(within(row('Paid Events')).getByText('₱300.00')).toBeInTheDocument();
});

test('an empty category shows the message in both rows', async () => {
  mockFetch({ '/api/events?genre=community': { body: { success: true, events: [] } } });
  renderGenre('/genre/community');
  expect(screen.getByRole('heading', { level: 1, name: 'Community Activities' })).toBeInTheDocument();
  expect(await screen.findAllByText('No events found in this category.')).toHaveLength(2);
});

test('a past event stays visible but cannot be booked', async () => {
  mockFetch({
    '/api/events?genre=sports': {
      body: { success: true, events: [makeEvent({ id: 12, title: 'Last Season Final', isFree: false, price: 200, startsAt: PAST })] },
    },
  });
  renderGenre('/genre/sports');
  await screen.findByRole('heading', { name: 'Last Season Final' });
  const paid = row('Paid Events');
  expect(within(paid).getByText('Ticket sales closed')).toBeInTheDocument();
  expect(within(paid).queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
  expect(within(paid).getByRole('link', { name: 'View Event' })).toHaveAttribute('href', '/events/12');
});

test('a sold-out event says so and offers its page instead of Book Now; the past events are a link away', async () => {
  mockFetch({
    '/api/events?genre=sports': {
      body: { success: true, events: [makeEvent({ id: 5, title: 'Cup Opener' }), makeEvent({ id: 14, title: 'Derby Night', soldOut: true })] },
    },
  });
  renderGenre('/genre/sports');
  await screen.findByRole('heading', { name: 'Derby Night' });
  const derby = screen.getByRole('article', { name: 'Derby Night' });
  expect(within(derby).getByText('Sold out')).toBeInTheDocument();
  expect(within(derby).queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
  expect(within(derby).getByRole('link', { name: 'View Event' })).toHaveAttribute('href', '/events/14');
  const opener = screen.getByRole('article', { name: 'Cup Opener' });
  expect(within(opener).queryByText('Sold out')).not.toBeInTheDocument();
  expect(within(opener).getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/events/5');
  expect(screen.getByRole('link', { name: 'Past events' })).toHaveAttribute('href', '/events/past');
});

test('Past Events lists the events whose sales closed by genre, each to its page, and says so for a genre without any', async () => {
  const fetchMock = mockFetch({
    '/api/events/past': {
      body: {
        success: true,
        events: [
          makeEvent({ id: 30, title: 'Summer Finals', startsAt: PAST }),
          makeEvent({ id: 31, genre: 'concert', title: 'Harana Night', startsAt: PAST }),
        ],
      },
    },
  });
  renderAt('/events/past', '/events/past', <PastEventsPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Past Events' })).toBeInTheDocument();
  await screen.findByRole('heading', { name: 'Summer Finals' });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(within(row('Sports Events')).getByRole('link', { name: 'View Event' })).toHaveAttribute('href', '/events/30');
  expect(within(row('Concerts & Music')).getByRole('heading', { name: 'Harana Night' })).toBeInTheDocument();
  expect(within(row('Community Activities')).getByText('No events found in this category.')).toBeInTheDocument();
});

test('an unknown genre shows a not-found message and calls no API', () => {
  const fetchMock = mockFetch({});
  renderGenre('/genre/opera');
  expect(screen.getByRole('heading', { level: 1, name: 'Category Not Found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sports Events' })).toHaveAttribute('href', '/genre/sports');
  expect(fetchMock).not.toHaveBeenCalled();
});

test('a failed load shows an error with Retry', async () => {
  mockFetch({
    '/api/events?genre=sports': [
      { status: 503, body: { success: false, error: 'Database unavailable' } },
      { body: { success: true, events: [makeEvent({ id: 4, title: 'Fun Run' })] } },
    ],
  });
  renderGenre('/genre/sports');
  expect(await screen.findByRole('alert')).toHaveTextContent('Events could not be loaded');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Fun Run' })).toBeInTheDocument();
});

test("a card shows an uploaded banner's small size (?w=480) and a generated poster as it is", async () => {
  const banner = `/api/banners/${'B'.repeat(22)}`;
  mockFetch({
    '/api/events?genre=sports': {
      body: {
        success: true,
        events: [makeEvent({ id: 7, title: 'Bannered', img: banner }), makeEvent({ id: 8, title: 'Poster', img: '/api/events/8/image.svg' })],
      },
    },
  });
  const { container } = renderGenre('/genre/sports');
  await screen.findByRole('heading', { name: 'Bannered' });
  const sources = [...container.querySelectorAll('img.bk-event-card__image')].map((img) => img.getAttribute('src') ?? '');
  expect(sources).toHaveLength(2);
  expect(sources[0]).toMatch(new RegExp(`${banner}\\?w=480$`));
  expect(sources[1]).toMatch(/\/api\/events\/8\/image\.svg$/);
});
