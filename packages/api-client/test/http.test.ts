import { ApiError, apiErrorText, apiGet, apiPost, apiPostFile, apiPut, configureApi, setSessionHandlers } from '@sports/api-client';
import { successResponseSchema } from '@sports/contracts';
import { mockFetch } from './support';

afterEach(() => configureApi({ baseUrl: 'http://localhost:8000' }));

test('every verb sends the session cookie to the configured API and checks the answer', async () => {
  configureApi({ baseUrl: 'http://api.test:9000/' });
  const ok = { body: { success: true } };
  const fetchMock = mockFetch({ '/api/thing': ok });
  await apiPut('/api/thing', { a: 1 }, successResponseSchema);
  await apiPost('/api/thing', { b: 2 }, successResponseSchema);
  await apiGet('/api/thing', successResponseSchema);
  const image = new Blob(['\x89PNG'], { type: 'image/png' });
  await apiPostFile('/api/thing', image, successResponseSchema);
  const calls = fetchMock.mock.calls as Array<[string, RequestInit]>;
  expect(calls.map(([url, init]) => [url, init.method, init.credentials])).toEqual([
    ['http://api.test:9000/api/thing', 'PUT', 'include'],
    ['http://api.test:9000/api/thing', 'POST', 'include'],
    ['http://api.test:9000/api/thing', 'GET', 'include'],
    ['http://api.test:9000/api/thing', 'POST', 'include'],
  ]);
  expect(calls[3]?.[1].body).toBe(image);
  expect(calls[3]?.[1].headers).toMatchObject({ 'Content-Type': 'image/png' });
  expect(calls[0]?.[1].body).toBe('{"a":1}');
  expect(calls[0]?.[1].headers).toMatchObject({ 'Content-Type': 'application/json' });
  expect(calls[1]?.[1].body).toBe('{"b":2}');
  expect(calls[2]?.[1].body).toBeUndefined();
  expect(calls[2]?.[1].headers).not.toHaveProperty('Content-Type');
});

test('a refusal is one ApiError with the status, the server text and how long to wait', async () => {
  mockFetch({
    '/api/limited': { status: 429, body: { success: false, error: 'Too many attempts. Please try again in 1 minute.' }, headers: { 'Retry-After': '42' } },
    '/api/broken': { status: 502, body: null },
  });
  const limited = await apiGet('/api/limited', successResponseSchema).catch((e: unknown) => e);
  expect(limited).toBeInstanceOf(ApiError);
  expect(limited).toMatchObject({ status: 429, message: 'Too many attempts. Please try again in 1 minute.', retryAfterSeconds: 42, contract: false });
  expect(apiErrorText(limited)).toBe('Too many attempts. Please try again in 1 minute.');
  const broken = await apiGet('/api/broken', successResponseSchema).catch((e: unknown) => e);
  expect(broken).toMatchObject({ status: 502, message: 'Request failed (502)', retryAfterSeconds: null });
  expect(apiErrorText(broken)).toBeNull();
});

test('401 and 403 answers reach the session handlers, except for calls that sign in', async () => {
  const onUnauthorized = jest.fn();
  const onForbidden = jest.fn();
  const remove = setSessionHandlers({ onUnauthorized, onForbidden });
  mockFetch({
    '/api/private': { status: 401, body: { success: false, error: 'Your session has ended. Please log in again.' } },
    '/api/admin-only': { status: 403, body: { success: false, error: 'You do not have access to this.' } },
    '/api/login.php': { status: 401, body: { success: false, error: 'Invalid email or password.' } },
  });
  await apiGet('/api/private', successResponseSchema).catch(() => undefined);
  await apiGet('/api/admin-only', successResponseSchema).catch(() => undefined);
  await apiGet('/api/login.php', successResponseSchema, { authCall: true }).catch(() => undefined);
  expect(onUnauthorized).toHaveBeenCalledTimes(1);
  expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({ status: 401, message: 'Your session has ended. Please log in again.' });
  expect(onForbidden).toHaveBeenCalledTimes(1);
  remove();
  await apiGet('/api/private', successResponseSchema).catch(() => undefined);
  expect(onUnauthorized).toHaveBeenCalledTimes(1);
});

test('a read the caller aborted mid-body rejects with its abort, not as an answer off its contract', async () => {
  const controller = new AbortController();
  const abort = new DOMException('The operation was aborted.', 'AbortError');
  globalThis.fetch = jest.fn(async () => {
    controller.abort(abort);
    return { ok: true, status: 200, headers: new Headers(), json: () => Promise.reject(abort) } as unknown as Response;
  }) as unknown as typeof fetch;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await expect(apiGet('/api/events/1/my-hold', successResponseSchema, { signal: controller.signal })).rejects.toBe(abort);
  expect(warn).not.toHaveBeenCalled();
  // A 200 whose body is no JSON, with nobody aborting, is still off its contract.
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, headers: new Headers(), json: () => Promise.reject(new SyntaxError('Unexpected end of JSON input')) }) as unknown as Response) as unknown as typeof fetch;
  await expect(apiGet('/api/events/1/my-hold', successResponseSchema)).rejects.toMatchObject({ contract: true });
  expect(warn).toHaveBeenCalledTimes(1);
  warn.mockRestore();
});
