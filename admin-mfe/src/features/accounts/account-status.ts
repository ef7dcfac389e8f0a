import type { AccountStatus } from '@sports/contracts';
import type { BadgeTone } from '@sports/ui';

export const STATUS_TONE: Record<AccountStatus, BadgeTone> = { Active: 'success', Inactive: 'neutral', Restricted: 'danger' };

/** What a status means for the account's owner, said in the confirmation. */
export const STATUS_EFFECT: Record<AccountStatus, string> = {
  Active: 'They can log in again. Sessions from before the change stay ended.',
  Inactive: 'They are signed out on their next request and cannot log in while the account is Inactive.',
  Restricted: 'They are signed out on their next request and cannot log in while the account is Restricted.',
};
