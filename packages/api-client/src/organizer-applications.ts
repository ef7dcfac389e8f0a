// @sports/api-client/organizer-applications: "Ticket your Event", a signed-in visitor's
// application to become an organizer, and where it stands. (The admins' side is in ./admin.)
import { myOrganizerApplicationResponseSchema, organizerApplicationSentResponseSchema } from '@sports/contracts';
import type { OrganizerApplication, OrganizerApplicationRequest } from '@sports/contracts';
import { apiGet, apiPost } from '@sports/api-client';
import { queryOptions } from '@sports/query';

export const organizerApplicationQueries = {
  /** GET /api/my/organizer-application: the caller's latest application, null when they never applied. */
  mine: () =>
    queryOptions({
      queryKey: ['organizer-application', 'mine'] as const,
      queryFn: async ({ signal }) => (await apiGet('/api/my/organizer-application', myOrganizerApplicationResponseSchema, { signal })).application,
      staleTime: 0,
    }),
};

/**
 * POST /api/organizer-applications { organization, contactPerson, phone, description } (201):
 * 400 with the field's message, 403 for organizers and admins, 409 while one is pending.
 */
export async function applyAsOrganizer(request: OrganizerApplicationRequest): Promise<OrganizerApplication> {
  const body = {
    organization: request.organization.trim(),
    contactPerson: request.contactPerson.trim(),
    phone: request.phone.trim(),
    description: request.description.trim(),
  };
  return (await apiPost('/api/organizer-applications', body, organizerApplicationSentResponseSchema)).application;
}
