import { cleanText } from '@sports/contracts';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { asFailedSignIn } from '../http/security-log';
import { assertMaySignIn, startSession } from './auth.service';
import type { OnRegistered, StartedSession } from './auth.service';
import type { GoogleIdentity } from './google-token';
import { GoogleTokenError } from './google-token';
import * as identities from './identities.repository';
import * as sessions from './sessions.repository';
import * as users from './users.repository';

export const GOOGLE_MESSAGES = {
  failed: 'Google login failed.',
  notConfigured: 'Social sign-in is not configured.',
  emailTaken: 'An account with this email already exists. Log in with your password.',
} as const;

const PROVIDER = 'google';

function names(identity: GoogleIdentity): { first: string; last: string } {
  const parts = identity.name?.split(/\s+/) ?? [];
  const first = identity.givenName ?? parts[0] ?? (cleanText(identity.email.split('@')[0] ?? '') || 'Google user');
  const last = identity.familyName ?? (parts.length > 1 ? parts.slice(1).join(' ') : '-');
  return { first: first.slice(0, 100), last: last.slice(0, 100) };
}

/**
 * Google sign-in (PRODUCT §3): the account is found by (provider, subject), never by email.
 * A new subject creates a Participant, unless its email already belongs to a confirmed account,
 * which must keep logging in with its password (no silent takeover through a matching email). An
 * account whose address was never confirmed is Google's owner's (users.adoptUnconfirmed): someone
 * who registered that address cannot keep its owner out.
 */
export async function googleLogin(ctx: AppContext, credential: string, onRegistered?: OnRegistered): Promise<StartedSession> {
  if (!ctx.google) throw new AppError(503, GOOGLE_MESSAGES.notConfigured);
  let identity: GoogleIdentity;
  try {
    identity = await ctx.google.verify(credential);
  } catch (err) {
    if (err instanceof GoogleTokenError) {
      ctx.logger.warn({ reason: err.message }, 'Google ID token refused');
      throw asFailedSignIn(new AppError(401, GOOGLE_MESSAGES.failed), 'google', null);
    }
    throw err;
  }

  let userId = await identities.findUserId(ctx.db, PROVIDER, identity.subject);
  let queuedMail = false;
  if (userId === null) {
    userId = await ctx.db.withTransaction(async (tx) => {
      // Serialise sign-ins of the same subject; a second one finds the first one's account.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${PROVIDER}:${identity.subject}`]);
      const linked = await identities.findUserId(tx, PROVIDER, identity.subject);
      if (linked !== null) return linked;
      const { first, last } = names(identity);
      const adopted = await users.adoptUnconfirmed(tx, identity.email, { firstName: first, lastName: last });
      if (adopted !== null) await sessions.revokeAllSessions(tx, adopted);
      else if (await users.emailTaken(tx, identity.email)) throw new AppError(409, GOOGLE_MESSAGES.emailTaken);
      const id = adopted ?? (await users.insertParticipant(tx, { email: identity.email, passwordHash: null, firstName: first, lastName: last, emailConfirmed: true }));
      if (id === null) throw new AppError(409, GOOGLE_MESSAGES.emailTaken);
      await identities.insertIdentity(tx, { provider: PROVIDER, subject: identity.subject, userId: id, email: identity.email });
      if (onRegistered) queuedMail = await onRegistered(tx, { id, email: identity.email, first_name: first, last_name: last });
      return id;
    });
    if (queuedMail) ctx.mailQueue.kick();
  }
  const account = await users.findById(ctx.db, userId);
  if (!account) throw asFailedSignIn(new AppError(401, GOOGLE_MESSAGES.failed), 'google', userId);
  try {
    assertMaySignIn(account);
  } catch (err) {
    if (err instanceof AppError) asFailedSignIn(err, 'google', account.id);
    throw err;
  }
  return startSession(ctx, account);
}
