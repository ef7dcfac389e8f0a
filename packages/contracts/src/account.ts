// My Account (Data Privacy Act of 2012: access, correction, a copy, deletion): the requests.
import { z } from 'zod';
import { registerRequestSchema } from './auth';
import { ACCOUNT_MESSAGES } from './account-messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

/** PUT /api/my/profile: the registration record without email and password, with its rules and messages. */
export const profileUpdateRequestSchema = registerRequestSchema.omit({ email: true, password: true });
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

/** POST /api/my/password: the current password, and the new one (the registration's rules). */
export const changePasswordRequestSchema = z.object({
  current_password: z
    .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
    .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, 'Password is too long.'),
  new_password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters.')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long.'),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** DELETE /api/my/account: the current password, or (an account without one) its email typed out. */
export const deleteAccountRequestSchema = z.object({
  password: z.string({ error: 'Password must be text' }).max(PASSWORD_MAX_LENGTH, 'Password is too long.').optional(),
  email: z.string({ error: 'Email must be text' }).trim().max(254, 'Email is too long').optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
