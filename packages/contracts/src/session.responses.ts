import * as z from 'zod/mini';

/** SPEC §3 session object, kept in localStorage under `user` for display only. */
export const sessionUserSchema = z.object({
  user_id: z.int().check(z.positive()),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role_id: z.int().check(z.positive()),
  role_name: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * What a 401 says when nobody is signed in, and when a session's token is no longer accepted
 * (expired, logged out elsewhere). An Inactive or Restricted account is told that instead.
 */
export const SIGNED_OUT_MESSAGES = {
  loginRequired: 'Please log in.',
  sessionEnded: 'Your session has ended. Please log in again.',
} as const;

/**
 * GET /api/me: who the session cookie belongs to, read fresh from the database. Nobody is an
 * answer, not an error: `user` null, with `refusal` saying why when the cookie named a session
 * that is no longer accepted (it ended, or the account is Inactive or Restricted).
 */
export const meResponseSchema = z.object({ success: z.literal(true), user: z.nullable(sessionUserSchema), refusal: z.optional(z.string()) });
