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
/** SPEC §9: payment type always full. */
export const PAYMENT_TYPE = 'full' as const;

export const ORDER_STATUSES = ['held', 'paid', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
