import { ApiError, apiErrorText, isNetworkError } from '@sports/api-client';

export interface ErrorDescription {
  /** A short heading: "Not allowed", "No connection", ... */
  title: string;
  /** One plain sentence for the user. */
  message: string;
  /** False when trying the same request again cannot help (not allowed, not found). */
  retryable: boolean;
}

/**
 * What to tell the user about a failed request. Only the server's own `error` text is ever shown,
 * never an exception's internals.
 */
export function describeError(error: unknown): ErrorDescription {
  if (isNetworkError(error)) {
    return { title: 'No connection', message: 'Could not reach the server. Check your connection and try again.', retryable: true };
  }
  const serverText = apiErrorText(error);
  if (error instanceof ApiError) {
    if (error.status === 403) {
      return { title: 'Not allowed', message: serverText ?? 'You do not have access to this.', retryable: false };
    }
    if (error.status === 401) {
      return { title: 'Signed out', message: serverText ?? 'Your session has ended. Please log in again.', retryable: false };
    }
    if (error.status === 404) {
      return { title: 'Not found', message: serverText ?? 'This could not be found. It may have been removed.', retryable: false };
    }
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && serverText !== null) {
    // The server refused this request and said why (a conflict, a rule): its text is the message.
    return { title: 'Could not be done', message: serverText, retryable: true };
  }
  return { title: 'Something went wrong', message: serverText ?? 'The request could not be completed. Please try again.', retryable: true };
}
