// Answers of an event's promo codes (organizer area; admins read them too).
import * as z from 'zod/mini';
import { PROMO_CODE_KINDS, TICKET_CATEGORIES } from './pricing';

const id = z.int().check(z.positive());
const count = z.int().check(z.nonnegative());

/** Active (usable now), Scheduled (its window has not opened), Ended (its window closed or it was ended), Used up (max uses reached). */
export const PROMO_CODE_STATUSES = ['Active', 'Scheduled', 'Ended', 'Used up'] as const;
export type PromoCodeStatus = (typeof PROMO_CODE_STATUSES)[number];

export const promoCodeSchema = z.object({
  id,
  code: z.string(),
  kind: z.enum(PROMO_CODE_KINDS),
  value: z.number(),
  /** The sections it applies to, by label; null: all. */
  sections: z.nullable(z.array(z.object({ id, label: z.string() }))),
  categories: z.nullable(z.array(z.enum(TICKET_CATEGORIES))),
  maxUses: z.nullable(id),
  perAccount: z.nullable(id),
  /** ISO instants of its window; null: open on that side. */
  validFrom: z.nullable(z.string()),
  validUntil: z.nullable(z.string()),
  /** Live orders carrying it: paid, or held and not run out (counted, never stored). */
  uses: count,
  status: z.enum(PROMO_CODE_STATUSES),
  createdAt: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

/** GET /api/organizer/events/:id/promo-codes: newest first, with the event's sections to choose from. */
export const promoCodesResponseSchema = z.object({
  success: z.literal(true),
  event: z.object({ id, name: z.string() }),
  sections: z.array(z.object({ id, label: z.string() })),
  promoCodes: z.array(promoCodeSchema),
});
export type PromoCodesResponse = z.infer<typeof promoCodesResponseSchema>;

/** POST .../promo-codes (201) and POST .../promo-codes/:codeId/end. */
export const promoCodeResponseSchema = z.object({ success: z.literal(true), promoCode: promoCodeSchema });
export type PromoCodeResponse = z.infer<typeof promoCodeResponseSchema>;
