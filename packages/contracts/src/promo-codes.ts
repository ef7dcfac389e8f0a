// Promo codes of an event (PRODUCT §9 "Prices"), as its organizer makes them: the request and the
// messages the API and the organizer's form share. The window is typed as Create Event's dates
// (02-15-2024 06:00 am, Manila time).
import { z } from 'zod';
import { EVENT_PRICE_MAX } from './organizer-limits';
import { EVENT_DATETIME_EXAMPLE, parseEventDateTime } from './organizer-datetime';
import { hasTwoDecimalsAtMost } from './organizer-pricing';
import { PROMO_CODE_KINDS, PROMO_CODE_PATTERN, TICKET_CATEGORIES, normalizePromoCode } from './pricing';

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

function windowSide(label: string) {
  return z
    .string({ error: `${label} must look like ${EVENT_DATETIME_EXAMPLE}` })
    .trim()
    .superRefine((value, ctx) => {
      const parsed = parseEventDateTime(value, label);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
    })
    .nullable()
    .optional();
}

/** POST /api/organizer/events/:id/promo-codes */
export const promoCodeRequestSchema = z
  .object({
    code: z
      .string({ error: PROMO_CODE_FORM_MESSAGES.code })
      .transform(normalizePromoCode)
      .refine((code) => PROMO_CODE_PATTERN.test(code), PROMO_CODE_FORM_MESSAGES.code),
    kind: z.enum(PROMO_CODE_KINDS, PROMO_CODE_FORM_MESSAGES.kind),
    value: z.number({ error: 'The value must be a number' }),
    /** The sections it applies to (absent or null: all of the event's). */
    sectionIds: z.array(z.number({ error: PROMO_CODE_FORM_MESSAGES.sectionUnknown }).int(PROMO_CODE_FORM_MESSAGES.sectionUnknown).positive(PROMO_CODE_FORM_MESSAGES.sectionUnknown)).min(1, PROMO_CODE_FORM_MESSAGES.sectionUnknown).max(200).nullable().optional(),
    /** The ticket categories it applies to (absent or null: all). */
    categories: z.array(z.enum(TICKET_CATEGORIES, PROMO_CODE_FORM_MESSAGES.categoryUnknown)).min(1, PROMO_CODE_FORM_MESSAGES.categoryUnknown).max(TICKET_CATEGORIES.length).nullable().optional(),
    maxUses: z.number({ error: PROMO_CODE_FORM_MESSAGES.maxUses }).int(PROMO_CODE_FORM_MESSAGES.maxUses).min(1, PROMO_CODE_FORM_MESSAGES.maxUses).max(PROMO_CODE_LIMITS.maxUses, PROMO_CODE_FORM_MESSAGES.maxUses).nullable().optional(),
    perAccount: z.number({ error: PROMO_CODE_FORM_MESSAGES.perAccount }).int(PROMO_CODE_FORM_MESSAGES.perAccount).min(1, PROMO_CODE_FORM_MESSAGES.perAccount).max(PROMO_CODE_LIMITS.perAccount, PROMO_CODE_FORM_MESSAGES.perAccount).nullable().optional(),
    validFrom: windowSide(PROMO_FROM_LABEL),
    validUntil: windowSide(PROMO_UNTIL_LABEL),
  })
  .superRefine((req, ctx) => {
    const valueError = promoValueError(req.kind, req.value);
    if (valueError) ctx.addIssue({ code: 'custom', message: valueError, path: ['value'] });
    const error = promoWindowError(req.validFrom ?? null, req.validUntil ?? null);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['validUntil'] });
  });
export type PromoCodeRequest = z.infer<typeof promoCodeRequestSchema>;

/** The value's message for its kind, or undefined when it is fine. */
export function promoValueError(kind: (typeof PROMO_CODE_KINDS)[number], value: number): string | undefined {
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
