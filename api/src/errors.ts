import { SIGNED_OUT_MESSAGES, tooManyAttemptsText } from '@sports/contracts';

/** An expected failure with the HTTP status and the message the client sees as `{ success: false, error }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string): AppError => new AppError(400, message);
export const notFound = (message: string): AppError => new AppError(404, message);

/** SPEC-visible texts of the accounts area (PRODUCT §3). */
export const MESSAGES = {
  ...SIGNED_OUT_MESSAGES,
  forbidden: 'You do not have access to this.',
  crossSite: 'Cross-site request refused.',
  jsonOnly: 'Content-Type must be application/json.',
} as const;

export const unauthorized = (message: string = MESSAGES.loginRequired): AppError => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden): AppError => new AppError(403, message);
/** 429 saying how long to wait, in words and in Retry-After (the same number). */
export const tooManyAttempts = (retryAfterSeconds: number): AppError => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, tooManyAttemptsText(seconds), { 'Retry-After': String(seconds) });
};
