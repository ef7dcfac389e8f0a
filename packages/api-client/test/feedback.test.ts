import { ApiError } from '@sports/api-client';
import { sendFeedback, sendInquiry } from '@sports/api-client/feedback';
import { mockFetch } from './support';

const CREATED = { success: true, id: 5, createdAt: '2099-01-01T00:00:00.000Z' };

function body(fetchMock: jest.Mock): unknown {
  const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
  return JSON.parse(String(init.body));
}

test('sendFeedback posts the rating and the trimmed comment', async () => {
  const fetchMock = mockFetch({ '/api/feedback': { status: 201, body: CREATED } });
  await expect(sendFeedback({ rating: 4, comment: '  Smooth entry at the gate.  ' })).resolves.toEqual(CREATED);
  expect(body(fetchMock)).toEqual({ rating: 4, comment: 'Smooth entry at the gate.' });
});

test('sendInquiry posts name, email and message, trimmed', async () => {
  const fetchMock = mockFetch({ '/api/inquiries': { status: 201, body: CREATED } });
  await expect(sendInquiry({ name: ' Mara ', email: ' mara@example.com ', message: ' Parking? ' })).resolves.toEqual(CREATED);
  expect(body(fetchMock)).toEqual({ name: 'Mara', email: 'mara@example.com', message: 'Parking?' });
});

test("a 429 rejects with the server's text and its Retry-After", async () => {
  const text = 'Too many messages from this address. Please try again in 42 minutes.';
  mockFetch({ '/api/inquiries': { status: 429, body: { success: false, error: text }, headers: { 'Retry-After': '2520' } } });
  const error = await sendInquiry({ name: 'Mara', email: 'mara@example.com', message: 'Hi' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 429, message: text, retryAfterSeconds: 2520 });
});

test('an answer without the stored id is refused', async () => {
  mockFetch({ '/api/feedback': { status: 201, body: { success: true } } });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await expect(sendFeedback({ rating: 5, comment: 'Great' })).rejects.toMatchObject({ contract: true });
  warn.mockRestore();
});
