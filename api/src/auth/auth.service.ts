import type { LoginRequest, RegisterRequest, SessionUser } from '@sports/contracts';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { AppError } from '../errors';
import { asFailedSignIn } from '../http/security-log';
import { checkAddressChain } from '../locations/locations.service';
import { admitLogin } from '../rate-limit/login-limits';
import { ipKey } from '../rate-limit/rate-limiter';
import { deviceOf } from './device-cookie';
import { checkNewPassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { queueConfirmationMail, queueSignUpAttemptMail } from './email-confirmation-mail';
import { signSessionToken } from './session-token';
import * as sessions from './sessions.repository';
import * as users from './users.repository';
import type { AccountRow } from './users.repository';

export const AUTH_MESSAGES = {
  invalidLogin: 'Invalid email or password.',
  inactive: 'This account is inactive. Please contact support.',
  restricted: 'This account is restricted. Please contact support.',
  registerTooShort: 'Password must be at least 6 characters',
} as const;

export function toSessionUser(account: AccountRow): SessionUser {
  return {
    user_id: account.id,
    email: account.email,
    first_name: account.first_name,
    last_name: account.last_name,
    role_id: account.role_id,
    role_name: account.role_name,
  };
}

/** Inactive and Restricted accounts cannot sign in (PRODUCT §3). */
export function assertMaySignIn(account: AccountRow): void {
  if (account.status === 'Inactive') throw new AppError(403, AUTH_MESSAGES.inactive);
  if (account.status === 'Restricted') throw new AppError(403, AUTH_MESSAGES.restricted);
}

export interface StartedSession {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

/** A new sessions row and its signed cookie token; records the login time. */
export async function startSession(ctx: Pick<AppContext, 'config' | 'db'>, account: AccountRow): Promise<StartedSession> {
  const session = await sessions.createSession(ctx.db, account.id, ctx.config.sessionTtlSeconds);
  await users.touchLastLogin(ctx.db, account.id);
  const token = signSessionToken(ctx.config.jwtSecret, { userId: account.id, sessionId: session.id }, session.expiresAt);
  return { user: toSessionUser(account), token, expiresAt: session.expiresAt };
}

/**
 * Email + password login. Unknown email and wrong password get the same 401, after the same
 * argon2 work, and count against the same limits (rate-limit/login-limits.ts): per address, and
 * per account and address plus a growing delay per account, unless the request carries a valid
 * device cookie of the account (then only its own small limit). A successful attempt is given back.
 */
export async function login(ctx: AppContext, input: LoginRequest, ip: string, deviceCookie: unknown): Promise<StartedSession> {
  const account = await users.findByEmail(ctx.db, input.email);
  const device = account ? deviceOf(ctx.config.deviceCookie.secret, deviceCookie, account.id) : null;
  const attempt = await admitLogin(ctx.rateLimiter, ctx.config, { email: input.email, ip, device });
  const ok = account?.password_hash ? await verifyPassword(account.password_hash, input.password) : await verifyAgainstDummy(input.password);
  if (!account || !ok) {
    await attempt.failed();
    throw asFailedSignIn(new AppError(401, AUTH_MESSAGES.invalidLogin), 'password', account?.id ?? null);
  }
  try {
    assertMaySignIn(account);
  } catch (err) {
    if (err instanceof AppError) asFailedSignIn(err, 'password', account.id);
    throw err;
  }
  await attempt.succeeded();
  return startSession(ctx, account);
}

export async function logout(ctx: Pick<AppContext, 'db'>, sessionId: string | null): Promise<void> {
  if (sessionId) await sessions.revokeSession(ctx.db, sessionId);
}

/**
 * What else happens in the transaction in which an account's address becomes confirmed: a first
 * Google sign-in (Google proved it) or the sign-up's confirmation link (composed in app.ts:
 * tickets sent to its address are claimed); resolves true when it queued mail.
 */
export type OnRegistered = (tx: Queryable, account: { id: number; email: string; first_name: string; last_name: string }) => Promise<boolean>;

/**
 * Registration (SPEC "Registration"): the contract's checks again on the server, a real address
 * chain, no common password; counted against the client address's sign-up limit. A new address
 * gets an Active Participant, not confirmed, and a confirmation link; an address that already has
 * an account gets nothing stored and its owner a note instead. Both answer the same, after the
 * same password hashing and one transaction each, so the answer does not tell whether the address
 * has an account.
 */
export async function register(ctx: Pick<AppContext, 'config' | 'db' | 'mailQueue' | 'rateLimiter'>, input: RegisterRequest, ip: string): Promise<void> {
  checkNewPassword(input.password, AUTH_MESSAGES.registerTooShort);
  await checkAddressChain(ctx.db, { region: input.region_id, province: input.province_id, city: input.city_id, barangay: input.barangay_id });
  await ctx.rateLimiter.consume([{ key: ipKey('register', ip), limit: ctx.config.rateLimits.registerPerIp }]);
  const passwordHash = await hashPassword(input.password);
  const origin = ctx.config.publicOrigin;
  await ctx.db.withTransaction(async (tx) => {
    const id = await users.insertParticipant(tx, {
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      middleInitial: input.middle_initial === '' ? null : input.middle_initial,
      suffix: input.suffix === '' ? null : input.suffix,
      gender: input.gender,
      address: { region: input.region_id, province: input.province_id, city: input.city_id, barangay: input.barangay_id, house: input.house_address },
      emailConfirmed: false,
    });
    if (id !== null) {
      await queueConfirmationMail(tx, { id, email: input.email, first_name: input.first_name, last_name: input.last_name }, origin);
      return;
    }
    // The address has an account (or another sign-up with it committed first): the unique index decided.
    const owner = await users.findByEmail(tx, input.email);
    if (owner) await queueSignUpAttemptMail(tx, owner, origin, new Date());
  });
  ctx.mailQueue.kick();
}
