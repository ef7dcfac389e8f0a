import { fireEvent, render, screen, within } from './support/render';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { SearchResult } from '@sports/contracts';
import { NO_RESULTS_MESSAGE, SearchPage, resultsSummary } from '../src/features/search/search-page';
import { makeEvent, mockFetch } from './support/fetch-mock';

const result = (id: number, overrides: Partial<SearchResult> = {}): SearchResult => ({
  ...makeEvent({ id, title: `Basketball ${id}`, price: 250, isFree: false }),
  seatsLeft: 12,
  soldOut: false,
  ...overrides,
});
const answer = (events: SearchResult[], total = events.length, page = 1) => ({ body: { success: true, events, total, page, pageSize: 20 } });

/** Where the page's router is: the URL the filters write. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderSearch(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/search"
          element={
            <>
              <SearchPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}
const where = () => screen.getByTestId('where').textContent;

test('says how many events matched in plain English, with thousands grouped', async () => {
  expect(resultsSummary(1, 'cafe')).toBe('1 event matches “cafe”');
  expect(resultsSummary(2131, 'cafe')).toBe('2,131 events match “cafe”');
  expect(resultsSummary(1, '')).toBe('1 event on sale');
  mockFetch({ '/api/events/search?q=arena': answer([result(7, { seatsLeft: 2131 })], 1) });
  renderSearch('/search?q=arena');
  expect(await screen.findByRole('heading', { name: '1 event matches “arena”' })).toBeInTheDocument();
  expect(within(screen.getByRole('article', { name: 'Basketball 7' })).getByText(/2,131 seats left/)).toBeInTheDocument();
});

test('reads the search from the URL, shows the results with View Event, and pages', async () => {
  const fetchMock = mockFetch({
    '/api/events/search?q=basketbal&maxPrice=300': answer([result(7, { seatsLeft: 1, organizer: 'Pasig Hoops', time: '7:00 PM' }), result(8, { soldOut: true, seatsLeft: 0 })], 23),
    '/api/events/search?q=basketbal&maxPrice=300&page=2': answer([result(9)], 23, 2),
  });
  renderSearch('/search?q=basketbal&maxPrice=300&utm=x');

  expect(screen.getByRole('heading', { level: 1, name: 'Search events' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: '23 events match “basketbal”' })).toBeInTheDocument();
  const first = screen.getByRole('article', { name: 'Basketball 7' });
  expect(within(first).getByRole('link', { name: 'View Event' })).toHaveAttribute('href', '/events/7');
  expect(within(first).getByText('By Pasig Hoops')).toBeInTheDocument();
  expect(within(first).getByText(/1 seat left/)).toBeInTheDocument();
  expect(within(screen.getByRole('article', { name: 'Basketball 8' })).getByText(/Sold out/)).toBeInTheDocument();
  expect(screen.getByRole('spinbutton', { name: 'Max price (₱)' })).toHaveValue(300);
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');

  fireEvent.click(screen.getByRole('link', { name: 'Next page' }));
  expect(await screen.findByRole('article', { name: 'Basketball 9' })).toBeInTheDocument();
  expect(where()).toBe('/search?q=basketbal&maxPrice=300&utm=x&page=2');
  expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

test('writes every filter to the URL, back to the first page', async () => {
  jest.useFakeTimers({ now: new Date('2026-05-13T04:00:00Z'), doNotFake: ['queueMicrotask', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'setImmediate', 'nextTick'] });
  try {
    mockFetch({
      '/api/events/search?q=run&page=2': answer([result(1)], 30, 2),
      '/api/events/search?q=run&from=2026-05-16&to=2026-05-17': answer([result(2)]),
      '/api/events/search?q=run&genre=concert&from=2026-05-16&to=2026-05-17': answer([result(3)]),
      '/api/events/search?q=run&genre=concert&from=2026-05-16&to=2026-05-17&price=free': answer([result(4)]),
      '/api/events/search?q=run&genre=concert&from=2026-05-16&to=2026-05-17&price=free&minSeats=2': answer([result(5)]),
      '/api/events/search?q=run&genre=concert&from=2026-05-16&to=2026-05-17&price=free&minSeats=2&sort=price': answer([result(6)]),
    });
    renderSearch('/search?q=run&page=2');
    await screen.findByRole('article', { name: 'Basketball 1' });

    const weekend = screen.getByRole('button', { name: 'This weekend' });
    expect(weekend).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(weekend);
    await screen.findByRole('article', { name: 'Basketball 2' });
    expect(where()).toBe('/search?q=run&from=2026-05-16&to=2026-05-17');
    expect(screen.getByRole('button', { name: 'This weekend' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue('2026-05-16');

    fireEvent.change(screen.getByRole('combobox', { name: 'Genre' }), { target: { value: 'concert' } });
    await screen.findByRole('article', { name: 'Basketball 3' });
    fireEvent.click(screen.getByRole('radio', { name: 'Free' }));
    await screen.findByRole('article', { name: 'Basketball 4' });
    const seats = screen.getByRole('spinbutton', { name: 'Minimum seats left' });
    fireEvent.change(seats, { target: { value: '2' } });
    fireEvent.blur(seats);
    await screen.findByRole('article', { name: 'Basketball 5' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price' } });
    await screen.findByRole('article', { name: 'Basketball 6' });
    expect(where()).toBe('/search?q=run&from=2026-05-16&to=2026-05-17&genre=concert&price=free&minSeats=2&sort=price');
  } finally {
    jest.useRealTimers();
  }
});

test('no match: says so plainly and clears the filters, keeping the text', async () => {
  mockFetch({
    '/api/events/search?q=zzz&price=paid': answer([]),
    '/api/events/search?q=zzz': answer([]),
  });
  renderSearch('/search?q=zzz&price=paid');
  expect(await screen.findByRole('heading', { name: NO_RESULTS_MESSAGE })).toBeInTheDocument();
  const clear = screen.getAllByRole('button', { name: 'Clear filters' });
  fireEvent.click(clear[clear.length - 1] as HTMLElement);
  expect(where()).toBe('/search?q=zzz');
  expect(await screen.findByRole('link', { name: 'See all events on sale' })).toHaveAttribute('href', '/search');
});

test('a bad parameter in a shared link: the API says what is wrong, and the filters can be cleared', async () => {
  mockFetch({
    '/api/events/search?maxPrice=abc': { status: 400, body: { success: false, error: 'maxPrice must be an amount in pesos from 0 to 1000000' } },
    '/api/events/search': answer([result(1)]),
  });
  renderSearch('/search?maxPrice=abc');
  expect(await screen.findByText(/maxPrice must be an amount/)).toBeInTheDocument();
  const clear = screen.getAllByRole('button', { name: 'Clear filters' });
  fireEvent.click(clear[clear.length - 1] as HTMLElement);
  expect(await screen.findByRole('heading', { name: '1 event on sale' })).toBeInTheDocument();
});
