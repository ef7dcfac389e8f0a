import { ApiError, isNetworkError } from '@sports/api-client';
import { QueryClient } from '@sports/query';

/** How many times a failed read is tried again before the page shows its error state. */
const READ_RETRIES = 2;

/**
 * Only reads are retried (writes never are: a retried write could act twice), and only when
 * trying again can help: the request never arrived, or the server was overloaded or failing.
 * A 4xx answer (bad input, no session, not allowed, not found) is final.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= READ_RETRIES) return false;
  if (isNetworkError(error)) return true;
  return error instanceof ApiError && !error.contract && (error.status >= 500 || error.status === 429);
}

/**
 * The one QueryClient of the page: the shell makes it and every remote reads through it; a remote
 * running on its own (`npm run dev -w admin-mfe`) makes its own with the same settings.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryRead, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
