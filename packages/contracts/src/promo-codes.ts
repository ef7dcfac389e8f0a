// Promo codes of an event (PRODUCT §9 "Prices"), as its organizer makes them: the request (its rules
// and messages: promo-code-rules.ts). The window is typed as Create Event's dates (02-15-2024 06:00
// am, Manila time).
import { z } from 'zod';
import { EVENT_DATETIME_EXAMPLE, parseEventDateTime } from './organizer-datetime';
import { PROMO_CODE_FORM_MESSAGES, PROMO_CODE_LIMITS, PROMO_FROM_LABEL, PROMO_UNTIL_LABEL, promoValueError, promoWindowError } from './promo-code-rules';
import { PROMO_CODE_KINDS, PROMO_CODE_PATTERN, TICKET_CATEGORIES, normalizePromoCode } from './pricing';

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

