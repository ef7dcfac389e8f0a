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

/** GET /api/me: who the session cookie belongs to, read fresh from the database. */
export const meResponseSchema = z.object({ success: z.literal(true), user: sessionUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
