// Requests of reviews: a checked-in visitor's review (from My Tickets) and the organizer's
// Reviews screen with its Send Response.
import { z } from 'zod';
import { REVIEW_ORDERS, REVIEW_RESPONSE_FILTERS } from './organizer-enums';
import { REVIEW_RESPONSE_MAX, REVIEW_TEXT_MAX } from './limits';
import { pageParam } from './query-params';
import { requiredText } from './text';

/** POST /api/orders/:id/review (the caller's own paid, checked-in order). */
export const createReviewRequestSchema = z.object({
  rating: z
    .number({ error: 'Rating must be 1 to 5 stars' })
    .int('Rating must be 1 to 5 stars')
    .min(1, 'Rating must be 1 to 5 stars')
    .max(5, 'Rating must be 1 to 5 stars'),
  text: requiredText({ required: 'Write your review', max: REVIEW_TEXT_MAX, tooLong: `Your review is too long (at most ${REVIEW_TEXT_MAX} characters)` }),
});
export type CreateReviewRequest = z.infer<typeof createReviewRequestSchema>;

/** GET /api/organizer/reviews?page=&order=&eventId=&eventName=&response= */
export const organizerReviewsQuerySchema = z.object({
  page: pageParam,
  order: z.enum(REVIEW_ORDERS, `order must be one of: ${REVIEW_ORDERS.join(', ')}`).optional(),
  eventId: z
    .string()
    .regex(/^\d{1,10}$/, 'eventId must be a positive whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2_147_483_647, 'eventId must be a positive whole number')
    .optional(),
  /** Part of the event's name, any case. */
  eventName: z.string().max(100, 'eventName is too long (at most 100 characters)').optional(),
  response: z.enum(REVIEW_RESPONSE_FILTERS, `response must be one of: ${REVIEW_RESPONSE_FILTERS.join(', ')}`).optional(),
});

/** POST /api/organizer/reviews/:id/response (Send Response of the Inquiry Resolution dialog). */
export const reviewResponseRequestSchema = z.object({
  message: requiredText({ required: 'Write a response', max: REVIEW_RESPONSE_MAX, tooLong: `The response is too long (at most ${REVIEW_RESPONSE_MAX} characters)` }),
});
