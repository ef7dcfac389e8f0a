import * as z from 'zod/mini';
import { ORGANIZER_APPLICATION_STATUSES } from './organizer-application-limits';

// Answers of the organizer application ("Ticket your Event") and of its admin list.

const id = z.int().check(z.positive());
const count = z.int().check(z.nonnegative());

/** An application as its applicant reads it. Instants are ISO strings. */
export const organizerApplicationSchema = z.object({
  id,
  organization: z.string(),
  contactPerson: z.string(),
  /** +63 and its digits. */
  phone: z.string(),
  description: z.string(),
  status: z.enum(ORGANIZER_APPLICATION_STATUSES),
  /** Only on a declined one, when the admin gave a reason. */
  declineReason: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type OrganizerApplication = z.infer<typeof organizerApplicationSchema>;

/** POST /api/organizer-applications (201): the application, pending. */
export const organizerApplicationSentResponseSchema = z.object({ success: z.literal(true), application: organizerApplicationSchema });
export type OrganizerApplicationSentResponse = z.infer<typeof organizerApplicationSentResponseSchema>;

/** GET /api/my/organizer-application: the caller's latest application, null when they never applied. */
export const myOrganizerApplicationResponseSchema = z.object({ success: z.literal(true), application: z.nullable(organizerApplicationSchema) });
export type MyOrganizerApplicationResponse = z.infer<typeof myOrganizerApplicationResponseSchema>;

/** An application on the admin list: the applicant, the date they applied (MM-DD-YYYY, Manila) and who decided. */
export const adminOrganizerApplicationSchema = z.object({
  ...organizerApplicationSchema.shape,
  applicant: z.object({ id, name: z.string(), email: z.string() }),
  date: z.string().check(z.regex(/^\d{2}-\d{2}-\d{4}$/)),
  decidedBy: z.nullable(z.object({ id, name: z.string(), email: z.string() })),
});
export type AdminOrganizerApplication = z.infer<typeof adminOrganizerApplicationSchema>;

/** GET /api/admin/organizer-applications */
export const adminOrganizerApplicationsResponseSchema = z.object({
  success: z.literal(true),
  applications: z.array(adminOrganizerApplicationSchema),
  page: id,
  pageSize: id,
  totalPages: id,
  total: count,
});
export type AdminOrganizerApplicationsResponse = z.infer<typeof adminOrganizerApplicationsResponseSchema>;

/** POST /api/admin/organizer-applications/:id/approve and .../decline: the decided application. */
export const organizerApplicationDecisionResponseSchema = z.object({ success: z.literal(true), application: adminOrganizerApplicationSchema });
export type OrganizerApplicationDecisionResponse = z.infer<typeof organizerApplicationDecisionResponseSchema>;
