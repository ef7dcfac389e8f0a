// The one HTTP client of every app. This module is the federation singleton (`@sports/api-client`):
// the shell configures it once (API address, what to do when the session ends) and every remote's
// calls go through the same instance. The calls of each area live in subpath modules
// (`@sports/api-client/booking`, `/admin`, ...), bundled only into the apps that use them.

let baseUrl = 'http://localhost:8000';

/** Set once by the shell from its runtime config (or by a remote running on its own). */
export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/+$/, '');
}

/** Absolute URL of a path on the API (event images, CSV downloads). */
export function assetUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${baseUrl}${path}`;
}

/** Text of an ApiError for an answer that broke its contract (logged with the details). */
export const UNEXPECTED_ANSWER = 'Unexpected answer from the ticketing server';

/**
 * Any answer the caller cannot use: a non-2xx status (with the server's `{ success: false, error }`
 * text), or a 2xx whose body breaks its contract (`contract` true). `body` is the parsed JSON (null
 * when there was none), for answers whose body means something, such as a 409 naming taken seats.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
    /** Seconds the server asked the client to wait (Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
    /** True when a 2xx answer did not match the response schema. */
    readonly contract = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** fetch rejects with a TypeError when the request never reaches the API (offline, DNS, CORS, refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * The server's own `error` text carried by an ApiError, or null when the server gave none
 * (no JSON body, or the generic `Request failed (status)` stand-in), so callers show their own fallback.
 */
export function apiErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.contract) return null;
  const text = error.message.trim();
  if (text === '' || text === `Request failed (${error.status})`) return null;
  return text;
}

/** What the api-client checks an answer with: a response schema of @sports/contracts (zod/mini). */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** Extra request headers, e.g. `{ 'Idempotency-Key': key }`. */
export type ApiHeaders = Readonly<Record<string, string>>;

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: ApiHeaders;
  /**
   * A call that signs in or asks who is signed in: its 401 and 403 answers are about the
   * credentials given (a login refused, a restricted account), not about a session that ended,
   * so the session handlers are not told.
   */
  authCall?: boolean;
}

/** Told of answers that concern the whole app rather than one call (the shell sets them). */
export interface SessionHandlers {
  /** A call answered 401: the session ended (expired, logged out elsewhere, account restricted). */
  onUnauthorized?: (error: ApiError) => void;
  /** A call answered 403: the account may no longer do this (its role changed). */
  onForbidden?: (error: ApiError) => void;
}

let handlers: SessionHandlers = {};

/** The shell's handlers; returns a function that removes them. */
export function setSessionHandlers(next: SessionHandlers): () => void {
  handlers = next;
  return () => {
    if (handlers === next) handlers = {};
  };
}

function retryAfter(response: Response): number | null {
  const value = response.headers.get('Retry-After');
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

type Body = { json: unknown } | { file: Blob } | null;

async function request<T>(method: string, path: string, body: Body, schema: ResponseSchema<T>, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body && 'json' in body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    // The file's own type: an image upload is not a "simple" request, so cross-site pages cannot send it.
    headers['Content-Type'] = body.file.type || 'application/octet-stream';
    payload = body.file;
  }
  const response = await fetch(`${baseUrl}${path}`, { method, credentials: 'include', headers, body: payload, signal: options.signal });
  const data: unknown = await response.json().catch((error: unknown) => {
    // A read the caller gave up on (the page went on) is its abort, not an answer off its contract.
    if (options.signal?.aborted) throw error;
    return null;
  });
  if (!response.ok) {
    const text = (data as { error?: unknown } | null)?.error;
    const error = new ApiError(response.status, typeof text === 'string' ? text : `Request failed (${response.status})`, data, retryAfter(response));
    if (response.status === 401 && !options.authCall) handlers.onUnauthorized?.(error);
    if (response.status === 403 && !options.authCall) handlers.onForbidden?.(error);
    throw error;
  }
  return parseAnswer(schema, data, response.status, `${method} ${path}`);
}

/** Checks a 2xx answer against its contract; a mismatch is an ApiError with `contract` set. */
export function parseAnswer<T>(schema: ResponseSchema<T>, data: unknown, status: number, what: string): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  console.warn(`${what}: the answer does not match its contract`, result.error);
  throw new ApiError(status, UNEXPECTED_ANSWER, data, null, true);
}

export function apiGet<T>(path: string, schema: ResponseSchema<T>, options?: RequestOptions): Promise<T> {
  return request('GET', path, null, schema, options);
}

export function apiPost<T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: RequestOptions): Promise<T> {
  return request('POST', path, { json: body }, schema, options);
}

export function apiPut<T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: RequestOptions): Promise<T> {
  return request('PUT', path, { json: body }, schema, options);
}

export function apiDelete<T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: RequestOptions): Promise<T> {
  return request('DELETE', path, { json: body }, schema, options);
}

/** POST one file as the body, with its own Content-Type (e.g. an event banner: POST /api/organizer/banners). */
export function apiPostFile<T>(path: string, file: Blob, schema: ResponseSchema<T>, options?: RequestOptions): Promise<T> {
  return request('POST', path, { file }, schema, options);
}

