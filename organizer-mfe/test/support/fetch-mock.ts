export interface MockAnswer {
  status?: number;
  body: unknown;
}

/** An answer, a list answered in turn (the last repeats), or a function of the request's JSON body. */
type Route = MockAnswer | Error | Array<MockAnswer | Error> | ((body: unknown) => MockAnswer);

export interface SentRequest {
  method: string;
  key: string;
  body: unknown;
}

/**
 * Replaces global fetch with a mock that answers by "METHOD /path?query" ("GET " may be left out).
 * Every request is recorded in `sent` (the body parsed from JSON; a Blob stays a Blob).
 */
export function mockFetch(routes: Record<string, Route>): { fetch: jest.Mock; sent: SentRequest[] } {
  const calls = new Map<string, number>();
  const sent: SentRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    const key = url.pathname + url.search;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? null);
    sent.push({ method, key, body });
    const route = routes[`${method} ${key}`] ?? (method === 'GET' ? routes[key] : undefined);
    if (route === undefined) throw new Error(`Unexpected fetch ${method} ${key}`);
    if (route instanceof Error) throw route;
    const n = calls.get(`${method} ${key}`) ?? 0;
    calls.set(`${method} ${key}`, n + 1);
    const answer = typeof route === 'function' ? route(body) : Array.isArray(route) ? route[Math.min(n, route.length - 1)] : route;
    if (!answer) throw new Error(`No answer for ${key}`);
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, headers: new Headers(), json: async () => answer.body } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { fetch: fetchMock, sent };
}
