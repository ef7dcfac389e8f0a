// The refund run: asks the payment provider to pay back each pending refund, holding no database
// lock while it asks, then settles it (refund -> refunded, order -> refunded, audit row, the
// buyer's mail queued) in one short transaction. The provider's refund is idempotent per refund
// id and settling is conditional, so two runs at once, or a run after a crash, refund an order once.
import type { Clock } from '../clock';
import type { Db } from '../db';
import type { Logger } from '../logger';
import { logAction } from '../audit/log-action';
import type { PaymentProvider } from '../booking/payment';
import { enqueueMail } from '../mail/mail-queue';
import type { MailQueue } from '../mail/mail-queue';
import * as repo from './refund.repository';
import { FREE_REFUND_PROVIDER } from '../orders/refund-request';
import type { PendingRefund } from './refund.repository';
import { refundedMail } from '../mail/refund-mail';

export interface RefundDeps {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  mailQueue: MailQueue;
  logger?: Logger;
}

const BATCH = 200;
/** Refunds asked of the provider at once. */
const CONCURRENCY = 8;

/** Pays back one pending refund and settles it; false when it is not settled by this call (the provider did not refund: it stays pending; or another run settled it). */
async function refundOne(deps: RefundDeps, refund: PendingRefund): Promise<boolean> {
  let reference: string;
  if (refund.provider === FREE_REFUND_PROVIDER) {
    reference = `free:${refund.id}`;
  } else {
    try {
      const answer = await deps.payments.refund({ refundId: refund.id, orderId: refund.order_id, amount: refund.amount, paymentReference: refund.payment_reference });
      if (answer.status === 'failed') {
        deps.logger?.warn({ refundId: refund.id, reason: answer.reason }, 'refund not done by the provider; it is asked again later');
        return false;
      }
      reference = answer.reference;
    } catch (err) {
      deps.logger?.warn({ err, refundId: refund.id }, 'payment provider did not answer a refund; it is asked again later');
      return false;
    }
  }
  const now = deps.clock.now();
  return deps.db.withTransaction(async (tx) => {
    const settled = await repo.settleRefund(tx, refund.id, reference, now);
    // Settled by another run meanwhile: its transaction wrote the audit row and the mail.
    if (!settled) return false;
    await logAction(tx, {
      actorId: null,
      action: 'order.refunded',
      subject: { orderId: settled.order_id, eventId: settled.event_id },
      ip: null,
      at: now,
      data: { refund_id: refund.id, amount: settled.amount, reason: settled.reason, reference },
    });
    if (settled.amount > 0) {
      await enqueueMail(tx, refundedMail(settled, { title: settled.event_title }, { id: settled.order_id, amount: settled.amount }), `refunded:${refund.id}`);
    }
    return true;
  });
}

/**
 * Refunds what is pending (of one event, or one order, when given), CONCURRENCY at a time, until
 * nothing is left that the provider will refund now. Returns how many this run settled.
 */
export async function runRefunds(deps: RefundDeps, of: { eventId?: number; orderId?: number } = {}): Promise<number> {
  let settled = 0;
  const failed = new Set<string>();
  for (;;) {
    const batch = (await repo.findPendingRefunds(deps.db, BATCH + failed.size, of)).filter((r) => !failed.has(r.id));
    if (batch.length === 0) break;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < batch.length) {
        const refund = batch[next++] as PendingRefund;
        if (await refundOne(deps, refund)) settled += 1;
        else failed.add(refund.id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
    deps.mailQueue.kick();
  }
  return settled;
}
