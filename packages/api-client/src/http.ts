import type { ErrorResponse } from '@sports/contracts';

let baseUrl = 'http://localhost:8000';

/** Set once by the shell from its runtime config (or by a remote running on its own). */
export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/+$/, '');
}

/** Absolute URL of an asset path the API returned (event images). */
export function assetUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${baseUrl}${path}`;
}

/**
 * A non-2xx answer from the API, carrying its `{ success: false, error }` text, and the parsed
 * JSON body (null when there was none) for answers whose body means something, such as a 409.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Extra request headers, e.g. `{ 'Idempotency-Key': key }`. */
export type ApiHeaders = Readonly<Record<string, string>>;

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, headers?: ApiHeaders): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    credentials: 'include',
    headers: {
      ...headers,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as ErrorResponse | null)?.error;
    throw new ApiError(response.status, typeof error === 'string' ? error : `Request failed (${response.status})`, data);
  }
  return data as T;
}

export function apiGet<T>(path: string, signal?: AbortSignal, headers?: ApiHeaders): Promise<T> {
  return request<T>('GET', path, undefined, signal, headers);
}

export function apiPost<T>(path: string, body: unknown, signal?: AbortSignal, headers?: ApiHeaders): Promise<T> {
  return request<T>('POST', path, body, signal, headers);
}
