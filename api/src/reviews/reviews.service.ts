// Reviews (PRODUCT §5): a ticket holder writes one review of an event once it has ended (marked
// attended when their ticket was checked in); the organizer
// pages through the reviews of their events and answers each once, which mails the reviewer.
import { REVIEWS_PAGE_SIZE, RESPONSE_SENT } from '@sports/contracts';
import type { CreateReviewRequest, EventReviewsResponse, MyReview, OrderReviewResponse, OrganizerReview, OrganizerReviewsResponse, PublicReview, ReviewOrder, ReviewResponseFilter, ReviewResponseResponse } from '@sports/contracts';
import { logAction } from '../audit/log-action';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import { AppError, notFound } from '../errors';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { pageCount } from '../db/sql';
import * as repo from './reviews.repository';
import type { ReviewRow } from './reviews.repository';

export interface ReviewDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
}

export const REVIEW_MESSAGES = {
  orderNotFound: 'Order not found',
  reviewNotFound: 'Review not found',
  notPaid: 'Only a paid ticket can be reviewed.',
  notOver: 'You can review an event once it has ended.',
  alreadyReviewed: 'You have already reviewed this event.',
  alreadyAnswered: 'A response was already sent for this review.',
  eventNotFound: 'Event not found',
} as const;

/** How many of an event's reviews its page shows, the newest first. */
const EVENT_REVIEWS_SHOWN = 20;

/** "Maria S.": how a reviewer is named in public. */
function publicName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

function toPublicReview(r: ReviewRow): PublicReview {
  return {
    id: r.id,
    name: publicName(r.first_name, r.last_name),
    rating: r.rating,
    text: r.body,
    attended: r.attended,
    createdAt: r.created_at.toISOString(),
    response: r.response,
    respondedAt: r.responded_at ? r.responded_at.toISOString() : null,
  };
}

/** The reviews an approved event's page shows (404 for any other event). */
export async function listEventReviews(db: Queryable, eventId: number): Promise<Omit<EventReviewsResponse, 'success'>> {
  const [summary, rows] = await Promise.all([repo.findEventReviewSummary(db, eventId), repo.findEventReviews(db, eventId, EVENT_REVIEWS_SHOWN)]);
  if (!summary) throw notFound(REVIEW_MESSAGES.eventNotFound);
  return { reviews: rows.map(toPublicReview), count: summary.count, average: summary.average === null ? null : Math.round(summary.average * 10) / 10 };
}

function toMyReview(r: ReviewRow): MyReview {
  return {
    id: r.id,
    orderId: r.order_id,
    event: { id: r.event_id, name: r.event_title },
    rating: r.rating,
    text: r.body,
    attended: r.attended,
    createdAt: r.created_at.toISOString(),
    response: r.response,
    respondedAt: r.responded_at ? r.responded_at.toISOString() : null,
  };
}

function toOrganizerReview(r: ReviewRow): OrganizerReview {
  return {
    id: r.id,
    name: `${r.first_name} ${r.last_name}`,
    rating: r.rating,
    review: r.body,
    dateReceived: r.created_at.toISOString(),
    date: r.date,
    event: { id: r.event_id, name: r.event_title },
    attended: r.attended,
    responded: r.response !== null,
    responseStatus: r.response !== null ? RESPONSE_SENT : null,
    response: r.response,
    respondedAt: r.responded_at ? r.responded_at.toISOString() : null,
  };
}

/** Why this order cannot be reviewed now, or null when it can. */
function whyNot(order: repo.OrderForReview, existing: ReviewRow | null): string | null {
  if (existing) return REVIEW_MESSAGES.alreadyReviewed;
  if (!order.paid) return REVIEW_MESSAGES.notPaid;
  if (!order.over) return REVIEW_MESSAGES.notOver;
  return null;
}

export async function getOrderReview(db: Queryable, userId: number, orderId: number, now: Date): Promise<Omit<OrderReviewResponse, 'success'>> {
  const order = await repo.findOwnOrder(db, orderId, userId, now);
  if (!order) throw notFound(REVIEW_MESSAGES.orderNotFound);
  const existing = await repo.findUserReviewOfEvent(db, userId, order.event_id);
  const reason = whyNot(order, existing);
  return {
    orderId,
    event: { id: order.event_id, name: order.event_title },
    canReview: reason === null,
    cannotReview: existing ? null : reason,
    review: existing ? toMyReview(existing) : null,
  };
}

export async function createReview(deps: Pick<ReviewDeps, 'db' | 'clock'>, userId: number, orderId: number, input: CreateReviewRequest): Promise<MyReview> {
  const now = deps.clock.now();
  const id = await repo.insertReview(deps.db, { orderId, userId, rating: input.rating, text: input.text, now });
  const order = await repo.findOwnOrder(deps.db, orderId, userId, now);
  if (!order) throw notFound(REVIEW_MESSAGES.orderNotFound);
  const review = await repo.findUserReviewOfEvent(deps.db, userId, order.event_id);
  if (id === null || !review || review.id !== id) {
    // Nothing went in: say why, in the order the visitor would fix it.
    if (review) throw new AppError(409, REVIEW_MESSAGES.alreadyReviewed);
    throw new AppError(403, whyNot(order, null) ?? REVIEW_MESSAGES.notOver);
  }
  return toMyReview(review);
}

export async function listMyReviews(db: Queryable, userId: number): Promise<MyReview[]> {
  return (await repo.findUserReviews(db, userId, 500)).map(toMyReview);
}

export async function listOrganizerReviews(
  db: Queryable,
  organizerId: number,
  q: { page?: number | undefined; order?: ReviewOrder | undefined; eventId?: number | undefined; eventName?: string | undefined; response?: ReviewResponseFilter | undefined },
): Promise<Omit<OrganizerReviewsResponse, 'success'>> {
  const filter = { eventId: q.eventId ?? null, eventName: q.eventName?.trim() || null, response: q.response ?? null };
  const page = q.page ?? 1;
  const pageSize = REVIEWS_PAGE_SIZE;
  const none = { eventId: null, eventName: null, response: null };
  const [total, allReviews, rows] = await Promise.all([
    repo.countOrganizerReviews(db, organizerId, filter),
    repo.countOrganizerReviews(db, organizerId, none),
    repo.findOrganizerReviews(db, organizerId, filter, q.order ?? 'newest', pageSize, (page - 1) * pageSize),
  ]);
  return { reviews: rows.map(toOrganizerReview), allReviews, page, pageSize, total, totalPages: pageCount(total, pageSize) };
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function responseMail(review: ReviewRow, organizerName: string): { subject: string; text: string } {
  return {
    subject: oneLine(`Response to your review of ${review.event_title}`).slice(0, 250),
    text: [
      `Hi ${review.first_name},`,
      '',
      `${organizerName}, the organizer of ${review.event_title}, answered your review:`,
      '',
      review.response ?? '',
      '',
      `Your review (${review.rating} of 5 stars):`,
      review.body,
      '',
      'You can read the answer again under My Tickets.',
    ].join('\n'),
  };
}

/**
 * Send Response: stores the reply (once) with an audit row in one transaction, then mails the
 * reviewer. A failed mail does not undo the stored reply: it is logged and `mailed` is false.
 * `ip` is the caller's address, for the audit trail.
 */
export async function respondToReview(deps: ReviewDeps, organizerId: number, reviewId: number, message: string, ip: string): Promise<Omit<ReviewResponseResponse, 'success'>> {
  const now = deps.clock.now();
  await deps.db.withTransaction(async (tx) => {
    const stored = await repo.storeResponse(tx, organizerId, reviewId, message, now);
    if (!stored) {
      if (await repo.findOrganizerReview(tx, organizerId, reviewId)) throw new AppError(409, REVIEW_MESSAGES.alreadyAnswered);
      throw notFound(REVIEW_MESSAGES.reviewNotFound);
    }
    await logAction(tx, { at: now, actorId: organizerId, action: 'review.responded', subject: { eventId: stored.event_id, reviewId }, data: { message }, ip });
  });
  const review = await repo.findOrganizerReview(deps.db, organizerId, reviewId);
  if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  let mailed = true;
  try {
    const mail = responseMail(review, await repo.findUserName(deps.db, organizerId));
    await deps.mailer.send({ to: review.email, ...mail });
  } catch (err) {
    mailed = false;
    deps.logger.error({ err, reviewId }, 'could not mail a review response');
  }
  return { review: toOrganizerReview(review), mailed };
}
