/** A fake API for the admin pages: each test answers the calls it expects; anything else fails loudly. */

export interface ApiCall {
  method: string;
  /** Path and query string as sent, e.g. '/api/admin/accounts?page=2'. */
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface Reply {
  status?: number;
  body: unknown;
}

export type ApiHandler = (call: ApiCall) => Reply | Promise<Reply> | undefined;

/** Installs a fetch mock; a handler returning undefined means "not expected" (the call rejects). */
export function mockApi(handler: ApiHandler): jest.Mock {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url: url.pathname + url.search,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    const reply = await handler(call);
    if (!reply) throw new Error(`Unexpected call ${call.method} ${call.url}`);
    const status = reply.status ?? 200;
    return { ok: status >= 200 && status < 300, status, headers: new Headers(), json: async () => reply.body } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The calls made so far, optionally only those of one method and path. */
export function callsTo(fetchMock: jest.Mock, method?: string, path?: string): ApiCall[] {
  return fetchMock.mock.calls
    .map(([input, init]: [RequestInfo | URL, RequestInit | undefined]) => {
      const url = new URL(String(input));
      return {
        method: init?.method ?? 'GET',
        url: url.pathname + url.search,
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
    })
    .filter((call) => (method === undefined || call.method === method) && (path === undefined || call.path === path));
}

/** A promise the test settles by hand (to look at a page while its request is running). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

export const page = (n: number, totalPages: number, total: number, pageSize = 10) => ({ page: n, pageSize, totalPages, total });
