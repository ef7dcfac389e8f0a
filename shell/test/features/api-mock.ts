/** A fake `fetch` for the account pages: each test answers the API calls it expects. */
import type { SessionUser } from '@sports/contracts';

/** Who the fake server says the session cookie belongs to (GET /api/me): a user, nobody, or a handler of its own. */
export type ServerSession = SessionUser | null | (() => Reply | Promise<Reply>);

let serverSession: ServerSession = null;

export function setServerSession(session: ServerSession): void {
  serverSession = session;
}

function meReply(): Reply | Promise<Reply> {
  if (typeof serverSession === 'function') return serverSession();
  return { body: { success: true, user: serverSession } };
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type ApiHandler = (call: ApiCall) => Reply | Promise<Reply>;

/**
 * Installs a fetch mock; a handler that throws (e.g. `new TypeError('Failed to fetch')`) is a
 * network failure. GET /api/me is answered from setServerSession.
 */
export function mockApi(handler: ApiHandler): jest.Mock {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    const reply = await (call.path === '/api/me' ? meReply() : handler(call));
    const status = reply.status ?? 200;
    return { ok: status >= 200 && status < 300, status, headers: new Headers(reply.headers), json: async () => reply.body } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export function restoreFetch(): void {
  delete (globalThis as { fetch?: unknown }).fetch;
}

/** The calls made to one path, with their parsed JSON bodies. */
export function callsTo(fetchMock: jest.Mock, path: string): ApiCall[] {
  return fetchMock.mock.calls
    .map(([input, init]: [RequestInfo | URL, RequestInit | undefined]) => {
      const url = new URL(String(input));
      return {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
    })
    .filter((call) => call.path === path);
}

export function networkError(): never {
  throw new TypeError('Failed to fetch');
}

/** A promise the test settles by hand (to look at a page while its request is running). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
