import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from './support/render';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SessionUser } from '@sports/contracts';
import { BOOKED_SEATS_REFRESH_MS, SectionPage } from '../src/features/section/section-page';
import { LINE_OPEN, LocationProbe, SECTIONS, USER, makeOrder, readLocation, readyGrid } from './support/booking-fixtures';
import type { MockAnswer } from './support/fetch-mock';
import { PAST, makeEvent, mockFetch } from './support/fetch-mock';

const EVENT = makeEvent({ id: 1, title: 'City Games', isFree: false, price: 150 });

function mockSection(eventId: number, sectionId: number, booked: MockAnswer | MockAnswer[] | Error | (() => MockAnswer) = { body: { bookedSeats: [] } }, event = EVENT) {
  return mockFetch({
    [`/api/events/${eventId}`]: { body: { success: true, event } },
    [`/api/sections?event_id=${eventId}`]: { body: { success: true, sections: SECTIONS } },
    [`/api/events/${eventId}/line`]: LINE_OPEN,
    [`/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=${sectionId}`]: booked,
    '/api/my/orders': { body: { success: true, orders: [] } },
  });
}

interface RenderOptions {
  user?: SessionUser | null;
  state?: unknown;
  history?: string[];
}

function renderSection(path: string, { user = null, state, history = [] }: RenderOptions = {}) {
  const [pathname, query] = path.split('?');
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[...history, { pathname, search: query ? `?${query}` : '', state }]} initialIndex={history.length}>
        <Routes>
          <Route path="/events/:id/seatmap/:sectionId" element={<SectionPage user={user} />} />
          <Route path="/events/:id/checkout" element={<LocationProbe />} />
          <Route path="/events/:id" element={<LocationProbe />} />
          <Route path="/login" element={<LocationProbe />} />
          <Route path="/previous" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

function grid(label = 'Upper Box D'): HTMLElement {
  return screen.getByRole('group', { name: `Seats in ${label}` });
}

/** A seat button by number (a CSS lookup: role queries over 250 buttons are slow; names are asserted separately). */
function seat(n: number): HTMLElement {
  const button = grid(seatSectionLabel).querySelector<HTMLElement>(`button[data-seat="${n}"]`);
  if (!button) throw new Error(`No seat ${n}`);
  return button;
}
let seatSectionLabel = 'Upper Box D';

/** Waits for the frame after a tap: the summary (words, total, Checkout) follows the seats a frame later. */
async function nextFrame(): Promise<void> {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

beforeEach(() => {
  window.sessionStorage.clear();
  seatSectionLabel = 'Upper Box D';
});

test("an event's own seat plan is one section laid out as its rows x columns", async () => {
  const plan = { id: 40, label: 'Floor', capacity: 40, level: 'lower' as const, rows: 5, map: { x: 28, y: 70, width: 44, height: 12 } };
  mockFetch({
    '/api/events/9': { body: { success: true, event: makeEvent({ id: 9 }) } },
    '/api/sections?event_id=9': { body: { success: true, sections: [plan] } },
    '/api/events/9/line': LINE_OPEN,
    '/backend/api/get-booked-seats.php?event_id=9&section_id=40': { body: { bookedSeats: [] } },
  });
  renderSection('/events/9/seatmap/40');
  const seats = await within(await readyGrid('Floor')).findAllByRole('button');
  expect(seats).toHaveLength(40);
  const sizes = ['A', 'B', 'C', 'D', 'E'].map((letter) => within(screen.getByRole('group', { name: `Row ${letter}` })).getAllByRole('button').length);
  expect(sizes).toEqual([8, 8, 8, 8, 8]);
  expect(screen.queryByRole('group', { name: 'Row F' })).toBeNull();
  expect(seats[8]).toHaveAccessibleName('Row B, seat 9, available');
});

test('an upper section of 183 has 6 lettered rows, numbered continuously', async () => {
  mockSection(1, 1);
  renderSection('/events/1/seatmap/1');
  const seats = await within(await readyGrid('Upper Box D')).findAllByRole('button');
  expect(seats).toHaveLength(183);
  const rowNames = ['A', 'B', 'C', 'D', 'E', 'F'];
  const sizes = rowNames.map((letter) => within(screen.getByRole('group', { name: `Row ${letter}` })).getAllByRole('button').length);
  expect(sizes).toEqual([31, 31, 31, 30, 30, 30]);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(183);
  expect(seats[0]).toHaveAccessibleName('Row A, seat 1, available');
  expect(seats[182]).toHaveAccessibleName('Row F, seat 183, available');
  expect(within(screen.getByRole('group', { name: 'Row B' })).getAllByRole('button')[0]).toHaveTextContent('32');
  expect(screen.getByRole('heading', { level: 1, name: 'Upper Box D' })).toBeInTheDocument();
  const legend = screen.getByRole('list', { name: 'Legend' });
  expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Available', 'Reserved', 'Selected']);
});

test('a lower section of 150 has 5 rows of 30', async () => {
  mockSection(1, 6);
  renderSection('/events/1/seatmap/6');
  seatSectionLabel = 'Lower Box A';
  const g = await readyGrid('Lower Box A');
  expect(within(g).getAllByRole('button')).toHaveLength(150);
  expect(within(g).getAllByRole('group').map((row) => within(row).getAllByRole('button').length)).toEqual([30, 30, 30, 30, 30]);
  expect(screen.queryByRole('group', { name: 'Row F' })).not.toBeInTheDocument();
  expect(seat(1)).toHaveAccessibleName('Row A, seat 1, available');
  expect(seat(150)).toHaveAccessibleName('Row E, seat 150, available');
});

test('booked seats are Reserved and cannot be selected', async () => {
  mockSection(1, 1, { body: { bookedSeats: [5, 37] } });
  renderSection('/events/1/seatmap/1');
  await readyGrid('Upper Box D');
  const reserved = seat(37);
  expect(reserved).toHaveAccessibleName('Row B, seat 37, reserved');
  expect(reserved).toHaveAttribute('aria-disabled', 'true');
  fireEvent.click(reserved);
  expect(reserved).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByRole('alert')).toHaveTextContent('Seat B37 is already reserved.');
  expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
});

test('a failed booked-seat fetch counts as no booked seats (SPEC §8)', async () => {
  mockSection(1, 1, { status: 500, body: { success: false, error: 'boom' } });
  renderSection('/events/1/seatmap/1');
  const g = await readyGrid('Upper Box D');
  expect(within(g).getAllByRole('button', { name: /available$/ })).toHaveLength(183);
  expect(g.querySelectorAll('[aria-disabled="true"]')).toHaveLength(0);
  expect(screen.getByRole('status')).toHaveTextContent('We could not check which seats are taken');
});

test('a network failure of the booked-seat fetch also counts as none', async () => {
  mockSection(1, 1, new TypeError('Failed to fetch'));
  renderSection('/events/1/seatmap/1');
  const g = await readyGrid('Upper Box D');
  expect(within(g).getAllByRole('button', { name: /available$/ })).toHaveLength(183);
});

test('clicking toggles a seat; Checkout is disabled until a seat is selected; the total is price x seats', async () => {
  mockSection(1, 1);
  renderSection('/events/1/seatmap/1');
  await readyGrid('Upper Box D');
  const checkout = screen.getByRole('button', { name: 'Checkout' });
  expect(checkout).toBeDisabled();
  fireEvent.click(seat(32));
  expect(seat(32)).toHaveAttribute('aria-pressed', 'true');
  expect(seat(32)).toHaveAccessibleName('Row B, seat 32, selected');
  fireEvent.click(seat(33));
  await nextFrame();
  expect(checkout).toBeEnabled();
  expect(screen.getByText('Seats: B32, B33')).toBeInTheDocument();
  expect(screen.getByText('₱300.00')).toBeInTheDocument();
  fireEvent.click(seat(32));
  fireEvent.click(seat(33));
  expect(seat(32)).toHaveAttribute('aria-pressed', 'false');
  await nextFrame();
  expect(checkout).toBeDisabled();
  expect(screen.getByText('₱0.00')).toBeInTheDocument();
});

test('a tapped seat keeps showing its state when its row renders again for the tab stop', async () => {
  mockSection(1, 1);
  renderSection('/events/1/seatmap/1');
  await readyGrid('Upper Box D');
  fireEvent.click(seat(32));
  await nextFrame();
  expect(seat(32)).toHaveAttribute('tabindex', '0');
  expect(seat(32)).toHaveAttribute('aria-pressed', 'true');
  expect(seat(32)).toHaveClass('bk-seat--selected');
  fireEvent.click(seat(32));
  fireEvent.click(seat(33));
  await nextFrame();
  expect(seat(33)).toHaveAttribute('tabindex', '0');
  expect(seat(32)).toHaveAttribute('tabindex', '-1');
  expect(seat(32)).toHaveAttribute('aria-pressed', 'false');
  expect(seat(32)).toHaveClass('bk-seat--available');
  expect(seat(32)).toHaveAccessibleName('Row B, seat 32, available');
  expect(seat(33)).toHaveAttribute('aria-pressed', 'true');
  expect(seat(33)).toHaveAccessibleName('Row B, seat 33, selected');
});

test('a free event totals ₱0.00 and says FREE', async () => {
  mockSection(5, 1, { body: { bookedSeats: [] } }, makeEvent({ id: 5, isFree: true, price: 0 }));
  renderSection('/events/5/seatmap/1');
  await readyGrid('Upper Box D');
  fireEvent.click(seat(1));
  await nextFrame();
  expect(screen.getByText('₱0.00')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: '1 seat selected' })).getByText('FREE')).toBeInTheDocument();
});

test('keyboard: one tab stop, arrows move, Home/End, Enter and Space toggle', async () => {
  const user = userEvent.setup();
  mockSection(1, 1, { body: { bookedSeats: [3] } });
  renderSection('/events/1/seatmap/1');
  const g = await readyGrid('Upper Box D');
  expect(g.querySelectorAll('[tabindex="0"]')).toHaveLength(1);

  act(() => seat(1).focus());
  await user.keyboard('{ArrowRight}');
  expect(seat(2)).toHaveFocus();
  expect(seat(2)).toHaveAttribute('tabindex', '0');
  expect(seat(1)).toHaveAttribute('tabindex', '-1');
  await user.keyboard('{ArrowDown}');
  expect(seat(33)).toHaveFocus();
  await user.keyboard('{ArrowUp}{ArrowRight}');
  expect(seat(3)).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(seat(3)).toHaveAttribute('aria-pressed', 'false'); // reserved
  await user.keyboard('{ArrowLeft}{Enter}');
  expect(seat(2)).toHaveAttribute('aria-pressed', 'true');
  await user.keyboard('{End}');
  expect(seat(31)).toHaveFocus();
  await user.keyboard(' ');
  expect(seat(31)).toHaveAttribute('aria-pressed', 'true');
  await user.keyboard('{Home}');
  expect(seat(1)).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(seat(1)).toHaveAttribute('aria-pressed', 'true');
  await user.keyboard('{Enter}');
  expect(seat(1)).toHaveAttribute('aria-pressed', 'false');
  expect(g.querySelectorAll('[tabindex="0"]')).toHaveLength(1);

  // Tab leaves the grid in one step.
  await user.tab();
  expect(g).not.toContainElement(document.activeElement as HTMLElement);
});

test('at most 10 seats per order, with a clear message', async () => {
  mockSection(1, 1);
  renderSection('/events/1/seatmap/1');
  await readyGrid('Upper Box D');
  for (let n = 1; n <= 10; n += 1) fireEvent.click(seat(n));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  fireEvent.click(seat(11));
  expect(seat(11)).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByRole('alert')).toHaveTextContent('You can select up to 10 seats per order.');
  await nextFrame();
  expect(screen.getByRole('heading', { name: '10 seats selected' })).toBeInTheDocument();
});

test('logged out, Checkout goes to /login with state.from and the selection waits in sessionStorage', async () => {
  mockSection(1, 1);
  const view = renderSection('/events/1/seatmap/1', { user: null });
  await readyGrid('Upper Box D');
  fireEvent.click(seat(40));
  fireEvent.click(seat(41));
  await nextFrame();
  fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
  expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/login', state: { from: { pathname: '/events/1/seatmap/1' } } });
  expect(JSON.parse(window.sessionStorage.getItem('booking:selection:1:1') ?? 'null')).toEqual([40, 41]);
  view.unmount();

  // Back from login: the selection is restored.
  mockSection(1, 1);
  renderSection('/events/1/seatmap/1', { user: USER });
  await readyGrid('Upper Box D');
  expect(seat(40)).toHaveAttribute('aria-pressed', 'true');
  expect(seat(41)).toHaveAttribute('aria-pressed', 'true');
});

test('logged in, Checkout navigates to checkout first with the seats (SPEC §4)', async () => {
  const fetchMock = mockSection(1, 1);
  renderSection('/events/1/seatmap/1', { user: USER });
  await readyGrid('Upper Box D');
  fireEvent.click(seat(41));
  fireEvent.click(seat(40));
  await nextFrame();
  const callsBefore = fetchMock.mock.calls.length;
  fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
  expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/events/1/checkout', state: { eventId: 1, sectionId: 1, seats: [40, 41] } });
  // No booking call from the seat page.
  expect(fetchMock.mock.calls.length).toBe(callsBefore);
});

test('a message in the navigation state shows in an alert; seats taken meanwhile leave the selection', async () => {
  window.sessionStorage.setItem('booking:selection:1:1', JSON.stringify([12, 13]));
  mockSection(1, 1, { body: { bookedSeats: [13] } });
  renderSection('/events/1/seatmap/1', { user: USER, state: { message: 'Some seats are already booked: A13' } });
  await readyGrid('Upper Box D');
  expect(screen.getByRole('alert')).toHaveTextContent('Some seats are already booked: A13');
  expect(seat(12)).toHaveAttribute('aria-pressed', 'true');
  expect(seat(13)).toHaveAccessibleName('Row A, seat 13, reserved');
  expect(await screen.findByRole('heading', { name: '1 seat selected' })).toBeInTheDocument();
  expect(JSON.parse(window.sessionStorage.getItem('booking:selection:1:1') ?? 'null')).toEqual([12]);
});

test('after a message, a seat taken later by someone else still leaves the selection with a notice', async () => {
  jest.useFakeTimers();
  try {
    window.sessionStorage.setItem('booking:selection:1:1', JSON.stringify([12, 40]));
    let taken: number[] = [];
    mockSection(1, 1, () => ({ body: { bookedSeats: taken } }));
    renderSection('/events/1/seatmap/1', { user: USER, state: { message: 'Your seats were released.' } });
    await readyGrid('Upper Box D');
    expect(seat(40)).toHaveAttribute('aria-pressed', 'true');
    taken = [40];
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BOOKED_SEATS_REFRESH_MS);
    });
    await waitFor(() => expect(seat(40)).toHaveAccessibleName('Row B, seat 40, reserved'));
    expect(screen.getByText('Seat B40 was booked by someone else and was removed from your selection.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '1 seat selected' })).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

/** Holds back the answers to `path` until the returned function is called. */
function holdBack(fetchMock: jest.Mock, path: string): () => Promise<void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = fetchMock.getMockImplementation() as (input: RequestInfo | URL) => Promise<Response>;
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    if (new URL(String(input)).pathname === path) await gate;
    return answer(input);
  });
  return async () => {
    await act(async () => release());
  };
}

test("Checkout waits until the buyer's hold is known, so it never books a second hold", async () => {
  const hold = makeOrder({ section: { id: 6, label: 'Lower Box A' }, seats: [3, 4], seatNames: ['A3', 'A4'], expiresAt: '2999-01-01T00:00:00.000Z' });
  window.sessionStorage.setItem('booking:selection:1:1', JSON.stringify([40]));
  const fetchMock = mockFetch({
    '/api/events/1': { body: { success: true, event: EVENT } },
    '/api/sections?event_id=1': { body: { success: true, sections: SECTIONS } },
    '/api/events/1/line': LINE_OPEN,
    '/backend/api/get-booked-seats.php?event_id=1&section_id=1': { body: { bookedSeats: [] } },
    '/api/my/orders': { body: { success: true, orders: [hold] } },
  });
  const release = holdBack(fetchMock, '/api/my/orders');
  renderSection('/events/1/seatmap/1', { user: USER });
  const checkout = await screen.findByRole('button', { name: 'Checkout' });
  expect(screen.getByText('Seats: B40')).toBeInTheDocument();
  expect(checkout).toBeDisabled();
  expect(checkout).toHaveAccessibleDescription('Checking your held seats…');
  fireEvent.click(checkout);
  expect(screen.queryByTestId('location')).not.toBeInTheDocument();

  await release();
  await waitFor(() => expect(checkout).toBeEnabled());
  expect(screen.queryByText('Checking your held seats…')).not.toBeInTheDocument();
  fireEvent.click(checkout);
  expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/events/1/checkout', state: { eventId: 1, sectionId: 1, seats: [40], holdId: 55 } });
});

test("a failed read of the buyer's hold keeps Checkout off, says so and retries", async () => {
  let down = true;
  window.sessionStorage.setItem('booking:selection:1:1', JSON.stringify([40]));
  mockFetch({
    '/api/events/1': { body: { success: true, event: EVENT } },
    '/api/sections?event_id=1': { body: { success: true, sections: SECTIONS } },
    '/api/events/1/line': LINE_OPEN,
    '/backend/api/get-booked-seats.php?event_id=1&section_id=1': { body: { bookedSeats: [] } },
    '/api/my/orders': () => (down ? { status: 500, body: { success: false, error: 'boom' } } : { body: { success: true, orders: [] } }),
  });
  renderSection('/events/1/seatmap/1', { user: USER });
  const alert = await screen.findByText('We could not check your held seats, so Checkout waits.');
  const checkout = screen.getByRole('button', { name: 'Checkout' });
  expect(checkout).toBeDisabled();
  down = false;
  fireEvent.click(within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(checkout).toBeEnabled());
  expect(screen.queryByText(/We could not check your held seats/)).not.toBeInTheDocument();
  fireEvent.click(checkout);
  expect(readLocation(screen.getByTestId)).toEqual({ pathname: '/events/1/checkout', state: { eventId: 1, sectionId: 1, seats: [40] } });
});

test('Best available waits for the booked seats', async () => {
  const release = holdBack(mockSection(1, 1, { body: { bookedSeats: [1, 2] } }), '/backend/api/get-booked-seats.php');
  renderSection('/events/1/seatmap/1');
  const best = await screen.findByRole('button', { name: 'Best available' });
  expect(best).toBeDisabled();
  fireEvent.submit(best.closest('form') as HTMLFormElement);
  expect(screen.getByRole('heading', { name: 'No seats selected' })).toBeInTheDocument();
  await release();
  await waitFor(() => expect(best).toBeEnabled());
  fireEvent.click(best);
  expect(await screen.findByRole('heading', { name: '2 seats selected' })).toBeInTheDocument();
  expect([seat(1), seat(2)].map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
});

test('How many seats? proposes that many seats side by side, stranding no single seat, to change seat by seat', async () => {
  // Row A of Upper Box D is seats 1-31; seat 12 is taken, so the middle block 14-17 would leave 13 alone.
  mockSection(1, 1, { body: { bookedSeats: [12] } });
  renderSection('/events/1/seatmap/1');
  await readyGrid('Upper Box D');
  expect(screen.getByRole('heading', { name: 'How many seats?' })).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Seats together'), { target: { value: '4' } });
  expect(await screen.findByRole('heading', { name: '4 seats selected' })).toBeInTheDocument();
  expect([14, 15, 16, 17, 18, 19].map((n) => seat(n).getAttribute('aria-pressed'))).toEqual(['false', 'true', 'true', 'true', 'true', 'false']);
  expect(screen.getByText(/^Proposed: A15, A16, A17, A18, side by side\./)).toBeInTheDocument();
  expect(screen.getByText('Seats: A15, A16, A17, A18')).toBeInTheDocument();
  // Changed seat by seat on the grid: the proposal note gives way.
  fireEvent.click(seat(18));
  fireEvent.click(seat(20));
  expect(await screen.findByText('Seats: A15, A16, A17, A20')).toBeInTheDocument();
  expect(screen.queryByText(/^Proposed:/)).not.toBeInTheDocument();
  // The most per order, ten, still side by side in one row.
  fireEvent.change(screen.getByLabelText('Seats together'), { target: { value: '10' } });
  expect(await screen.findByRole('heading', { name: '10 seats selected' })).toBeInTheDocument();
});

test('arriving with ?seats=N (the seat map\'s How many seats?) proposes N once the booked seats are known, once', async () => {
  jest.useFakeTimers();
  try {
    let taken = [12];
    const release = holdBack(mockSection(1, 1, () => ({ body: { bookedSeats: taken } })), '/backend/api/get-booked-seats.php');
    renderSection('/events/1/seatmap/1?seats=4');
    const count = await screen.findByLabelText('Seats together');
    expect(count).toHaveValue('4');
    expect(screen.getByRole('heading', { name: 'No seats selected' })).toBeInTheDocument();
    await release();
    expect(await screen.findByRole('heading', { name: '4 seats selected' })).toBeInTheDocument();
    expect(screen.getByText('Seats: A15, A16, A17, A18')).toBeInTheDocument();
    // Changed on the grid, it stays changed when the booked seats are checked again.
    fireEvent.click(seat(18));
    taken = [12, 40];
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BOOKED_SEATS_REFRESH_MS);
    });
    expect(seat(40)).toHaveAccessibleName('Row B, seat 40, reserved');
    expect(screen.getByText('Seats: A15, A16, A17')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test('a ?seats= out of range or not a number is ignored', async () => {
  mockSection(1, 1);
  renderSection('/events/1/seatmap/1?seats=11');
  expect(await screen.findByLabelText('Seats together')).toHaveValue('2');
  await screen.findByRole('group', { name: 'Seats in Upper Box D' });
  expect(screen.getByRole('heading', { name: 'No seats selected' })).toBeInTheDocument();
});

test('the section switcher opens another section', async () => {
  const user = userEvent.setup();
  mockFetch({
    '/api/events/1': { body: { success: true, event: EVENT } },
    '/api/sections?event_id=1': { body: { success: true, sections: SECTIONS } },
    '/api/events/1/line': LINE_OPEN,
    '/backend/api/get-booked-seats.php?event_id=1&section_id=1': { body: { bookedSeats: [] } },
    '/backend/api/get-booked-seats.php?event_id=1&section_id=6': { body: { bookedSeats: [] } },
  });
  renderSection('/events/1/seatmap/1');
  await readyGrid('Upper Box D');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Section' }), 'Lower Box A');
  expect(await readyGrid('Lower Box A')).toBeInTheDocument();
});

test('an unknown section: Event or section not found, Go Back returns to the event without history', async () => {
  mockSection(1, 99);
  renderSection('/events/1/seatmap/99');
  expect(await screen.findByRole('heading', { name: 'Event or section not found' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
  expect(readLocation(screen.getByTestId).pathname).toBe('/events/1');
});

test('an unknown event: Go Back goes back in history when there is some', async () => {
  mockFetch({
    '/api/events/77': { status: 404, body: { success: false, error: 'Event not found' } },
    '/api/sections?event_id=77': { body: { success: true, sections: SECTIONS } },
    '/api/events/77/line': LINE_OPEN,
  });
  renderSection('/events/77/seatmap/1', { history: ['/previous'] });
  expect(await screen.findByRole('heading', { name: 'Event or section not found' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
  expect(readLocation(screen.getByTestId).pathname).toBe('/previous');
});

test('a past event cannot be booked', async () => {
  mockSection(3, 1, { body: { bookedSeats: [] } }, makeEvent({ id: 3, startsAt: PAST }));
  renderSection('/events/3/seatmap/1');
  expect(await screen.findByText('Ticket sales for this event have closed.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
});
