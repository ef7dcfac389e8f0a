import * as z from 'zod/mini';

/** POST /api/feedback and POST /api/inquiries (201): what was stored, for the confirmation. */
export const feedbackSentResponseSchema = z.object({ success: z.literal(true), id: z.int().check(z.positive()), createdAt: z.string() });
export type FeedbackSentResponse = z.infer<typeof feedbackSentResponseSchema>;

export const inquirySentResponseSchema = z.object({ success: z.literal(true), id: z.int().check(z.positive()), createdAt: z.string() });
export type InquirySentResponse = z.infer<typeof inquirySentResponseSchema>;
