// Whether a buyer may cancel a paid order for a full refund: the event's refund policy (none, or
// until N days before the start), and nothing of the order used yet. My Tickets shows the answer
// (the amount and the deadline, or why not); cancelling checks it again under the order's lock.
import { formatManilaClockAndDay } from '@sports/contracts';

const DAY_MS = 86_400_000;

export const REFUND_REFUSALS = {
  noRefunds: 'The organizer of this event does not offer refunds.',
  checkedIn: 'A ticket of this order has been checked in: the order can no longer be cancelled.',
  given: 'A ticket of this order was given to someone: the order can no longer be cancelled.',
  notPaid: 'Only a paid order can be cancelled.',
  eventCancelled: 'This event was cancelled: your refund is already on its way.',
} as const;

/** What the policy needs of an order and its event. */
export interface RefundPolicyInput {
  status: string;
  total_amount: number;
  event_starts_at: Date;
  event_cancelled_at: Date | null;
  refund_days_before: number | null;
  /** Whether any ticket of the order has been checked in. */
  any_checked_in: boolean;
  /** Whether any ticket of the order was given to someone (a transfer pending or claimed). */
  any_given: boolean;
}

export type BuyerCancellation = { allowed: true; amount: number; deadline: Date } | { allowed: false; reason: string; deadline: Date | null };

/** Until when the event's policy refunds, or null when it gives no refunds. */
export function refundDeadline(startsAt: Date, daysBefore: number | null): Date | null {
  return daysBefore === null ? null : new Date(startsAt.getTime() - daysBefore * DAY_MS);
}

export function buyerCancellation(o: RefundPolicyInput, now: Date): BuyerCancellation {
  const deadline = refundDeadline(o.event_starts_at, o.refund_days_before);
  if (o.event_cancelled_at !== null) return { allowed: false, reason: REFUND_REFUSALS.eventCancelled, deadline };
  if (o.status !== 'paid') return { allowed: false, reason: REFUND_REFUSALS.notPaid, deadline };
  if (deadline === null) return { allowed: false, reason: REFUND_REFUSALS.noRefunds, deadline };
  if (now.getTime() >= deadline.getTime()) return { allowed: false, reason: `Refunds for this event closed at ${formatManilaClockAndDay(deadline)}.`, deadline };
  if (o.any_checked_in) return { allowed: false, reason: REFUND_REFUSALS.checkedIn, deadline };
  if (o.any_given) return { allowed: false, reason: REFUND_REFUSALS.given, deadline };
  return { allowed: true, amount: o.total_amount, deadline };
}
