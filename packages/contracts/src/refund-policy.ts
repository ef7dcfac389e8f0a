// An event's refund policy (events.refund_days_before): null, no refunds; N, a buyer may cancel
// for a full refund until N days before the start. The organizer's form, the event page, checkout,
// the ticket and the mails all say it with refundPolicyText (docs/refunds.md).

export const REFUND_DAYS_LIMITS = { min: 0, max: 365 } as const;

export const REFUND_POLICY_ERROR = `Refund policy must be No refunds (null) or a full refund until a whole number of days from ${REFUND_DAYS_LIMITS.min} to ${REFUND_DAYS_LIMITS.max} before the start`;

export function refundPolicyText(refundDaysBefore: number | null): string {
  if (refundDaysBefore === null) return 'No refunds';
  if (refundDaysBefore === 0) return 'Full refund until the start';
  return `Full refund until ${refundDaysBefore} ${refundDaysBefore === 1 ? 'day' : 'days'} before the start`;
}

/** SPEC's checkout note, kept for the events whose policy is No refunds. */
export const NONREFUNDABLE_NOTE = 'All payments are nonrefundable.';

/** The one sentence a buyer reads about refunds before and after paying: the event's own policy. */
export function refundPolicySentence(refundDaysBefore: number | null): string {
  return refundDaysBefore === null ? NONREFUNDABLE_NOTE : `Refunds: ${refundPolicyText(refundDaysBefore)}.`;
}

/** True when `next` gives buyers less than `current` did (a later deadline is more generous). */
export function isStricterRefundPolicy(current: number | null, next: number | null): boolean {
  if (current === null) return false;
  return next === null || next > current;
}
