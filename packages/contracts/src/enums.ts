// Every enumeration the database checks, the API and the apps share, declared once here.
// api/test/enums.test.ts holds each one against the SQL CHECK constraint that guards it.
// No validator is imported here, so any app may import these for free.

export const ROLE_NAMES = ['Admin', 'Organizer', 'Participant'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const ACCOUNT_STATUSES = ['Active', 'Inactive', 'Restricted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const EVENT_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const GENRES = ['sports', 'concert', 'community'] as const;
export type Genre = (typeof GENRES)[number];

export const PAYMENT_METHODS = ['gcash', 'paymaya', 'bdo', 'visa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The names people know the methods by, as checkout, the ticket, My Tickets and the mails show them. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = { gcash: 'GCash', paymaya: 'PayMaya', bdo: 'BDO', visa: 'VISA' };
/**
 * The QR payload's paymentMethod of a free ticket: no method was used, so none is named.
 * Never a method a buyer can choose, and never stored on an order.
 */
export const FREE_TICKET_METHOD = 'free' as const;
/** SPEC §9: payment type always full. */
export const PAYMENT_TYPE = 'full' as const;

/** refund_pending: the refund is asked of the payment provider; refunded: the provider returned the money. */
export const ORDER_STATUSES = ['held', 'paid', 'expired', 'refund_pending', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
