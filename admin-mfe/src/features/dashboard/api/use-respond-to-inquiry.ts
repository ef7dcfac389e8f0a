import type { AdminInquiriesResponse } from '@sports/contracts';
import { adminInvalidations, adminKeys, respondToInquiry } from '@sports/api-client/admin';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Answer an inquiry by mail; it leaves the pending list at once and the lists refetch. */
export function useRespondToInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => respondToInquiry(id, text),
    onSuccess: (answered) => {
      // Off the list at once; the refetch below brings the next pending one in.
      queryClient.setQueriesData({ queryKey: adminKeys.inquiries }, (old: AdminInquiriesResponse | undefined) =>
        old && { ...old, inquiries: old.inquiries.filter((i) => i.id !== answered.id), total: Math.max(0, old.total - 1) },
      );
    },
    // Also after a failure: a 409 means someone answered it meanwhile, so the list is out of date.
    // Not awaited: the dialog closes on the answer, the lists refetch behind it.
    onSettled: () => void invalidateAll(queryClient, adminInvalidations.inquiryResponse),
  });
}
