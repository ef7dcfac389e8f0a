// Prices, ticket categories and promo codes: the names and rules every screen, the API and the
// database share. No validator is imported here, so any app may import these for free.

/** Ticket categories: Regular, and those an event may offer besides it. */
export const TICKET_CATEGORIES = ['regular', 'student', 'child', 'senior', 'pwd'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const OFFERABLE_CATEGORIES = ['student', 'child', 'senior', 'pwd'] as const;
export type OfferableCategory = (typeof OFFERABLE_CATEGORIES)[number];
export const TICKET_CATEGORY_LABELS: Readonly<Record<TicketCategory, string>> = {
  regular: 'Regular',
  student: 'Student',
  child: 'Child',
  senior: 'Senior Citizen',
  pwd: 'PWD',
};

/**
 * Senior Citizen and PWD: discounted by law (Republic Acts 9994 and 10754), one discounted ticket
 * per ID number per event, the ID shown at the gate. The percentage is the API's configuration.
 */
export const LAW_CATEGORIES = ['senior', 'pwd'] as const;
export type LawCategory = (typeof LAW_CATEGORIES)[number];
export function isLawCategory(category: TicketCategory): category is LawCategory {
  return category === 'senior' || category === 'pwd';
}

/** The ID a law-discounted ticket is bought with: its name, its format, and the message when it does not fit. */
export const ID_NUMBER_RULES: Readonly<Record<LawCategory, { label: string; pattern: RegExp; hint: string; message: string }>> = {
  senior: {
    label: 'OSCA ID number',
    pattern: /^[0-9][0-9-]{2,18}[0-9]$/,
    hint: '4 to 20 digits, as printed on the senior citizen ID',
    message: 'An OSCA ID number is 4 to 20 digits (hyphens allowed), as printed on the senior citizen ID.',
  },
  pwd: {
    label: 'PWD ID number',
    pattern: /^\d{2}-\d{4}-\d{3}-\d{7}$/,
    hint: 'as printed on the PWD ID, e.g. 13-7602-000-0001234',
    message: 'A PWD ID number looks like 13-7602-000-0001234 (region, city, barangay and number).',
  },
};

/** An ID number as stored and compared: upper case, no spaces around. */
export function normalizeIdNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** How a ticket's discount came about: the law's (Senior Citizen, PWD), its category's (Student, Child) or a promo code's. */
export const DISCOUNT_KINDS = ['law', 'category', 'code'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A promo code takes a percentage or an amount of pesos off each ticket it applies to. */
export const PROMO_CODE_KINDS = ['percent', 'amount'] as const;
export type PromoCodeKind = (typeof PROMO_CODE_KINDS)[number];
/** 3 to 30 letters, digits, hyphens or underscores, starting with a letter or digit; matched without regard to case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;
export function normalizePromoCode(value: string): string {
  return value.trim().toUpperCase();
}

/** Why a promo code was refused, in the buyer's words. */
export const PROMO_CODE_MESSAGES = {
  unknown: 'This promo code does not exist. Check its spelling.',
  otherEvent: 'This promo code is for another event.',
  notYet: 'This promo code is not valid yet.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has been used up.',
  accountLimit: 'You have already used this promo code as many times as it allows.',
  notForSeats: 'This promo code is not for these seats or ticket categories.',
} as const;

export const PRICING_MESSAGES = {
  categoryNotOffered: 'This event does not offer that ticket category.',
  idNumberTaken: 'This ID number already has a discounted ticket for this event.',
  idNumberTwice: 'Each Senior Citizen or PWD ticket needs its own ID number.',
  seatsMismatch: 'Choose a category for each seat of your order, once.',
  expectedTotal: 'Send the tickets with expectedTotal, the total the buyer was shown.',
} as const;

/** The refusal of a payment whose expected total is not what its choices cost now. */
export function totalChangedMessage(total: string): string {
  return `The total is now ${total}. Please check it before you pay.`;
}

/** A ticket's category as its holder reads it: null for Regular; otherwise the category and that its ID is checked at the gate. */
export function ticketCategoryNote(category: TicketCategory): string | null {
  return category === 'regular' ? null : `${TICKET_CATEGORY_LABELS[category]} ticket: bring the ID, it is checked at the gate`;
}

/** The tickets an event offers in one line, as its page says it: "Regular, Student 10% off, Senior Citizen 20% off by law. …". */
export function ticketCategoriesText(categories: ReadonlyArray<{ category: OfferableCategory; discountPercent: number }>): string {
  const parts = categories.map(({ category, discountPercent }) => {
    const label = TICKET_CATEGORY_LABELS[category];
    if (discountPercent === 0) return label;
    return `${label} ${discountPercent}% off${isLawCategory(category) ? ' by law' : ''}`;
  });
  return `Regular, ${parts.join(', ')}. Discounted tickets need an ID, checked at the gate.`;
}
