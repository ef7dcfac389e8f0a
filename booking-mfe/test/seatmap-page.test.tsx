import { act, fireEvent, render, screen, within } from './support/render';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SeatmapPage } from '../src/features/seatmap/seatmap-page';
import { LINE_OPEN, SECTIONS } from './support/booking-fixtures';
import { PAST, makeEvent, mockFetch } from './support/fetch-mock';

function availability(overrides: Record<number, number> = {}) {
  return {
    body: {
      success: true,
      sections: SECTIONS.map((s) => ({ sectionId: s.id, capacity: s.capacity, available: overrides[s.id] ?? s.capacity, price: 150 })),
    },
  };
}

function mockVenue(eventId: number, event = makeEvent({ id: eventId, title: 'City Games', time: '7:00 PM', date: '2099-06-01' }), soldOut: Record<number, number> = {}) {
  return mockFetch({
    [`/api/events/${eventId}`]: { body: { success: true, event } },
    [`/api/sections?event_id=${eventId}`]: { body: { success: true, sections: SECTIONS } },
    [`/api/events/${eventId}/line`]: LINE_OPEN,
    [`/api/events/${eventId}/availability`]: availability(soldOut),
  });
}

function renderSeatmap(eventId: number | string) {
  return render(
    <MemoryRouter initialEntries={[`/events/${eventId}/seatmap`]}>
      <Routes>
        <Route path="/events/:id/seatmap" element={<SeatmapPage />} />
        <Route path="/events/:id/seatmap/:sectionId" element={<p>Seat grid page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function sectionButton(label: string): HTMLElement {
  return within(screen.getByRole('group', { name: 'Venue map' })).getByRole('button', { name: new RegExp(`^${label}\\b`) });
}

test('Select Seats: date and time fixed by the event, a Section list and 13 section buttons with seats left', async () => {
  mockVenue(4, makeEvent({ id: 4, title: 'City Games', time: '7:00 PM', date: '2099-06-01' }), { 6: 1, 9: 0 });
  renderSeatmap(4);
  const date = await screen.findByLabelText('Date');
  expect(screen.getByRole('heading', { level: 1, name: 'Select Seats' })).toBeInTheDocument();
  expect(date).toHaveValue('2099-06-01');
  expect(date).toHaveAttribute('readonly');
  expect(screen.getByLabelText('Time')).toHaveValue('19:00');
  expect(screen.getByRole('combobox', { name: 'Section' })).toBeInTheDocument();

  const map = screen.getByRole('group', { name: 'Venue map' });
  await within(map).findAllByText('183 seats left');
  expect(within(map).getAllByRole('button')).toHaveLength(13);
  expect(sectionButton('Lower Box A')).toHaveAccessibleName(/^Lower Box A ?, 1 seat left$/);
  const soldOut = sectionButton('Lower Box B');
  expect(soldOut).toBeDisabled();
  expect(soldOut).toHaveTextContent('Sold out');
  // It keeps its event's colour (blue for event 4); stripes say sold out.
  expect(soldOut).toHaveClass('bk-venue__section--blue', 'bk-venue__section--soldout');
  expect(screen.getByText('COURT')).toBeInTheDocument();
});

test('first click highlights a section, a second click on it opens its seat grid', async () => {
  mockVenue(4);
  renderSeatmap(4);
  await screen.findAllByText('183 seats left');
  const upperD = sectionButton('Upper Box D');
  expect(upperD).toHaveAttribute('aria-pressed', 'false');
  fireEvent.click(upperD);
  expect(upperD).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByText('Seat grid page')).not.toBeInTheDocument();

  // Another section moves the highlight instead of navigating.
  fireEvent.click(sectionButton('Upper Box E'));
  expect(sectionButton('Upper Box E')).toHaveAttribute('aria-pressed', 'true');
  expect(upperD).toHaveAttribute('aria-pressed', 'false');

  fireEvent.click(sectionButton('Upper Box E'));
  expect(await screen.findByText('Seat grid page')).toBeInTheDocument();
});

test('choosing a section in the dropdown highlights it; choosing it again opens its seat grid', async () => {
  mockVenue(4);
  const view = renderSeatmap(4);
  await screen.findAllByText('183 seats left');
  const select = screen.getByRole('combobox', { name: 'Section' });
  fireEvent.change(select, { target: { value: '6' } });
  expect(sectionButton('Lower Box A')).toHaveAttribute('aria-pressed', 'true');
  // The list keeps naming the highlighted section.
  expect(select).toHaveDisplayValue('Lower Box A');
  expect(screen.getByRole('link', { name: 'Choose seats in Lower Box A' })).toHaveAttribute('href', '/events/4/seatmap/6');
  expect(view.queryByText('Seat grid page')).not.toBeInTheDocument();
  fireEvent.change(select, { target: { value: '6' } });
  expect(await screen.findByText('Seat grid page')).toBeInTheDocument();
});

test('colours follow the event: event 1 alternates red and blue, event 2 is green and mirrored', async () => {
  mockVenue(1);
  const first = renderSeatmap(1);
  await screen.findAllByText('183 seats left');
  expect(sectionButton('Upper Box D')).toHaveClass('bk-venue__section--red');
  expect(sectionButton('Upper Box DE')).toHaveClass('bk-venue__section--blue');
  expect(sectionButton('Upper Box DE').style.left).toBe('2%');
  first.unmount();

  mockVenue(2);
  renderSeatmap(2);
  await screen.findAllByText('183 seats left');
  expect(sectionButton('Upper Box DE')).toHaveClass('bk-venue__section--green');
  expect(sectionButton('Upper Box DE').style.left).toBe('86%');
  expect(sectionButton('Upper Box DE').style.top).toBe('84%');
});

test('an unknown event shows Event Not Found', async () => {
  mockFetch({
    '/api/events/999': { status: 404, body: { success: false, error: 'Event not found' } },
    '/api/sections?event_id=999': { body: { success: true, sections: SECTIONS } },
    '/api/events/999/line': LINE_OPEN,
  });
  renderSeatmap(999);
  expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
  expect(screen.getByText('Sorry, this event does not exist.')).toBeInTheDocument();
});

test('a malformed id is not found without calling the API', () => {
  const fetchMock = mockFetch({});
  renderSeatmap('abc');
  expect(screen.getByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('a past event says sales are closed and offers no sections', async () => {
  mockVenue(3, makeEvent({ id: 3, title: 'Old Final', startsAt: PAST }));
  renderSeatmap(3);
  expect(await screen.findByText('Ticket sales for this event have closed.')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Venue map' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to event' })).toHaveAttribute('href', '/events/3');
});

test('when seats left cannot be loaded the sections still open, with a Retry', async () => {
  mockFetch({
    '/api/events/4': { body: { success: true, event: makeEvent({ id: 4 }) } },
    '/api/sections?event_id=4': { body: { success: true, sections: SECTIONS } },
    '/api/events/4/line': LINE_OPEN,
    '/api/events/4/availability': [{ status: 500, body: { success: false, error: 'boom' } }, availability()],
  });
  renderSeatmap(4);
  expect(await screen.findByRole('alert')).toHaveTextContent('Seats left could not be loaded');
  expect(sectionButton('Upper Box D')).toBeEnabled();
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect((await screen.findAllByText('183 seats left')).length).toBeGreaterThan(0);
});

function renderSeatmapWithProbe(eventId: number) {
  return render(
    <MemoryRouter initialEntries={[`/events/${eventId}/seatmap`]}>
      <Routes>
        <Route path="/events/:id/seatmap" element={<SeatmapPage />} />
        <Route path="/events/:id/seatmap/:sectionId" element={<SearchProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

function SearchProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function mockBestSeats(eventId: number, count: number, answer: Parameters<typeof mockFetch>[0][string]) {
  const event = makeEvent({ id: eventId, title: 'City Games', time: '7:00 PM', date: '2099-06-01' });
  return mockFetch({
    [`/api/events/${eventId}`]: { body: { success: true, event } },
    [`/api/sections?event_id=${eventId}`]: { body: { success: true, sections: SECTIONS } },
    [`/api/events/${eventId}/line`]: LINE_OPEN,
    [`/api/events/${eventId}/availability`]: availability(),
    [`/api/events/${eventId}/best-seats?count=${count}`]: answer,
  });
}

test('How many seats? finds the best section for that many seats and opens it with ?seats=N', async () => {
  mockBestSeats(4, 4, { body: { success: true, proposal: { sectionId: 2, seats: [7, 8, 9, 10] } } });
  renderSeatmapWithProbe(4);
  const form = await screen.findByRole('form', { name: 'How many seats?' });
  fireEvent.change(within(form).getByRole('combobox', { name: 'Seats together' }), { target: { value: '4' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Find seats' }));
  expect(await screen.findByTestId('location')).toHaveTextContent('/events/4/seatmap/2?seats=4');
});

test('How many seats? says so when no section has that many side by side', async () => {
  mockBestSeats(4, 10, { body: { success: true, proposal: null } });
  renderSeatmapWithProbe(4);
  const form = await screen.findByRole('form', { name: 'How many seats?' });
  fireEvent.change(within(form).getByRole('combobox', { name: 'Seats together' }), { target: { value: '10' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Find seats' }));
  expect(await screen.findByText('No section has 10 seats side by side. Try fewer seats or pick seats in a section.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Select Seats' })).toBeInTheDocument();
});

test('How many seats? shows it is busy, then a failure with Retry', async () => {
  const fetchMock = mockBestSeats(4, 2, [new TypeError('Failed to fetch'), { body: { success: true, proposal: { sectionId: 6, seats: [15, 16] } } }]);
  // The first search waits until the test lets it answer.
  let answer = () => {};
  const gate = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const respond = fetchMock.getMockImplementation() as (input: RequestInfo | URL) => Promise<Response>;
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    if (String(input).includes('/best-seats')) await gate;
    return respond(input);
  });
  renderSeatmapWithProbe(4);
  const form = await screen.findByRole('form', { name: 'How many seats?' });
  fireEvent.click(within(form).getByRole('button', { name: 'Find seats' }));
  const busy = await within(form).findByRole('button', { name: 'Finding seats…' });
  expect(busy).toHaveAttribute('aria-disabled', 'true');
  // A second press while busy asks nothing more.
  fireEvent.click(busy);
  await act(async () => answer());
  expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/best-seats'))).toHaveLength(1);
  const alert = await within(form).findByRole('alert');
  expect(alert).toHaveTextContent('Seats could not be found. We could not reach the ticketing server.');
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('location')).toHaveTextContent('/events/4/seatmap/6?seats=2');
});
