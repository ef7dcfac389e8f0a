import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '@sports/contracts';

/** What a provider needs to charge an order. */
export interface ChargeRequest {
  orderId: number;
  userId: number;
  /** Pesos. */
  amount: number;
  paymentType: 'full';
}

/**
 * Takes the money for an order. `charge` resolves with the provider's reference once the
 * payment went through and rejects (AppError for a refusal the user should see) otherwise.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(order: ChargeRequest, method: PaymentMethod): Promise<{ reference: string }>;
}

/**
 * PRODUCT §4: payment is a choice of method only. This provider records that choice and
 * charges nothing; its reference says so.
 */
export class RecordOnlyProvider implements PaymentProvider {
  readonly name = 'record-only';

  async charge(order: ChargeRequest, method: PaymentMethod): Promise<{ reference: string }> {
    return { reference: `record-only:${method}:${order.orderId}:${randomUUID()}` };
  }
}
