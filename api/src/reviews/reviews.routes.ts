import { Router } from 'express';
import type { EventReviewsResponse } from '@sports/contracts';
import {
  createReviewRequestSchema,
  createReviewResponseSchema,
  eventReviewsResponseSchema,
  myReviewsResponseSchema,
  orderReviewResponseSchema,
  organizerReviewsQuerySchema,
  organizerReviewsResponseSchema,
  reviewResponseRequestSchema,
  reviewResponseResponseSchema,
} from '@sports/contracts';
import { requireSession, sessionUser } from '../auth/auth.middleware';
import { clientIp } from '../http/client-ip';
import type { KeptAnswers } from '../http/kept-answers';
import { sendJson } from '../http/reply';
import { parseQuery, parseRouteId } from '../http/params';
import { parseBody } from '../http/validate';
import type { ReviewDeps } from './reviews.service';
import { createReview, getOrderReview, listEventReviews, listMyReviews, listOrganizerReviews, respondToReview } from './reviews.service';

const noStore = { 'Cache-Control': 'no-store' };
const BAD_ORDER_ID = 'Order id must be a positive whole number';

/** Anyone, mounted at /api before the session is looked up: an approved event's reviews, as its page shows them. */
export function eventReviewsRouter(deps: Pick<ReviewDeps, 'db'>, kept: KeptAnswers<Omit<EventReviewsResponse, 'success'>>): Router {
  const router = Router();
  router.get('/events/:id/reviews', async (req, res) => {
    const eventId = parseRouteId(req.params.id, 'Event id must be a positive whole number');
    const reviews = await kept.get(String(eventId), () => listEventReviews(deps.db, eventId));
    sendJson(res.set('Cache-Control', 'public, max-age=60'), eventReviewsResponseSchema, { success: true, ...reviews });
  });
  return router;
}

/** The visitor's side, mounted at /api: any signed-in user, only their own orders. */
export function visitorReviewsRouter(deps: ReviewDeps): Router {
  const router = Router();

  router.get('/orders/:id/review', requireSession, async (req, res) => {
    const orderId = parseRouteId(req.params.id, BAD_ORDER_ID);
    sendJson(res.set(noStore), orderReviewResponseSchema, { success: true, ...(await getOrderReview(deps.db, sessionUser(req).user_id, orderId, deps.clock.now())) });
  });

  router.post('/orders/:id/review', requireSession, async (req, res) => {
    const orderId = parseRouteId(req.params.id, BAD_ORDER_ID);
    const input = parseBody(createReviewRequestSchema, req.body);
    sendJson(res.set(noStore), createReviewResponseSchema, { success: true, review: await createReview(deps, sessionUser(req).user_id, orderId, input) }, 201);
  });

  router.get('/my/reviews', requireSession, async (req, res) => {
    sendJson(res.set(noStore), myReviewsResponseSchema, { success: true, reviews: await listMyReviews(deps.db, sessionUser(req).user_id) });
  });

  return router;
}

/** The organizer's side, mounted inside the organizer router (/api/organizer, Organizer only). */
export function organizerReviewsRouter(deps: ReviewDeps): Router {
  const router = Router();

  router.get('/reviews', async (req, res) => {
    const query = parseQuery(organizerReviewsQuerySchema, req.query);
    sendJson(res.set(noStore), organizerReviewsResponseSchema, { success: true, ...(await listOrganizerReviews(deps.db, sessionUser(req).user_id, query)) });
  });

  router.post('/reviews/:id/response', async (req, res) => {
    const reviewId = parseRouteId(req.params.id, 'Review id must be a positive whole number');
    const { message } = parseBody(reviewResponseRequestSchema, req.body);
    sendJson(res.set(noStore), reviewResponseResponseSchema, { success: true, ...(await respondToReview(deps, sessionUser(req).user_id, reviewId, message, clientIp(req))) });
  });

  return router;
}
