import { z } from 'zod';
import { pageParam } from './query-params';
import {
  APPLICATION_DESCRIPTION_MAX,
  APPLICATION_DESCRIPTION_MIN,
  CONTACT_PERSON_MAX,
  CONTACT_PERSON_MIN,
  DECLINE_REASON_MAX,
  ORGANIZATION_MAX,
  ORGANIZATION_MIN,
  ORGANIZER_APPLICATION_FILTERS,
  ORGANIZER_APPLICATION_MESSAGES,
  normalizePhone,
} from './organizer-application-limits';
import { cleanString, requiredText } from './text';

/** A required text field with a lower bound too. */
function text(label: string, min: number, max: number, tooShort: string) {
  return requiredText({ required: `${label} is required`, label, max }).min(min, tooShort);
}

/**
 * POST /api/organizer-applications — body { organization, contactPerson, phone, description },
 * from a signed-in visitor (Participant). 409 while one of theirs is pending. The phone is stored
 * as +63 and its digits.
 */
export const organizerApplicationRequestSchema = z.object({
  organization: text('Organization', ORGANIZATION_MIN, ORGANIZATION_MAX, `Organization must be at least ${ORGANIZATION_MIN} characters`),
  contactPerson: text('Contact person', CONTACT_PERSON_MIN, CONTACT_PERSON_MAX, `Contact person must be at least ${CONTACT_PERSON_MIN} characters`),
  phone: requiredText({ required: 'Phone is required', label: 'Phone', max: 30, tooLong: ORGANIZER_APPLICATION_MESSAGES.phone })
    .refine((value) => normalizePhone(value) !== null, ORGANIZER_APPLICATION_MESSAGES.phone)
    .transform((value) => normalizePhone(value) as string),
  description: text(
    'What you run',
    APPLICATION_DESCRIPTION_MIN,
    APPLICATION_DESCRIPTION_MAX,
    `Tell us a little more about what you run (at least ${APPLICATION_DESCRIPTION_MIN} characters)`,
  ),
});
export type OrganizerApplicationRequest = z.infer<typeof organizerApplicationRequestSchema>;

/** GET /api/admin/organizer-applications?status=pending|approved|declined|all&page= — pending (default): oldest first; otherwise newest first. */
export const adminOrganizerApplicationsQuerySchema = z.object({
  page: pageParam,
  status: z.enum(ORGANIZER_APPLICATION_FILTERS, `status must be one of: ${ORGANIZER_APPLICATION_FILTERS.join(', ')}`).optional(),
});
export type AdminOrganizerApplicationsQuery = z.infer<typeof adminOrganizerApplicationsQuerySchema>;

/** POST /api/admin/organizer-applications/:id/approve — no body (or {}). */
export const approveOrganizerApplicationSchema = z.object({});

/** POST /api/admin/organizer-applications/:id/decline — body { reason? }: mailed to the applicant and shown to them. */
export const declineOrganizerApplicationSchema = z.object({
  reason: cleanString('Reason must be text')
    .max(DECLINE_REASON_MAX, `Reason is too long (at most ${DECLINE_REASON_MAX} characters)`)
    .transform((s) => (s === '' ? undefined : s))
    .optional(),
});
