import { z } from 'zod';
import { pageParam, pageQuerySchema } from './query-params';
import { INQUIRY_FILTERS } from './admin-enums';
import { FEEDBACK_COMMENT_MAX, INQUIRY_MESSAGE_MAX, INQUIRY_RESPONSE_MAX } from './limits';
import { requiredText } from './text';

/** A form's text field (text.ts): `required` when missing or blank, `label must be text` for another type. */
function text(required: string, label: string, max: number) {
  return requiredText({ required, label, max });
}

/**
 * POST /api/feedback — body { rating, comment }, from a signed-in account (the card shows the
 * account's name). Limited per address and per account.
 */
export const feedbackRequestSchema = z.object({
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  comment: text('Comment is required', 'Comment', FEEDBACK_COMMENT_MAX),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

/** POST /api/inquiries — body { name, email, message }, from anyone (Contact Us, Help/FAQ). Limited per address. */
export const inquiryRequestSchema = z.object({
  name: text('Name is required', 'Name', 100),
  email: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Email is required' : 'Email must be text') })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .email('Invalid email format'),
  message: text('Message is required', 'Message', INQUIRY_MESSAGE_MAX),
});
export type InquiryRequest = z.infer<typeof inquiryRequestSchema>;

/** GET /api/admin/feedback?page= — newest first. */
export const adminFeedbackQuerySchema = pageQuerySchema;

/** GET /api/admin/inquiries?status=pending|answered|all&page= — pending: oldest first; otherwise newest first. */
export const adminInquiriesQuerySchema = z.object({
  page: pageParam,
  status: z.enum(INQUIRY_FILTERS, `status must be one of: ${INQUIRY_FILTERS.join(', ')}`).optional(),
});
export type AdminInquiriesQuery = z.infer<typeof adminInquiriesQuerySchema>;

/** POST /api/admin/inquiries/:id/respond — body { message }: mailed to the sender; the inquiry is then handled. */
export const respondInquiryRequestSchema = z.object({
  message: text('A response message is required', 'Response', INQUIRY_RESPONSE_MAX),
});
