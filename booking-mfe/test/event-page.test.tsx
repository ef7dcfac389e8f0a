import { fireEvent, render, screen } from './support/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import { EventPage, parseEventId } from '../src/features/event/event-page';
import { PAST, makeEvent, mockFetch } from './support/fetch-mock';

function renderEvent(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/events/:id" element={<EventPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

test('an unknown id (404 from the API) shows Event Not Found', async () => {
  const fetchMock = mockFetch({ '/api/events/999': { status: 404, body: { success: false, error: 'Event not found' } } });
  renderEvent('/events/999');
  expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
  expect(screen.getByText('Sorry, this event does not exist.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Select Seat(s)' })).not.toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('a malformed id is not found without calling the API', () => {
  const fetchMock = mockFetch({});
  renderEvent('/events/abc');
  expect(screen.getByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('an upcoming event shows its details and Select Seat(s)', async () => {
  mockFetch({
    '/api/events/7': {
      body: {
        success: true,
        event: makeEvent({
          id: 7,
          genre: 'concert',
          title: 'Symphony Under the Stars',
          date: '2099-08-15',
          time: '7:00 PM',
          organizer: 'City Orchestra',
          about: 'An evening of classics.',
          isFree: false,
          price: 250,
        }),
      },
    },
  });
  renderEvent('/events/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Symphony Under the Stars' })).toBeInTheDocument();
  expect(screen.getByText('Sat, Aug 15, 2099')).toBeInTheDocument();
  expect(screen.getByText('7:00 PM')).toBeInTheDocument();
  expect(screen.getByText('City Orchestra')).toBeInTheDocument();
  expect(screen.getByText('₱250.00')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'About Event' })).toBeInTheDocument();
  expect(screen.getByText('An evening of classics.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Select Seat(s)' })).toHaveAttribute('href', '/events/7/seatmap');
  expect(screen.getByRole('img', { name: 'Symphony Under the Stars' })).toHaveAttribute('width', '960');
});

test('optional time and organizer are left out; About falls back to the description', async () => {
  mockFetch({ '/api/events/8': { body: { success: true, event: makeEvent({ id: 8, description: 'Bring running shoes.' }) } } });
  renderEvent('/events/8');
  await screen.findByRole('heading', { level: 1, name: 'Event 8' });
  expect(screen.queryByText('Time')).not.toBeInTheDocument();
  expect(screen.queryByText('Organizer')).not.toBeInTheDocument();
  expect(screen.getByText('Bring running shoes.')).toBeInTheDocument();
  expect(screen.getByText('FREE')).toBeInTheDocument();
});

const noReviews = { body: { success: true, reviews: [], count: 0, average: null } };

test('a past event says sales are closed and offers no Select Seat(s)', async () => {
  mockFetch({ '/api/events/3': { body: { success: true, event: makeEvent({ id: 3, title: 'Old Final', startsAt: PAST }) } }, '/api/events/3/reviews': noReviews });
  renderEvent('/events/3');
  await screen.findByRole('heading', { level: 1, name: 'Old Final' });
  expect(screen.getByText('Ticket sales for this event have closed.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Select Seat(s)' })).not.toBeInTheDocument();
  expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
});

test("a past event shows its reviews: the mean rating, each reviewer's stars and words, and the organizer's answer", async () => {
  const review = (id: number, name: string, rating: number, text: string, response: string | null = null) => ({
    id,
    name,
    rating,
    text,
    attended: id === 1,
    createdAt: '2026-01-11T02:00:00.000Z',
    response,
    respondedAt: response ? '2026-01-12T02:00:00.000Z' : null,
  });
  mockFetch({
    '/api/events/3': { body: { success: true, event: makeEvent({ id: 3, title: 'Old Final', startsAt: PAST }) } },
    '/api/events/3/reviews': {
      body: { success: true, count: 25, average: 4.5, reviews: [review(1, 'Maria S.', 5, 'Loud and great!', 'Thank you, Maria!'), review(2, 'Jun P.', 4, 'Long lines at the gate.')] },
    },
  });
  renderEvent('/events/3');
  expect(await screen.findByRole('heading', { level: 2, name: 'Reviews' })).toBeInTheDocument();
  expect(await screen.findByText(/out of 5 from 25 reviews\. The 2 newest are shown\./)).toBeInTheDocument();
  const items = screen.getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Maria S.');
  expect(items[0]).toHaveTextContent('Attended');
  expect(items[0]).toHaveTextContent('Response from the organizer');
  expect(items[0]).toHaveTextContent('Thank you, Maria!');
  expect(items[1]).toHaveTextContent('Long lines at the gate.');
  expect(items[1]).not.toHaveTextContent('Response from the organizer');
  expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
});

test('an upcoming event asks for no reviews', async () => {
  const fetchMock = mockFetch({ '/api/events/8': { body: { success: true, event: makeEvent({ id: 8, title: 'Next Final' }) } } });
  renderEvent('/events/8');
  await screen.findByRole('heading', { level: 1, name: 'Next Final' });
  expect(screen.queryByRole('heading', { name: 'Reviews' })).not.toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('a server error is not a not-found: it offers Retry', async () => {
  mockFetch({
    '/api/events/5': [
      { status: 500, body: { success: false, error: 'Internal error' } },
      { body: { success: true, event: makeEvent({ id: 5, title: 'Back Again' }) } },
    ],
  });
  renderEvent('/events/5');
  expect(await screen.findByRole('alert')).toHaveTextContent('This event could not be loaded');
  expect(screen.queryByText('Event Not Found')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Back Again' })).toBeInTheDocument();
});

test('parseEventId accepts positive integers only', () => {
  expect(parseEventId('12')).toBe(12);
  for (const bad of [undefined, '', '0', '-1', '1.5', '01', 'abc', '99999999999']) expect(parseEventId(bad)).toBeNull();
});

test('the whole event: venue and address, start and end, refund policy; a postponed event says its new and old dates', async () => {
  mockFetch({
    '/api/events/8': {
      body: {
        success: true,
        event: makeEvent({
          id: 8,
          title: 'Harbour Fun Run',
          date: '2099-08-22',
          startsAt: '2099-08-22T10:00:00.000Z',
          endsAt: '2099-08-22T13:00:00.000Z',
          venue: { name: 'Bay Oval', street: 'Roxas Boulevard', barangay: 'Barangay 1', city: 'Quezon City', province: 'Metro Manila' },
          postponedFrom: '2099-08-15T10:00:00.000Z',
          cancelled: null,
          refundDaysBefore: 7,
        }),
      },
    },
  });
  renderEvent('/events/8');
  expect(await screen.findByRole('heading', { name: 'Harbour Fun Run' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(/^Postponed: now on Sat, Aug 22, 2099, 6:00\sPM PHT \(was Sat, Aug 15, 2099, 6:00\sPM PHT\)\. Tickets already bought stay valid\.$/);
  expect(screen.getByText('Roxas Boulevard, Barangay 1, Quezon City, Metro Manila')).toBeInTheDocument();
  expect(screen.getByText('Full refund until 7 days before the start')).toBeInTheDocument();
  expect(screen.getByText(/^Sat, Aug 22, 2099, 6:00\sPM PHT$/)).toHaveAttribute('dateTime', '2099-08-22T10:00:00.000Z');
  expect(screen.getByText(/^Sat, Aug 22, 2099, 9:00\sPM PHT$/)).toHaveAttribute('dateTime', '2099-08-22T13:00:00.000Z');
  expect(screen.getByRole('link', { name: 'Select Seat(s)' })).toBeInTheDocument();
});

test('a cancelled event stays at its page with the reason, and cannot be booked', async () => {
  mockFetch({
    '/api/events/9': {
      body: { success: true, event: makeEvent({ id: 9, title: 'Typhoon Cup', date: '2099-09-01', startsAt: '2099-09-01T10:00:00.000Z', cancelled: { at: '2099-08-01T00:00:00.000Z', reason: 'Typhoon signal no. 3' }, refundDaysBefore: null }) },
    },
  });
  renderEvent('/events/9');
  expect(await screen.findByRole('heading', { name: 'Typhoon Cup' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Cancelled: Typhoon signal no. 3');
  expect(screen.getByText('This event has been cancelled: it cannot be booked.')).toBeInTheDocument();
  expect(screen.getByText('No refunds')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Select Seat(s)' })).not.toBeInTheDocument();
});
