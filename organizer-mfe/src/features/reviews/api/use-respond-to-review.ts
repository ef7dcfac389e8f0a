import { ORGANIZER_KEY, respondToReview } from '@sports/api-client/organizer';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

const REVIEWS_KEY = [...ORGANIZER_KEY, 'reviews'] as const;

/** Answer a review (mailed to the visitor); the review list refetches, after a refusal too (someone may have answered it). */
export function useRespondToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => respondToReview(id, text),
    onSuccess: () => invalidateAll(queryClient, [REVIEWS_KEY]),
    onError: () => void invalidateAll(queryClient, [REVIEWS_KEY]),
  });
}
