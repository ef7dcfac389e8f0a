import type { PASSWORD_MIN_LENGTH as CONTRACT_PASSWORD_MIN_LENGTH } from '@sports/contracts';

/**
 * SPEC §9: password minimum. Apps import only types from contracts, so the value lives here;
 * the annotation makes tsc fail if the contract's constant ever changes.
 */
export const PASSWORD_MIN_LENGTH: typeof CONTRACT_PASSWORD_MIN_LENGTH = 6;

/** "Email-shaped": something@domain.tld, no spaces. The server checks it again. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** SPEC §5 email messages (registration step 3; reused by login and reset). */
export function emailError(value: string): string | undefined {
  if (value.trim() === '') return 'Email is required';
  if (!isEmail(value)) return 'Invalid email format';
  return undefined;
}
