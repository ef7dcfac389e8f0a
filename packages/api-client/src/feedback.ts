// @sports/api-client/feedback: the visitors' two forms (Help/FAQ feedback, Contact Us inquiry).
import { feedbackSentResponseSchema, inquirySentResponseSchema } from '@sports/contracts';
import type { FeedbackRequest, FeedbackSentResponse, InquiryRequest, InquirySentResponse } from '@sports/contracts';
import { apiPost } from '@sports/api-client';

/**
 * POST /api/feedback { rating, comment } from a signed-in visitor (201). 401 without a session,
 * 400 with the field's message, 429 with the server's text saying when to try again.
 */
export function sendFeedback(request: FeedbackRequest): Promise<FeedbackSentResponse> {
  return apiPost('/api/feedback', { rating: request.rating, comment: request.comment.trim() }, feedbackSentResponseSchema);
}

/** POST /api/inquiries { name, email, message } from anyone (201); 400 and 429 as for feedback. */
export function sendInquiry(request: InquiryRequest): Promise<InquirySentResponse> {
  return apiPost(
    '/api/inquiries',
    { name: request.name.trim(), email: request.email.trim(), message: request.message.trim() },
    inquirySentResponseSchema,
  );
}
