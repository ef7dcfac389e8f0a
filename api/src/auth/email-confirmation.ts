// Proving an address (PRODUCT §3): the link mailed at sign-up confirms it once; an account whose
// address is not confirmed may log in but not buy (booking refuses its holds). A new link can be
// asked for; the answer is the same whatever the address's state.
import { EMAIL_CONFIRMATION_MESSAGES } from '@sports/contracts';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { accountKey, ipKey } from '../rate-limit/rate-limiter';
import type { OnRegistered } from './auth.service';
import { hashToken, queueConfirmationMail } from './email-confirmation-mail';
import * as repo from './email-confirmation.repository';
import * as users from './users.repository';

/**
 * Spends the link's token and confirms its account's address. The first confirmation also runs
 * `onConfirmed` in the same transaction (tickets sent to the address are claimed now, not at
 * sign-up: registering someone else's address gets none of theirs).
 */
export async function confirmEmail(ctx: Pick<AppContext, 'db' | 'mailQueue'>, token: string, onConfirmed?: OnRegistered): Promise<void> {
  const queuedMail = await ctx.db.withTransaction(async (tx) => {
    const userId = await repo.spendToken(tx, hashToken(token));
    if (userId === null) throw new AppError(400, EMAIL_CONFIRMATION_MESSAGES.linkDead);
    const account = await users.markConfirmed(tx, userId);
    return account && onConfirmed ? onConfirmed(tx, account) : false;
  });
  if (queuedMail) ctx.mailQueue.kick();
}

/**
 * A new link for an account whose address is not confirmed yet, counted against the address's
 * and the IP's limits of mail-sending requests (those of password-reset requests). Nothing that
 * depends on the address runs before the answer: the lookup and the mail come after it.
 */
export async function resendConfirmation(ctx: AppContext, email: string, ip: string): Promise<void> {
  const limits = ctx.config.rateLimits;
  // Only the sender's address is refused: the account's budget caps the mails and never the answer,
  // or strangers could spend it and keep the owner from asking (docs/accounts.md).
  await ctx.rateLimiter.consume([{ key: ipKey('confirm-resend', ip), limit: limits.resetRequestPerIp }]);
  const [account] = await ctx.rateLimiter.count([{ key: accountKey('confirm-resend', email), limit: limits.resetRequestPerAccount }]);
  if (account && account.count > account.limit.max) return;
  ctx.tasks.run('email confirmation mail', async () => {
    const queued = await ctx.db.withTransaction(async (tx) => {
      const account = await repo.lockUnconfirmed(tx, email);
      if (account) await queueConfirmationMail(tx, account, ctx.config.publicOrigin);
      return account !== null;
    });
    if (queued) ctx.mailQueue.kick();
  });
}
