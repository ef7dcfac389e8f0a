// "Ticket your Event": the organizer application's field limits and statuses. No validator is
// imported here, so the apps' forms read them without bundling the request schemas (full zod).

export const ORGANIZER_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type OrganizerApplicationStatus = (typeof ORGANIZER_APPLICATION_STATUSES)[number];

/** The admin list's filter: one status (default pending) or all. */
export const ORGANIZER_APPLICATION_FILTERS = [...ORGANIZER_APPLICATION_STATUSES, 'all'] as const;
export type OrganizerApplicationFilter = (typeof ORGANIZER_APPLICATION_FILTERS)[number];

export const ORGANIZATION_MIN = 2;
export const ORGANIZATION_MAX = 150;
export const CONTACT_PERSON_MIN = 2;
export const CONTACT_PERSON_MAX = 100;
export const APPLICATION_DESCRIPTION_MIN = 20;
export const APPLICATION_DESCRIPTION_MAX = 2000;
export const DECLINE_REASON_MAX = 500;
/** Applications per page on the admin list. */
export const ORGANIZER_APPLICATIONS_PAGE_SIZE = 10;

/** A Philippine number: mobile (09XX XXX XXXX) or landline with its area code, optionally as +63; spaces, dashes, dots and brackets allowed. */
export const PHONE_PATTERN = /^(?:\+63|0)(?:9\d{9}|[2-8]\d{8})$/;
/** The separators a person types inside a phone number. */
export const PHONE_SEPARATORS = /[\s\-.()]/g;

/** The phone as stored and shown: +63 and its digits; null when it is not a Philippine number. */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(PHONE_SEPARATORS, '');
  if (!PHONE_PATTERN.test(compact)) return null;
  return compact.startsWith('+63') ? compact : `+63${compact.slice(1)}`;
}

export const ORGANIZER_APPLICATION_MESSAGES = {
  phone: 'Phone must be a Philippine number, like 0917 123 4567 or +63 2 8123 4567',
  alreadyPending: 'You already have an application waiting for a decision.',
  notVisitor: 'Only visitor accounts can apply to become an organizer.',
  notFound: 'Application not found.',
  alreadyDecided: 'This application has already been decided.',
} as const;
