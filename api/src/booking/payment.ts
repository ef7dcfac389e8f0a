import type { PaymentMethod } from '@sports/contracts';

/** One attempt to pay an order, as the provider sees it. */
export interface PaymentRequest {
  /** Our attempt id: the provider's idempotency key (asking twice about it charges once). */
  attemptId: string;
  orderId: number;
  userId: number;
  /** Pesos. */
  amount: number;
  method: PaymentMethod;
  paymentType: 'full';
}

/** What the provider says about an attempt. */
export type ProviderAnswer =
  | { status: 'confirmed'; reference: string }
  | { status: 'refused'; reason: string }
  /** Not decided yet: the buyer is on the provider's page, or its confirmation is on its way. */
  | { status: 'pending' };

/**
 * Takes the money for an order, the way real providers work: `start` begins the payment and may
 * answer at once or later; the final answer comes back as a confirmation (a webhook, or the
 * buyer's return from the provider's page), and `lookup` asks the provider what it knows of an
 * attempt (for a buyer's retry and the periodic reconciliation). Both are idempotent per
 * attempt. Neither is ever called while a database lock is held.
 */
export interface PaymentProvider {
  readonly name: string;
  start(payment: PaymentRequest): Promise<ProviderAnswer>;
  /** 'unknown': the provider never saw this attempt (so it charged nothing). */
  lookup(payment: PaymentRequest): Promise<ProviderAnswer | { status: 'unknown' }>;
  /**
   * Gives an order's money back. Idempotent per refund id: asking again about the same refund (a
   * run that died after asking, two runs at once) returns the same answer and pays back once.
   */
  refund(refund: RefundRequest): Promise<RefundAnswer>;
}

/** One refund of a paid order, as the provider sees it. */
export interface RefundRequest {
  /** Our refund id: the provider's idempotency key. */
  refundId: string;
  orderId: number;
  /** Pesos. */
  amount: number;
  /** The provider's reference of the payment being refunded. */
  paymentReference: string | null;
}

/** 'failed': the provider did not refund (yet); the refund stays pending and is asked again later. */
export type RefundAnswer = { status: 'refunded'; reference: string } | { status: 'failed'; reason: string };

/**
 * PRODUCT §4: payment is a choice of method only. This provider records that choice, charges
 * nothing and confirms at once (so the checkout's flow is unchanged); its reference says so.
 */
export class RecordOnlyProvider implements PaymentProvider {
  readonly name = 'record-only';

  async start(payment: PaymentRequest): Promise<ProviderAnswer> {
    return this.confirmation(payment);
  }

  // Nothing is charged, so an attempt it never heard of (its process died before asking) is as
  // good as confirmed: a retry of that payment converges on one paid order.
  async lookup(payment: PaymentRequest): Promise<ProviderAnswer> {
    return this.confirmation(payment);
  }

  // Nothing was charged, so nothing is paid back: the refund is recorded under its own id.
  async refund(refund: RefundRequest): Promise<RefundAnswer> {
    return { status: 'refunded', reference: `record-only-refund:${refund.orderId}:${refund.refundId}` };
  }

  private confirmation(payment: PaymentRequest): ProviderAnswer {
    return { status: 'confirmed', reference: `record-only:${payment.method}:${payment.orderId}:${payment.attemptId}` };
  }
}
