// POST /api/orders/:id/pay: record the payment of a hold, exactly once per idempotency key.
import { createHash, randomBytes } from 'node:crypto';
import type { OrderResponse, PaymentMethod } from '@sports/contracts';
import { AppError, notFound } from '../errors';
import * as repo from './booking.repository';
import { MESSAGES, retrying, toSummary } from './booking.service';
import type { BookingDeps } from './booking.service';

export interface PayInput {
  paymentMethod: PaymentMethod;
  paymentType: 'full';
}

/** The answer as the exact JSON text sent (a retry gets these same bytes back). */
export interface PayResult {
  status: number;
  body: string;
}

/** What makes two pay requests "the same": the order and the body's fields. */
export function requestHash(orderId: number, input: PayInput): string {
  return createHash('sha256').update(JSON.stringify({ orderId, paymentMethod: input.paymentMethod, paymentType: input.paymentType })).digest('hex');
}

/**
 * Pays `orderId` for `userId`:
 * - another user's (or no) order: 404, like a missing one;
 * - the key was used before by this user: same request -> the stored first answer, byte for
 *   byte; different request -> 422. Parallel retries queue on the key's row (see
 *   claimPaymentAttempt), so exactly one of them pays and the others replay its answer;
 * - already paid (with another key): 409; hold expired: 410;
 * - otherwise the provider charges, the order becomes paid with a random ticket id, and the
 *   answer (with the signed QR) is stored under the key in the same transaction.
 * Refusals are not stored: they roll back, and a retry is refused again for the same reason.
 */
export async function payOrder(deps: BookingDeps, userId: number, orderId: number, key: string, input: PayInput): Promise<PayResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const hash = requestHash(orderId, input);
  if ((await repo.findOrderOwner(db, orderId)) !== userId) throw notFound(MESSAGES.orderNotFound);

  return retrying(() =>
    db.withTransaction(async (tx) => {
      const { attempt } = await repo.claimPaymentAttempt(tx, { userId, key, orderId, requestHash: hash, now });
      if (attempt.request_hash !== hash) throw new AppError(422, MESSAGES.keyReused);
      if (attempt.status_code !== null && attempt.response !== null) return { status: attempt.status_code, body: attempt.response };

      const locked = await repo.lockOrder(tx, orderId);
      if (!locked || locked.user_id !== userId) throw notFound(MESSAGES.orderNotFound);
      if (locked.status === 'paid') throw new AppError(409, MESSAGES.alreadyPaid);
      if (locked.status === 'expired' || locked.expires_at.getTime() <= now.getTime()) throw new AppError(410, MESSAGES.holdExpired);

      const row = await repo.findOrder(tx, orderId);
      if (!row) throw notFound(MESSAGES.orderNotFound);
      const { reference } = await deps.payments.charge({ orderId, userId, amount: row.total_amount, paymentType: input.paymentType }, input.paymentMethod);
      const ticketId = randomBytes(16).toString('base64url');
      await repo.markPaid(tx, { orderId, method: input.paymentMethod, type: input.paymentType, reference, paidAt: now, ticketId });

      const paid: repo.OrderRow = { ...row, status: 'paid', payment_method: input.paymentMethod, payment_type: input.paymentType, paid_at: now, ticket_id: ticketId };
      const response: OrderResponse = { success: true, order: toSummary(paid, now, deps.signer) };
      const body = JSON.stringify(response);
      await repo.storePaymentResponse(tx, userId, key, 200, body);
      return { status: 200, body };
    }),
  );
}
