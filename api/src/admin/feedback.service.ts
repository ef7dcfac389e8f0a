import { FEEDBACK_PAGE_SIZE } from '@sports/contracts';
import type { AdminFeedbackResponse } from '@sports/contracts';
import type { Queryable } from '../db';
import * as repo from './feedback.repository';
import { offsetOf, pageCount } from '../db/sql';

/** The Feedback screen: cards newest first, 10 a page. */
export async function listFeedback(db: Queryable, page: number): Promise<AdminFeedbackResponse> {
  const [total, rows] = await Promise.all([repo.countFeedback(db), repo.findFeedback(db, FEEDBACK_PAGE_SIZE, offsetOf(page, FEEDBACK_PAGE_SIZE))]);
  return {
    success: true,
    feedback: rows.map((r) => ({ id: r.id, name: r.name, rating: r.rating, comment: r.comment, createdAt: r.created_at.toISOString(), date: r.date, time: r.time })),
    page,
    pageSize: FEEDBACK_PAGE_SIZE,
    totalPages: pageCount(total, FEEDBACK_PAGE_SIZE),
    total,
  };
}
