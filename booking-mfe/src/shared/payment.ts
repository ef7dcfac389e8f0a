import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '@sports/contracts';
import type { OrderSummary, PaymentMethod } from '@sports/contracts';

/** SPEC §9 payment methods, in SPEC's order, with the names people know them by. */
export const PAYMENT_METHOD_OPTIONS: ReadonlyArray<{ value: PaymentMethod; label: string }> = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** What a free order (total 0) says where a paid one names its method: nothing was paid. */
export const FREE_PAYMENT_LABEL = 'Free';

/** A paid order's payment as the ticket and My Tickets name it: 'Free' for a free order, never a method it did not use. */
export function paymentLabel(order: Pick<OrderSummary, 'totalAmount' | 'paymentMethod'>): string {
  return order.totalAmount === 0 ? FREE_PAYMENT_LABEL : paymentMethodLabel(order.paymentMethod);
}

export function isPaymentMethod(value: string): value is PaymentMethod {
  return PAYMENT_METHOD_OPTIONS.some((option) => option.value === value);
}

/** 'gcash' -> 'GCash'; an unknown value is shown as sent. */
export function paymentMethodLabel(method: string | undefined): string {
  return PAYMENT_METHOD_OPTIONS.find((option) => option.value === method)?.label ?? method ?? '—';
}

/** SPEC: payment type is always full; shown as 'Full'. */
export function paymentTypeLabel(type: string | undefined): string {
  if (!type) return 'Full';
  return type.charAt(0).toUpperCase() + type.slice(1);
}
