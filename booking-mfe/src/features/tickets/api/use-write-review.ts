import type { CreateReviewRequest } from '@sports/contracts';
import { writeReview } from '@sports/api-client/reviews';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Write the one review of an order's event; the visitor's review reads refetch. */
export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, review }: { orderId: number; review: CreateReviewRequest }) => writeReview(orderId, review),
    onSuccess: () => invalidateAll(queryClient, [['reviews']]),
  });
}
