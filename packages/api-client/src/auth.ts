// @sports/api-client/auth: SPEC §7's account calls and the session probe.
import {
  authConfigResponseSchema,
  googleLoginResponseSchema,
  loginResponseSchema,
  meResponseSchema,
  sessionUserSchema,
  successResponseSchema,
} from '@sports/contracts';
import type { LoginRequest, RegisterRequest, SessionUser } from '@sports/contracts';
import { apiGet, apiPost } from '@sports/api-client';
import { queryOptions } from '@sports/query';

/** The SPEC §3 session object's shape (from the server, or from localStorage). */
export function isSessionUser(value: unknown): value is SessionUser {
  return sessionUserSchema.safeParse(value).success;
}

/** Only the SPEC §3 session fields, whatever else came with them. */
function sessionUserOf(value: SessionUser): SessionUser {
  const { user_id, email, first_name, last_name, role_id, role_name } = value;
  return { user_id, email, first_name, last_name, role_id, role_name };
}

/** What the server says about the session cookie: whose it is, or (401) why it names nobody. */
export interface SessionAnswer {
  user: SessionUser | null;
  /** The 401's text when a session was refused (ended, account restricted); null when signed in or never signed in. */
  refusal: string | null;
}

/** GET /api/me, read fresh by the server on every call. */
export async function getMe(signal?: AbortSignal): Promise<SessionAnswer> {
  const { user, refusal } = await apiGet('/api/me', meResponseSchema, { signal, authCall: true });
  return { user, refusal: refusal ?? null };
}

/** The signed-in user as the server sees it; the shell's route guard decides on this. */
export const sessionQuery = () => queryOptions({ queryKey: ['session'] as const, queryFn: ({ signal }) => getMe(signal) });

/** POST /api/login.php { email, password } -> the session user (401: wrong email or password). */
export async function loginRequest(credentials: LoginRequest, signal?: AbortSignal): Promise<SessionUser> {
  const body = await apiPost('/api/login.php', { email: credentials.email, password: credentials.password }, loginResponseSchema, { signal, authCall: true });
  return body.user;
}

/** POST /api/google-login.php { credential } -> the session fields. Only the credential is sent. */
export async function googleLoginRequest(credential: string, signal?: AbortSignal): Promise<SessionUser> {
  return sessionUserOf(await apiPost('/api/google-login.php', { credential }, googleLoginResponseSchema, { signal, authCall: true }));
}

/** POST /api/register.php with the whole SPEC §3 registration record. */
export async function registerAccount(record: RegisterRequest, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/register.php', record, successResponseSchema, { signal });
}

/** POST /api/auth/confirm-email { token }: the link mailed at sign-up (400 once used or expired). */
export async function confirmEmail(token: string, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/auth/confirm-email', { token }, successResponseSchema, { signal });
}

/** POST /api/auth/resend-confirmation { email } (the same answer whatever the address's state). */
export async function resendConfirmation(email: string, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/auth/resend-confirmation', { email }, successResponseSchema, { signal });
}

/** POST /api/request-password-reset.php { email } (the same answer for known and unknown emails). */
export async function requestPasswordReset(email: string, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/request-password-reset.php', { email }, successResponseSchema, { signal });
}

/** POST /api/verify-reset-code.php { email, code }. */
export async function verifyResetCode(email: string, code: string, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/verify-reset-code.php', { email, code }, successResponseSchema, { signal });
}

/** POST /api/reset-password.php { email, code, password }. */
export async function resetPassword(email: string, code: string, password: string, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/reset-password.php', { email, code, password }, successResponseSchema, { signal });
}

/** GET /api/auth-config: the Google client id, or null when social sign-in is not configured. */
export async function getAuthConfig(signal?: AbortSignal): Promise<{ googleClientId: string | null }> {
  const { googleClientId } = await apiGet('/api/auth-config', authConfigResponseSchema, { signal });
  return { googleClientId: googleClientId !== null && googleClientId.trim() !== '' ? googleClientId : null };
}

/** Ends the session on the server (SPEC "the logout endpoint of the backend API"). */
export async function logoutRequest(): Promise<void> {
  await apiPost('/api/logout.php', {}, successResponseSchema, { authCall: true });
}
