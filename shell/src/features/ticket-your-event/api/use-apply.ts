import { applyAsOrganizer, organizerApplicationQueries } from '@sports/api-client/organizer-applications';
import { useMutation, useQueryClient } from '@sports/query';

/** Send the application (POST /api/organizer-applications); the page then shows it as pending. */
export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyAsOrganizer,
    onSuccess: (application) => queryClient.setQueryData(organizerApplicationQueries.mine().queryKey, application),
  });
}
