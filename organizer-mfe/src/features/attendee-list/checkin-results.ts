import { CHECKIN_HEADLINES, CHECKIN_OVERRIDABLE } from '@sports/contracts';
import type { CheckinLogResult, CheckinMethod, CheckinResponse, CheckinResult } from '@sports/contracts';

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
  not_found: 'bad',
  // Outside the doors' window: a genuine ticket the organizer may still admit.
  too_early: 'warn',
  too_late: 'warn',
  cancelled: 'bad',
  refunded: 'bad',
  transferred: 'bad',
  // Only in the log: a gate's synced scan whose time the API refused.
  in_future: 'bad',
  before_download: 'bad',
};

/** The log's answers: a scan's, an undo, or a ticket admitted at two offline gates. */
export const LOG_RESULT_LABEL: Readonly<Record<CheckinLogResult, string>> = { ...CHECKIN_HEADLINES, undone: 'Undone', conflict: 'Conflict' };

/** Whether sending the same check-in again with `override: true` would admit it (too early or too late). */
export function isOverridable(answer: CheckinResponse): boolean {
  return answer.overridable && CHECKIN_OVERRIDABLE.includes(answer.result);
}

/** How a Present ticket came in, as the Attendee List says it: the gate's name for an offline gate. */
export function checkinMethodLabel(method: CheckinMethod | null, gate: string | null): string {
  if (method === 'scan') return 'Scan';
  if (method === 'hand') return 'By hand';
  if (method === 'gate') return gate ?? 'Gate';
  return '—';
}
