// Cancelling an event (its organizer, or an admin): in one transaction the event is marked
// cancelled, every paid order goes to refund pending with its seats released and its refund
// written, the trail records it and every buyer's mail is queued. The refunds are then run in the
// background; a run that dies is finished by the periodic sweep. Someone holding a ticket given to
// them is mailed too (the refund goes to whoever paid).
import type { BackgroundTasks } from '../background';
import { logAction } from '../audit/log-action';
import { AppError, notFound } from '../errors';
import { enqueueMail } from '../mail/mail-queue';
import * as repo from './refund.repository';
import type { CancellationImpact } from './refund.repository';
import { eventCancelledMail, heldTicketCancelledMail } from '../mail/refund-mail';
import { requestRefunds } from '../orders/refund-request';
import { findGuestHolders } from '../orders/ticket-holders';
import { runRefunds } from './refund-runner';
import type { RefundDeps } from './refund-runner';

export interface CancelDeps extends RefundDeps {
  tasks: BackgroundTasks;
}

export const CANCEL_MESSAGES = {
  notFound: 'Event not found',
  notApproved: 'Only an approved event can be cancelled.',
  alreadyCancelled: 'This event is already cancelled.',
  over: 'This event is over: it can no longer be cancelled.',
} as const;

/** Who cancels: an organizer (only their own events) or an admin (any event). */
export interface Canceller {
  userId: number;
  /** The organizer whose events may be cancelled; null for an admin. */
  organizerScope: number | null;
  ip: string | null;
}

async function cancellableEvent(deps: RefundDeps, eventId: number, who: Pick<Canceller, 'organizerScope'>): Promise<repo.CancellableEvent> {
  const event = await repo.findCancellableEvent(deps.db, eventId, who.organizerScope, deps.clock.now());
  if (!event) throw notFound(CANCEL_MESSAGES.notFound);
  if (event.cancelled) throw new AppError(409, CANCEL_MESSAGES.alreadyCancelled);
  if (event.status !== 'Approved') throw new AppError(409, CANCEL_MESSAGES.notApproved);
  if (event.over) throw new AppError(409, CANCEL_MESSAGES.over);
  return event;
}

/** What the confirmation says before cancelling: the paid orders, tickets and money it affects. */
export async function cancellationPreview(deps: RefundDeps, eventId: number, who: Pick<Canceller, 'organizerScope'>): Promise<CancellationImpact & { name: string }> {
  const event = await cancellableEvent(deps, eventId, who);
  return { name: event.title, ...(await repo.findCancellationImpact(deps.db, eventId)) };
}

/** Cancels the event with `reason` and starts its refunds; answers what it affected. */
export async function cancelEvent(deps: CancelDeps, eventId: number, who: Canceller, reason: string): Promise<CancellationImpact> {
  const event = await cancellableEvent(deps, eventId, who);
  const now = deps.clock.now();
  const impact = await deps.db.withTransaction(async (tx) => {
    // The event row first (then order rows): a second cancel waits here and finds it cancelled.
    if (!(await repo.markEventCancelled(tx, { eventId, actorId: who.userId, reason, now }))) return null;
    const refunds = await requestRefunds(tx, { eventId }, { reason: 'event_cancelled', actorId: who.userId, provider: deps.payments.name, now });
    const counted = refunds.reduce((sum, r) => sum + r.seats, 0);
    const amount = refunds.reduce((sum, r) => sum + r.amount, 0);
    await logAction(tx, {
      actorId: who.userId,
      action: 'event.cancelled',
      subject: { eventId },
      ip: who.ip,
      at: now,
      data: { reason, by: who.organizerScope === null ? 'admin' : 'organizer', orders: refunds.length, tickets: counted, amount },
    });
    const told = { title: event.title, startsAt: event.starts_at, reason };
    for (const r of refunds) await enqueueMail(tx, eventCancelledMail(r, told, { id: r.order_id, amount: r.amount }), `event-cancelled:${r.order_id}`);
    for (const h of await findGuestHolders(tx, eventId)) await enqueueMail(tx, heldTicketCancelledMail(h, told), `event-cancelled:${eventId}:holder:${h.user_id}`);
    return { orders: refunds.length, tickets: counted, amount };
  });
  if (!impact) {
    // Cancelled (or changed) by someone else between the check and the update.
    await cancellableEvent(deps, eventId, who);
    throw new AppError(409, CANCEL_MESSAGES.alreadyCancelled);
  }
  deps.mailQueue.kick();
  deps.tasks.run('refunds of a cancelled event', async () => {
    await runRefunds(deps, { eventId });
  });
  return impact;
}
