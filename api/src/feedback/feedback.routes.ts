import { Router } from 'express';
import { feedbackRequestSchema, feedbackSentResponseSchema, inquiryRequestSchema, inquirySentResponseSchema } from '@sports/contracts';
import type { AppContext } from '../context';
import { requireSession, sessionUser } from '../auth/auth.middleware';
import { clientIp } from '../http/client-ip';
import { sendJson } from '../http/reply';
import { parseBody } from '../http/validate';
import { sendFeedback, sendInquiry } from './feedback.service';

/** The visitor forms (PRODUCT §6): feedback needs a session, an inquiry does not. Both are limited per address. */
export function feedbackRouter(ctx: AppContext): Router {
  const router = Router();

  router.post('/feedback', requireSession, async (req, res) => {
    const input = parseBody(feedbackRequestSchema, req.body);
    sendJson(res, feedbackSentResponseSchema, await sendFeedback(ctx, sessionUser(req).user_id, input, clientIp(req)), 201);
  });

  router.post('/inquiries', async (req, res) => {
    const input = parseBody(inquiryRequestSchema, req.body);
    sendJson(res, inquirySentResponseSchema, await sendInquiry(ctx, req.auth?.user.user_id ?? null, input, clientIp(req)), 201);
  });

  return router;
}
