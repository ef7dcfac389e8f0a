import type { LoginRequest, RegisterRequest, SessionUser } from '@sports/contracts';
import { ApiError, apiGet, apiPost } from './http';

/** GET /api/auth-config: what the login screen needs to offer social sign-in. */
export interface AuthConfig {
  /** Google Identity Services client id; null when the server has none configured. */
  googleClientId: string | null;
}

const SESSION_FIELDS = ['user_id', 'email', 'first_name', 'last_name', 'role_id', 'role_name'] as const;

/** The SPEC §3 session object's shape (from the server, or from localStorage). */
export function isSessionUser(value: unknown): value is SessionUser {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.user_id === 'number' &&
    typeof v.email === 'string' &&
    typeof v.first_name === 'string' &&
    typeof v.last_name === 'string' &&
    typeof v.role_id === 'number' &&
    typeof v.role_name === 'string'
  );
}

/** Only the SPEC §3 session fields, whatever else the server sent. */
function pickSessionUser(value: SessionUser): SessionUser {
  return Object.fromEntries(SESSION_FIELDS.map((key) => [key, value[key]])) as unknown as SessionUser;
}

/**
 * A 2xx answer must still say `success: true` (SPEC §7's responses carry `success` and `error`).
 * Anything else becomes an ApiError carrying the server's `error` text, or an empty text when there is none.
 */
function expectSuccess(data: unknown): Record<string, unknown> {
  const body = data as Record<string, unknown> | null;
  if (typeof body !== 'object' || body === null || body.success !== true) {
    throw new ApiError(200, typeof body?.error === 'string' ? body.error : '');
  }
  return body;
}

/**
 * The server's own `error` text carried by an ApiError, or null when the server gave none
 * (no JSON body, or http.ts's generic `Request failed (status)` stand-in), so callers show their own fallback.
 */
export function apiErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const text = error.message.trim();
  if (text === '' || text === `Request failed (${error.status})`) return null;
  return text;
}

/** fetch rejects with a TypeError when the request never reaches the API (offline, DNS, CORS, refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** POST /api/login.php { email, password } -> { success: true, user }. */
export async function loginRequest(credentials: LoginRequest, signal?: AbortSignal): Promise<SessionUser> {
  const body = expectSuccess(await apiPost<unknown>('/api/login.php', { email: credentials.email, password: credentials.password }, signal));
  if (!isSessionUser(body.user)) throw new ApiError(200, '');
  return pickSessionUser(body.user);
}

/** POST /api/google-login.php { credential } -> { success: true, ...session fields }. Only the credential is sent. */
export async function googleLoginRequest(credential: string, signal?: AbortSignal): Promise<SessionUser> {
  const body = expectSuccess(await apiPost<unknown>('/api/google-login.php', { credential }, signal));
  if (!isSessionUser(body)) throw new ApiError(200, '');
  return pickSessionUser(body);
}

/** POST /api/register.php with the whole SPEC §3 registration record -> { success: true }. */
export async function registerAccount(record: RegisterRequest, signal?: AbortSignal): Promise<void> {
  expectSuccess(await apiPost<unknown>('/api/register.php', record, signal));
}

/** POST /api/request-password-reset.php { email } -> { success: true } (the same answer for known and unknown emails). */
export async function requestPasswordReset(email: string, signal?: AbortSignal): Promise<void> {
  expectSuccess(await apiPost<unknown>('/api/request-password-reset.php', { email }, signal));
}

/** POST /api/verify-reset-code.php { email, code } -> { success: true }. */
export async function verifyResetCode(email: string, code: string, signal?: AbortSignal): Promise<void> {
  expectSuccess(await apiPost<unknown>('/api/verify-reset-code.php', { email, code }, signal));
}

/** POST /api/reset-password.php { email, code, password } -> { success: true }. */
export async function resetPassword(email: string, code: string, password: string, signal?: AbortSignal): Promise<void> {
  expectSuccess(await apiPost<unknown>('/api/reset-password.php', { email, code, password }, signal));
}

/** GET /api/auth-config -> { success: true, googleClientId: string | null }. */
export async function getAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  const body = expectSuccess(await apiGet<unknown>('/api/auth-config', signal));
  const id = body.googleClientId;
  return { googleClientId: typeof id === 'string' && id.trim() !== '' ? id : null };
}

/** Ends the session on the server (SPEC "the logout endpoint of the backend API"). */
export async function logoutRequest(): Promise<void> {
  await apiPost<{ success: true }>('/api/logout.php', {});
}
