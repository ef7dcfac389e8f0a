import { badRequest } from '../errors';

const MAX_DEPTH = 20;

export const NUL_MESSAGE = 'Text must not contain NUL characters';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000: a query carrying one fails. Input headed for the database
 * is checked first, so such input is a 400 rather than a 500.
 */
export function assertNoNul(value: unknown): void {
  if (containsNul(value)) throw badRequest(NUL_MESSAGE);
}
