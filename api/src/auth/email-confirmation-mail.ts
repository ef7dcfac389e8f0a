// The mails of sign-up, queued in the transaction of the sign-up (mail_queue): a link that proves a
// new address, or, to the owner of an address that already has an account, a note that someone
// tried to register with it. Only a hash of the link's token is kept.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db';
import { enqueueMail } from '../mail/mail-queue';
import { DEV_SITE_ORIGIN } from '../mail/ticket-mail';
import * as repo from './email-confirmation.repository';
import type { AddressOwner } from './users.repository';

/** A confirmation link works once, within 24 hours. */
export const CONFIRMATION_TTL_SECONDS = 24 * 3600;

export const CONFIRMATION_MAIL_SUBJECTS = {
  confirm: 'Confirm your email address',
  attempt: 'Someone tried to register with your email',
} as const;

/** The link's token carries 256 random bits: a plain SHA-256 is enough to keep it unusable from the database. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Queues a new confirmation link for `account` (dedupe key: the token's row). */
export async function queueConfirmationMail(db: Queryable, account: AddressOwner, siteOrigin: string | null): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const tokenId = await repo.insertToken(db, account.id, hashToken(token), CONFIRMATION_TTL_SECONDS);
  const link = `${siteOrigin ?? DEV_SITE_ORIGIN}/confirm-email?token=${token}`;
  const text = [
    `Hello ${account.first_name},`,
    '',
    'Open this link to confirm your email address and finish signing up:',
    link,
    '',
    'The link works once, within 24 hours. You can log in before that, but you can buy tickets only once your address is confirmed.',
    'If you did not sign up, ignore this mail: nothing happens without the link.',
    '',
    'Sports Complex Tickets',
  ].join('\n');
  await enqueueMail(db, { to: account.email, subject: CONFIRMATION_MAIL_SUBJECTS.confirm, text }, `email-confirm:${tokenId}`);
}

/**
 * Queues the note to the owner of a known address that someone signed up with it: at most one an
 * hour per account (dedupe key), so repeated sign-ups cannot flood their inbox.
 */
export async function queueSignUpAttemptMail(db: Queryable, owner: AddressOwner, siteOrigin: string | null, now: Date): Promise<void> {
  const origin = siteOrigin ?? DEV_SITE_ORIGIN;
  const text = [
    `Hello ${owner.first_name},`,
    '',
    `Someone tried to create a new account with this email address (${owner.email}). You already have an account, so nothing was created or changed.`,
    '',
    `If it was you: log in at ${origin}/login. If you forgot your password, reset it at ${origin}/ForgotPassword.`,
    'If it was not you, you can ignore this mail.',
    '',
    'Sports Complex Tickets',
  ].join('\n');
  const hour = Math.floor(now.getTime() / 3_600_000);
  await enqueueMail(db, { to: owner.email, subject: CONFIRMATION_MAIL_SUBJECTS.attempt, text }, `signup-attempt:${owner.id}:${hour}`);
}
