// @sports/api-client/reviews: the visitor's side of reviews (My Tickets): whether an order may be
// reviewed, writing the one review of its event, and the organizer's replies.
import { createReviewResponseSchema, myReviewsResponseSchema, orderReviewResponseSchema } from '@sports/contracts';
import type { CreateReviewRequest, MyReview } from '@sports/contracts';
import { apiGet, apiPost } from '@sports/api-client';
import { queryOptions } from '@sports/query';

export const reviewQueries = {
  /** GET /api/orders/:id/review: the caller's review of this order's event, and whether they may write one now. */
  forOrder: (orderId: number) =>
    queryOptions({
      queryKey: ['reviews', 'order', orderId] as const,
      queryFn: ({ signal }) => apiGet(`/api/orders/${orderId}/review`, orderReviewResponseSchema, { signal }),
    }),
  /** GET /api/my/reviews: all the caller's reviews with the organizers' replies, newest first. */
  mine: () =>
    queryOptions({
      queryKey: ['reviews', 'mine'] as const,
      queryFn: async ({ signal }) => (await apiGet('/api/my/reviews', myReviewsResponseSchema, { signal })).reviews,
    }),
};

/** POST /api/orders/:id/review { rating, text }: once per event, only after a check-in (403 / 409 say why not). */
export async function writeReview(orderId: number, review: CreateReviewRequest): Promise<MyReview> {
  return (await apiPost(`/api/orders/${orderId}/review`, review, createReviewResponseSchema)).review;
}
