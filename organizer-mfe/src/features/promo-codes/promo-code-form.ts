// The promo code form as typed, checked with the API's messages (@sports/contracts promo-codes.ts).
import { PROMO_CODE_FORM_MESSAGES, PROMO_CODE_LIMITS, PROMO_CODE_PATTERN, PROMO_FROM_LABEL, PROMO_UNTIL_LABEL, normalizePromoCode, parseEventDateTime, promoValueError, promoWindowError } from '@sports/contracts';
import type { PromoCodeKind, PromoCodeRequest, TicketCategory } from '@sports/contracts';

export interface PromoFormValues {
  code: string;
  kind: PromoCodeKind;
  value: string;
  /** Section ids ticked; none: all sections. */
  sectionIds: number[];
  /** Categories ticked; none: all categories. */
  categories: TicketCategory[];
  maxUses: string;
  perAccount: string;
  validFrom: string;
  validUntil: string;
}

export type PromoField = 'code' | 'value' | 'maxUses' | 'perAccount' | 'validFrom' | 'validUntil';
export type PromoFormErrors = Partial<Record<PromoField, string>>;
export const PROMO_FIELD_ORDER: readonly PromoField[] = ['code', 'value', 'maxUses', 'perAccount', 'validFrom', 'validUntil'];

export const EMPTY_PROMO_FORM: PromoFormValues = { code: '', kind: 'percent', value: '', sectionIds: [], categories: [], maxUses: '', perAccount: '', validFrom: '', validUntil: '' };

const wholeIn = (value: string, max: number): number | null => {
  const trimmed = value.trim();
  const n = Number(trimmed);
  return /^\d+$/.test(trimmed) && n >= 1 && n <= max ? n : null;
};

const dateError = (value: string, label: string): string | undefined => {
  if (!value.trim()) return undefined;
  const parsed = parseEventDateTime(value, label);
  return parsed.ok ? undefined : parsed.error;
};

export function validatePromoForm(v: PromoFormValues): PromoFormErrors {
  const errors: PromoFormErrors = {};
  if (!PROMO_CODE_PATTERN.test(normalizePromoCode(v.code))) errors.code = PROMO_CODE_FORM_MESSAGES.code;
  const value = /^\d+(\.\d+)?$/.test(v.value.trim()) ? Number(v.value.trim()) : Number.NaN;
  const valueError = promoValueError(v.kind, value);
  if (valueError) errors.value = valueError;
  if (v.maxUses.trim() && wholeIn(v.maxUses, PROMO_CODE_LIMITS.maxUses) === null) errors.maxUses = PROMO_CODE_FORM_MESSAGES.maxUses;
  if (v.perAccount.trim() && wholeIn(v.perAccount, PROMO_CODE_LIMITS.perAccount) === null) errors.perAccount = PROMO_CODE_FORM_MESSAGES.perAccount;
  const from = dateError(v.validFrom, PROMO_FROM_LABEL);
  if (from) errors.validFrom = from;
  const until = dateError(v.validUntil, PROMO_UNTIL_LABEL) ?? promoWindowError(v.validFrom.trim() || null, v.validUntil.trim() || null);
  if (until) errors.validUntil = until;
  return errors;
}

export function toPromoRequest(v: PromoFormValues): PromoCodeRequest {
  return {
    code: normalizePromoCode(v.code),
    kind: v.kind,
    value: Number(v.value.trim()),
    sectionIds: v.sectionIds.length ? v.sectionIds : null,
    categories: v.categories.length ? v.categories : null,
    maxUses: v.maxUses.trim() ? Number(v.maxUses.trim()) : null,
    perAccount: v.perAccount.trim() ? Number(v.perAccount.trim()) : null,
    validFrom: v.validFrom.trim() || null,
    validUntil: v.validUntil.trim() || null,
  };
}
