import type { FeedbackRequest, FeedbackSentResponse, InquiryRequest, InquirySentResponse } from '@sports/contracts';
import type { AppContext } from '../context';
import { ipKey } from '../rate-limit/rate-limiter';
import * as repo from './feedback.repository';

/**
 * Feedback from a signed-in account (the card shows the account's name, so nobody can post in
 * someone else's name, and one person's flood is counted against their account too).
 */
export async function sendFeedback(ctx: AppContext, userId: number, input: FeedbackRequest, ip: string): Promise<FeedbackSentResponse> {
  const limit = ctx.config.rateLimits.feedbackPerIp;
  await ctx.rateLimiter.consume([
    { key: ipKey('feedback', ip), limit },
    { key: `feedback:account:${userId}`, limit },
  ]);
  const row = await repo.insertFeedback(ctx.db, { userId, rating: input.rating, comment: input.comment });
  return { success: true, id: row.id, createdAt: row.created_at.toISOString() };
}

/** An inquiry from anyone (Contact Us, Help/FAQ); linked to the sender's account when signed in. */
export async function sendInquiry(ctx: AppContext, userId: number | null, input: InquiryRequest, ip: string): Promise<InquirySentResponse> {
  await ctx.rateLimiter.consume([{ key: ipKey('inquiry', ip), limit: ctx.config.rateLimits.inquiryPerIp }]);
  const row = await repo.insertInquiry(ctx.db, { name: input.name, email: input.email, message: input.message, userId });
  return { success: true, id: row.id, createdAt: row.created_at.toISOString() };
}
