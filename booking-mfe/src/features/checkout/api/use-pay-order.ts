import { ApiError } from '@sports/api-client';
import { bookingQueries, payOrder } from '@sports/api-client/booking';
import { useMutation, useQueryClient } from '@sports/query';
import type { OrderSummary, PaymentMethod } from '@sports/contracts';
import { afterOrderWrite } from '../../../shared/api/after-order-write';
import { hasTickets } from '../../../shared/booking-state';
import { CHECKOUT_PAY_DELAY_MS } from '../../../shared/constants';
import { forgetIdempotencyKey, idempotencyKeyFor } from '../idempotency';

/** The server answered the payment without the paid order's tickets. */
export class PaymentNotConfirmedError extends Error {
  constructor() {
    super('The payment could not be confirmed. Please try again.');
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Pay a held order (`method` null for a free one) under the order's idempotency key; resolves with the
 * paid order. The call takes at least the checkout pay delay (SPEC §9: Processing... shows that long,
 * however fast the server is). A 409 or 422 may mean an earlier attempt whose answer was lost already
 * paid it (maybe with another method): the order is read again, and a paid one counts as this payment.
 */
export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, method }: { orderId: number; method: PaymentMethod | null }): Promise<OrderSummary> => {
      const key = idempotencyKeyFor(orderId);
      const [result] = await Promise.allSettled([payOrder(orderId, method, key), delay(CHECKOUT_PAY_DELAY_MS)]);
      if (result.status === 'fulfilled') {
        if (!hasTickets(result.value)) throw new PaymentNotConfirmedError();
        forgetIdempotencyKey(orderId);
        return result.value;
      }
      if (result.reason instanceof ApiError && (result.reason.status === 409 || result.reason.status === 422)) {
        const current = await queryClient.fetchQuery({ ...bookingQueries.order(orderId), retry: false }).catch(() => null);
        if (hasTickets(current)) {
          forgetIdempotencyKey(orderId);
          return current;
        }
      }
      throw result.reason;
    },
    onSuccess: (paid) => afterOrderWrite(queryClient, paid),
  });
}
