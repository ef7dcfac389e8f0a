import type { ErrorResponse } from '@sports/contracts';

let baseUrl = 'http://localhost:8000';

/** Set once by the shell from its runtime config (or by a remote running on its own). */
export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/+$/, '');
}

export function apiBaseUrl(): string {
  return baseUrl;
}

/** Absolute URL of an asset path the API returned (event images). */
export function assetUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${baseUrl}${path}`;
}

/** A non-2xx answer from the API, carrying its `{ success: false, error }` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as ErrorResponse | null)?.error;
    throw new ApiError(response.status, typeof error === 'string' ? error : `Request failed (${response.status})`);
  }
  return data as T;
}

export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>('GET', path, undefined, signal);
}

export function apiPost<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return request<T>('POST', path, body, signal);
}
