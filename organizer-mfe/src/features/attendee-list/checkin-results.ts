import type { CheckinResult } from '@sports/contracts';

/** How an answer at the gate reads at a glance: let in, look again, or refused. */
export type CheckinTone = 'ok' | 'warn' | 'bad';

export const CHECKIN_TONE: Readonly<Record<CheckinResult, CheckinTone>> = {
  checked_in: 'ok',
  already_checked_in: 'warn',
  wrong_event: 'bad',
  forged: 'bad',
  altered: 'bad',
  not_paid: 'bad',
  unreadable: 'bad',
};
