import { ApiError } from '@sports/api-client';
import { waitText } from '@sports/contracts';

/** The API answered 404 (or refused the id as malformed): the thing does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** A sentence a visitor can act on, for any failure of a read call. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return 'The ticketing server had a problem. Please try again in a moment.';
    if (error.status === 429) {
      return `Too many requests right now. Please try again ${error.retryAfterSeconds === null ? 'in a moment' : waitText(error.retryAfterSeconds)}.`;
    }
    return error.message;
  }
  return 'We could not reach the ticketing server. Check your connection and try again.';
}

/** The API refused the call because nobody is logged in (or the session ended). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
