// The rules of an event's promo codes as its organizer makes them: limits, messages and checks the
// API and the organizer's form share. No validator imported: free for any app (the request schema,
// in promo-codes.ts, uses classic zod, which the screens' CSP refuses).
import { EVENT_PRICE_MAX } from './organizer-limits';
import { parseEventDateTime } from './organizer-datetime';
import { hasTwoDecimalsAtMost } from './organizer-pricing';
import type { PromoCodeKind } from './pricing';

export const PROMO_CODE_LIMITS = { maxUses: 1_000_000, perAccount: 1000 } as const;

export const PROMO_CODE_FORM_MESSAGES = {
  code: 'A promo code is 3 to 30 letters, digits, hyphens or underscores, starting with a letter or digit',
  kind: 'Choose what the code takes off: a percentage or an amount',
  percent: 'A percentage off must be from 0.01 to 100, with at most two decimals',
  amount: `An amount off must be from 0.01 to ${EVENT_PRICE_MAX} pesos, with at most two decimals`,
  sectionUnknown: 'Choose sections of this event',
  categoryUnknown: 'Unknown ticket category: choose Regular, Student, Child, Senior Citizen or PWD',
  maxUses: `Uses in all must be a whole number from 1 to ${PROMO_CODE_LIMITS.maxUses}`,
  perAccount: `Uses per account must be a whole number from 1 to ${PROMO_CODE_LIMITS.perAccount}`,
  untilBeforeFrom: 'The code must end after it starts',
  duplicate: 'This event already has that promo code: choose another code',
  notFound: 'Promo code not found',
  alreadyEnded: 'This promo code has already ended',
} as const;

export const PROMO_FROM_LABEL = 'Valid from';
export const PROMO_UNTIL_LABEL = 'Valid until';

/** The value's message for its kind, or undefined when it is fine. */
export function promoValueError(kind: PromoCodeKind, value: number): string | undefined {
  const max = kind === 'percent' ? 100 : EVENT_PRICE_MAX;
  if (!Number.isFinite(value) || value < 0.01 || value > max || !hasTwoDecimalsAtMost(value)) return kind === 'percent' ? PROMO_CODE_FORM_MESSAGES.percent : PROMO_CODE_FORM_MESSAGES.amount;
  return undefined;
}

/** The window's message when both sides are valid dates and the end is not after the start. */
export function promoWindowError(from: string | null, until: string | null): string | undefined {
  if (!from || !until) return undefined;
  const a = parseEventDateTime(from, PROMO_FROM_LABEL);
  const b = parseEventDateTime(until, PROMO_UNTIL_LABEL);
  if (a.ok && b.ok && b.instant.getTime() <= a.instant.getTime()) return PROMO_CODE_FORM_MESSAGES.untilBeforeFrom;
  return undefined;
}
