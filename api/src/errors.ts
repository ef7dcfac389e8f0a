import { SIGNED_OUT_MESSAGES } from '@sports/contracts';

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
  tooManyAttempts: 'Too many attempts. Please try again later.',
  crossSite: 'Cross-site request refused.',
  jsonOnly: 'Content-Type must be application/json.',
} as const;

export const unauthorized = (message: string = MESSAGES.loginRequired): AppError => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden): AppError => new AppError(403, message);
export const tooManyAttempts = (retryAfterSeconds: number): AppError =>
  new AppError(429, MESSAGES.tooManyAttempts, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
