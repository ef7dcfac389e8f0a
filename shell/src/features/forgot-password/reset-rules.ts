import type { RESET_CODE_LENGTH as CONTRACT_RESET_CODE_LENGTH } from '@sports/contracts';
import { PASSWORD_MIN_LENGTH } from '../auth-ui/validation';

/** SPEC §9: a 6-digit reset code (typed against the contract so the two cannot drift). */
export const RESET_CODE_LENGTH: typeof CONTRACT_RESET_CODE_LENGTH = 6;
/** SPEC §9: the success screen redirects to /login after 2 seconds. */
export const RESET_REDIRECT_MS = 2000;

/** SPEC §8 success message of step 1. */
export const CODE_SENT_MESSAGE = 'A 6-digit code has been sent to your email.';
/** Shown on /login after the redirect. */
export const PASSWORD_RESET_NOTICE = 'Your password has been reset. Log in with your new password.';

/** SPEC §5: the code accepts digits only, at most 6 (anything else is dropped as it is typed or pasted). */
export function sanitizeCode(value: string): string {
  return value.replace(/\D+/g, '').slice(0, RESET_CODE_LENGTH);
}

/** SPEC §5 new-password rules, with their trailing periods. */
export function newPasswordErrors(password: string, confirmPassword: string): { password?: string; confirmPassword?: string } {
  const errors: { password?: string; confirmPassword?: string } = {};
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = 'Password must be at least 6 characters.';
  if (confirmPassword !== password) errors.confirmPassword = 'Passwords do not match.';
  return errors;
}
