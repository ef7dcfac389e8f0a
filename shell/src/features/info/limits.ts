import type { FEEDBACK_COMMENT_MAX as COMMENT_MAX, INQUIRY_MESSAGE_MAX as MESSAGE_MAX } from '@sports/contracts';

// The visitor forms' limits (packages/contracts/src/feedback.ts). Apps import only types from the
// request contracts (their values come with full zod), so the values live here and the
// annotations make tsc fail if the contract's ever change.
export const FEEDBACK_COMMENT_MAX: typeof COMMENT_MAX = 1000;
export const INQUIRY_MESSAGE_MAX: typeof MESSAGE_MAX = 2000;
/** inquiryRequestSchema: name at most 100 characters, email at most 254. */
export const INQUIRY_NAME_MAX = 100;
export const EMAIL_MAX = 254;
