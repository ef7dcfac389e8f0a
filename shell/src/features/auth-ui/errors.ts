import { apiErrorText, isNetworkError } from '@sports/api-client';

/**
 * SPEC §8 pattern: a request that never reached the API shows `network`;
 * otherwise the server's own `error` text, or `fallback` when it gave none.
 */
export function requestErrorMessage(error: unknown, fallback: string, network = 'Network error.'): string {
  if (isNetworkError(error)) return network;
  return apiErrorText(error) ?? fallback;
}
