import type { PaymentMethod } from '@sports/contracts';

/** SPEC §9 payment methods, in SPEC's order, with the names people know them by. */
export const PAYMENT_METHOD_OPTIONS: ReadonlyArray<{ value: PaymentMethod; label: string }> = [
  { value: 'gcash', label: 'GCash' },
  { value: 'paymaya', label: 'PayMaya' },
  { value: 'bdo', label: 'BDO' },
  { value: 'visa', label: 'VISA' },
];

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
