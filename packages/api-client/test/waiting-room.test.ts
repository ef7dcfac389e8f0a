import { ApiError } from '@sports/api-client';
import { bookSeats } from '@sports/api-client/booking';
import { getLine, isLinePassRequired, keepPlaceInLine, leaveLine, saveWaitingRoomSettings, waitingRoomSettingsQuery } from '@sports/api-client/waiting-room';
import { LINE_PASS_REQUIRED } from '@sports/contracts';
import { QueryClient } from '@sports/query';
import { mockFetch } from './support';

const WAITING = { state: 'waiting', position: 37, estimatedWaitSeconds: 180, refreshSeconds: 5 };

function methodOf(fetchMock: jest.Mock, n = 0): string | undefined {
  return (fetchMock.mock.calls[n] as [string, RequestInit])[1].method;
}

test('the line: GET reads, POST keeps the place, DELETE leaves, each with the session cookie', async () => {
  const fetchMock = mockFetch({ '/api/events/3/line': { body: { success: true, line: WAITING } } });
  await expect(getLine(3)).resolves.toEqual(WAITING);
  await expect(keepPlaceInLine(3)).resolves.toEqual(WAITING);
  await expect(leaveLine(3)).resolves.toEqual(WAITING);
  expect([0, 1, 2].map((n) => methodOf(fetchMock, n))).toEqual(['GET', 'POST', 'DELETE']);
  expect((fetchMock.mock.calls[1] as [string, RequestInit])[1].credentials).toBe('include');
});

test('a line answer that breaks its contract is refused', async () => {
  mockFetch({ '/api/events/3/line': { body: { success: true, line: { state: 'waiting', position: 0, refreshSeconds: 5 } } } });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await expect(getLine(3)).rejects.toMatchObject({ contract: true });
  warn.mockRestore();
});

test("book-seats' 403 for a sale with a line is told apart from other refusals", async () => {
  mockFetch({ '/backend/api/book-seats.php': { status: 403, body: { success: false, error: LINE_PASS_REQUIRED } } });
  const error = await bookSeats({ event_id: 3, section_id: 1, seat_numbers: [1], user_id: 7 }).catch((e: unknown) => e);
  expect(isLinePassRequired(error)).toBe(true);
  expect(isLinePassRequired(new ApiError(403, 'Please confirm your email address'))).toBe(false);
  expect(isLinePassRequired(new ApiError(401, LINE_PASS_REQUIRED))).toBe(false);
});

test('settings: read and saved on the area’s own route', async () => {
  const waitingRoom = { on: true, active: true, shoppers: 1, waiting: 120 };
  const fetchMock = mockFetch({
    '/api/organizer/events/3/waiting-room': { body: { success: true, waitingRoom } },
    '/api/admin/events/3/waiting-room': { body: { success: true, waitingRoom } },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await expect(client.fetchQuery(waitingRoomSettingsQuery('organizer', 3))).resolves.toEqual(waitingRoom);
  await expect(saveWaitingRoomSettings('admin', 3, { on: true, shoppers: 1 })).resolves.toEqual(waitingRoom);
  const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
  expect(new URL(url).pathname).toBe('/api/admin/events/3/waiting-room');
  expect(init.method).toBe('PUT');
  expect(JSON.parse(String(init.body))).toEqual({ on: true, shoppers: 1 });
});
