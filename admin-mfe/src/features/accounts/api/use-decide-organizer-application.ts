import { adminInvalidations, approveOrganizerApplication, declineOrganizerApplication } from '@sports/api-client/admin';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

export type ApplicationDecision = { applicationId: number; decision: 'approve' } | { applicationId: number; decision: 'decline'; reason: string };

/** Approve or decline an organizer application; the applications and the accounts (the new role) refetch. */
export function useDecideOrganizerApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicationDecision) =>
      input.decision === 'approve' ? approveOrganizerApplication(input.applicationId) : declineOrganizerApplication(input.applicationId, input.reason),
    onSuccess: () => invalidateAll(queryClient, adminInvalidations.organizerApplicationDecision),
  });
}
