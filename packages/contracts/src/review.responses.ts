// Answers of reviews: the organizer's Reviews screen and the visitor's review of an order.
import * as z from 'zod/mini';
import { pageInfoShape } from './organizer.responses';

const id = z.int().check(z.positive());
const rating = z.int().check(z.gte(1), z.lte(5));

/** One row of the organizer's Reviews table. `responseStatus` is 'Response Sent' once answered. */
export const organizerReviewSchema = z.object({
  id,
  name: z.string(),
  rating,
  review: z.string(),
  /** ISO instant the review was written. */
  dateReceived: z.string(),
  /** The same as MM-DD-YYYY in Asia/Manila. */
  date: z.string(),
  event: z.object({ id, name: z.string() }),
  /** The reviewer's ticket for the event was checked in at the gate. */
  attended: z.boolean(),
  responded: z.boolean(),
  responseStatus: z.nullable(z.literal('Response Sent')),
  response: z.nullable(z.string()),
  respondedAt: z.nullable(z.string()),
});
export type OrganizerReview = z.infer<typeof organizerReviewSchema>;

/** `total` counts the rows matching the filters, `allReviews` every review of the caller's events. */
export const organizerReviewsResponseSchema = z.object({
  success: z.literal(true),
  reviews: z.array(organizerReviewSchema),
  allReviews: z.int().check(z.nonnegative()),
  ...pageInfoShape,
});
export type OrganizerReviewsResponse = z.infer<typeof organizerReviewsResponseSchema>;

/** `mailed`: the reply went to the reviewer through the mailer (false: stored, the mail failed and was logged). */
export const reviewResponseResponseSchema = z.object({ success: z.literal(true), review: organizerReviewSchema, mailed: z.boolean() });
export type ReviewResponseResponse = z.infer<typeof reviewResponseResponseSchema>;

/** A visitor's own review, with the organizer's reply when there is one. */
export const myReviewSchema = z.object({
  id,
  orderId: id,
  event: z.object({ id, name: z.string() }),
  rating,
  text: z.string(),
  /** The reviewer's ticket for the event was checked in at the gate. */
  attended: z.boolean(),
  createdAt: z.string(),
  response: z.nullable(z.string()),
  respondedAt: z.nullable(z.string()),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/**
 * GET /api/orders/:id/review: the review of this order's event by the caller, and whether they
 * may write one now. `cannotReview` says why not (null when canReview, or when already reviewed).
 */
export const orderReviewResponseSchema = z.object({
  success: z.literal(true),
  orderId: id,
  event: z.object({ id, name: z.string() }),
  canReview: z.boolean(),
  cannotReview: z.nullable(z.string()),
  review: z.nullable(myReviewSchema),
});
export type OrderReviewResponse = z.infer<typeof orderReviewResponseSchema>;

export const createReviewResponseSchema = z.object({ success: z.literal(true), review: myReviewSchema });
export type CreateReviewResponse = z.infer<typeof createReviewResponseSchema>;

/** GET /api/my/reviews: all the caller's reviews, newest first (My Tickets shows replies next to each order). */
export const myReviewsResponseSchema = z.object({ success: z.literal(true), reviews: z.array(myReviewSchema) });
export type MyReviewsResponse = z.infer<typeof myReviewsResponseSchema>;

/**
 * One review as anyone reads it on the event's page: the reviewer as a first name and an initial,
 * never their email or full name.
 */
export const publicReviewSchema = z.object({
  id,
  name: z.string(),
  rating,
  text: z.string(),
  /** The reviewer's ticket for the event was checked in at the gate. */
  attended: z.boolean(),
  createdAt: z.string(),
  response: z.nullable(z.string()),
  respondedAt: z.nullable(z.string()),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET /api/events/:id/reviews: the newest reviews of an approved event, with how many there are and their mean rating (null: none). */
export const eventReviewsResponseSchema = z.object({
  success: z.literal(true),
  reviews: z.array(publicReviewSchema),
  count: z.int().check(z.nonnegative()),
  average: z.nullable(z.number()),
});
export type EventReviewsResponse = z.infer<typeof eventReviewsResponseSchema>;
