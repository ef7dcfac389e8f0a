import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { AppError } from '../errors';
import { checkNewPassword, hashPassword } from '../auth/passwords';
import * as sessions from '../auth/sessions.repository';
import * as users from '../auth/users.repository';
import type { AddressOwner } from '../auth/users.repository';
import { accountKey, ipKey } from '../rate-limit/rate-limiter';
import * as repo from './reset.repository';

/** PRODUCT §3: valid 10 minutes, dead after 5 wrong tries, at most 3 codes an hour per account. */
export const RESET_CODE_TTL_SECONDS = 10 * 60;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_CODES_PER_HOUR = 3;

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
 * Step 1 (counted against the account's and the IP's limits, known or not). The answer does
 * not wait for anything that depends on the email: looking the account up, making the code and
 * mailing it run after the response (see issueCode).
 */
export async function requestReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  const limits = ctx.config.rateLimits;
  await ctx.rateLimiter.consume([
    { key: accountKey('reset', email), limit: limits.resetRequestPerAccount },
    { key: ipKey('reset', ip), limit: limits.resetRequestPerIp },
  ]);
  ctx.tasks.run('password-reset mail', () => issueCode(ctx, email));
}

/** For an Active account with fewer than 3 codes in the last hour: a new code, mailed. Otherwise nothing. */
export async function issueCode(ctx: AppContext, email: string): Promise<void> {
  const account = await users.findByEmail(ctx.db, email);
  if (!account || account.status !== 'Active') return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const issued = await ctx.db.withTransaction(async (tx) => {
    await users.lockAccount(tx, account.id);
    if ((await repo.countCodesSince(tx, account.id, 3600)) >= RESET_CODES_PER_HOUR) return false;
    await repo.insertCode(tx, account.id, hashCode(ctx.config.resetCodePepper, account.id, code), RESET_CODE_TTL_SECONDS);
    return true;
  });
  if (!issued) {
    ctx.logger.info({ userId: account.id }, 'password reset: hourly code limit reached, nothing sent');
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
