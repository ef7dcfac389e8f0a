import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { AppError } from '../errors';
import { checkNewPassword, hashPassword } from '../auth/passwords';
import * as sessions from '../auth/sessions.repository';
import * as users from '../auth/users.repository';
import type { AddressOwner } from '../auth/users.repository';
import { deviceOf } from '../auth/device-cookie';
import { ipKey } from '../rate-limit/rate-limiter';
import * as repo from './reset.repository';

/** PRODUCT §3: valid 10 minutes, dead after 5 wrong tries. How many are mailed: see issueCode. */
export const RESET_CODE_TTL_SECONDS = 10 * 60;
export const RESET_CODE_MAX_ATTEMPTS = 5;

export const RESET_MESSAGES = {
  invalidCode: 'Invalid code.',
  tooShort: 'Password must be at least 6 characters.',
  mailSubject: 'Your password reset code',
} as const;

const invalidCode = (): AppError => new AppError(400, RESET_MESSAGES.invalidCode);

export function hashCode(pepper: string, userId: number, code: string): string {
  return createHmac('sha256', pepper).update(`${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function resetMailText(firstName: string, code: string): string {
  return [
    `Hello ${firstName},`,
    '',
    `Your password reset code is ${code}.`,
    '',
    'Enter it on the Forgot Password page within 10 minutes. It works once.',
    'If you did not ask to reset your password, ignore this mail: your password stays as it is.',
    '',
    'Sports Complex Tickets',
  ].join('\n');
}

/**
 * Step 1. Only the sender's address is limited here (a 429 tells that address about itself); the
 * account's budget never refuses a request, or strangers could spend it and lock the owner out
 * (docs/accounts.md). The answer does not wait for anything that depends on the email: looking
 * the account up, checking the device cookie, making the code and mailing it run after the
 * response (see issueCode).
 */
export async function requestReset(ctx: AppContext, email: string, ip: string, deviceCookie: unknown): Promise<void> {
  await ctx.rateLimiter.consume([{ key: ipKey('reset', ip), limit: ctx.config.rateLimits.resetRequestPerIp }]);
  ctx.tasks.run('password-reset mail', () => issueCode(ctx, email, deviceCookie));
}

/**
 * For an Active account: a new code, mailed, while its budget allows (RATE_LIMIT_RESET_ACCOUNT,
 * 3 an hour). A request with a valid device cookie of the account (a browser that signed in to
 * it) has a budget of its own per device; any other request spends the account's. Otherwise
 * nothing happens, and the asker is told nothing different (docs/accounts.md).
 */
export async function issueCode(ctx: AppContext, email: string, deviceCookie: unknown): Promise<void> {
  const account = await users.findByEmail(ctx.db, email);
  if (!account || account.status !== 'Active') return;
  const device = deviceOf(ctx.config.deviceCookie.secret, deviceCookie, account.id);
  const budget = ctx.config.rateLimits.resetRequestPerAccount;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const issued = await ctx.db.withTransaction(async (tx) => {
    await users.lockAccount(tx, account.id);
    if ((await repo.countCodesSince(tx, account.id, device, budget.windowSeconds)) >= budget.max) return false;
    await repo.insertCode(tx, account.id, device, hashCode(ctx.config.resetCodePepper, account.id, code), RESET_CODE_TTL_SECONDS);
    return true;
  });
  if (!issued) {
    ctx.logger.info({ userId: account.id, device: device !== null }, 'password reset: code budget spent, nothing sent');
    return;
  }
  await ctx.mailer.send({ to: account.email, subject: RESET_MESSAGES.mailSubject, text: resetMailText(account.first_name, code) });
}

/**
 * Checks `code` against the account's newest live code inside `tx`. A wrong code costs one of
 * its 5 tries (kept even though the answer is an error). Returns the account and code ids on success.
 */
async function checkCode(ctx: AppContext, tx: Queryable, email: string, code: string): Promise<{ userId: number; codeId: number } | 'invalid'> {
  const account = await users.findByEmail(tx, email);
  if (!account || account.status !== 'Active') return 'invalid';
  const row = await repo.lockNewestCode(tx, account.id);
  if (!row || !row.live || row.attempts >= RESET_CODE_MAX_ATTEMPTS) return 'invalid';
  if (!sameHash(row.code_hash, hashCode(ctx.config.resetCodePepper, account.id, code))) {
    await repo.addFailedAttempt(tx, row.id);
    return 'invalid';
  }
  return { userId: account.id, codeId: row.id };
}

function verifyLimit(ctx: AppContext, ip: string) {
  return ctx.rateLimiter.consume([{ key: ipKey('reset-verify', ip), limit: ctx.config.rateLimits.resetVerifyPerIp }]);
}

/** Step 2: the code is right (it stays usable for step 3). */
export async function verifyCode(ctx: AppContext, email: string, code: string, ip: string): Promise<void> {
  const counted = await verifyLimit(ctx, ip);
  const result = await ctx.db.withTransaction((tx) => checkCode(ctx, tx, email, code));
  if (result === 'invalid') throw invalidCode();
  await ctx.rateLimiter.giveBack(counted);
}

/** What else happens when a reset confirms an address (composed in app.ts); resolves true when it queued mail. */
export type OnConfirmed = (tx: Queryable, account: AddressOwner) => Promise<boolean>;

/**
 * Step 3: the code once more, then the new password; the code is spent and every session of the
 * account ends. The mailed code proves the address as a confirmation link does: an unconfirmed
 * address is confirmed, and `onConfirmed` runs as for the link.
 */
export async function resetPassword(ctx: AppContext, email: string, code: string, password: string, ip: string, onConfirmed?: OnConfirmed): Promise<void> {
  checkNewPassword(password, RESET_MESSAGES.tooShort);
  const counted = await verifyLimit(ctx, ip);
  const passwordHash = await hashPassword(password);
  const result = await ctx.db.withTransaction(async (tx) => {
    const checked = await checkCode(ctx, tx, email, code);
    if (checked === 'invalid') return checked;
    await users.setPasswordHash(tx, checked.userId, passwordHash);
    await repo.markUsed(tx, checked.codeId);
    await sessions.revokeAllSessions(tx, checked.userId);
    const confirmed = await users.markConfirmed(tx, checked.userId);
    return { queuedMail: confirmed && onConfirmed ? await onConfirmed(tx, confirmed) : false };
  });
  if (result === 'invalid') throw invalidCode();
  if (result.queuedMail) ctx.mailQueue.kick();
  await ctx.rateLimiter.giveBack(counted);
}
