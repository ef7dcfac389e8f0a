import { Router } from 'express';
import { promoCodeRequestSchema, promoCodeResponseSchema, promoCodesResponseSchema } from '@sports/contracts';
import { sessionUser } from '../auth/auth.middleware';
import { clientIp } from '../http/client-ip';
import { parseRouteId } from '../http/params';
import { sendJson } from '../http/reply';
import { parseBody } from '../http/validate';
import { createPromoCode, endPromoCode, listPromoCodes } from './promo-codes.service';
import type { PromoCodesDeps } from './promo-codes.service';

const noStore = { 'Cache-Control': 'no-store' };
const BAD_EVENT_ID = 'Event id must be a positive whole number';
const BAD_CODE_ID = 'Promo code id must be a positive whole number';

/**
 * An event's promo codes. Mounted under /api/organizer ('own': the caller's events, list, create
 * and end) and under /api/admin ('any': read only).
 */
export function promoCodesRouter(deps: PromoCodesDeps, scope: 'own' | 'any'): Router {
  const router = Router();
  router.get('/events/:id/promo-codes', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    const organizerScope = scope === 'own' ? sessionUser(req).user_id : null;
    sendJson(res.set(noStore), promoCodesResponseSchema, { success: true, ...(await listPromoCodes(deps, eventId, organizerScope)) });
  });
  if (scope === 'any') return router;

  router.post('/events/:id/promo-codes', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    const input = parseBody(promoCodeRequestSchema, req.body);
    sendJson(res.set(noStore), promoCodeResponseSchema, { success: true, promoCode: await createPromoCode(deps, eventId, sessionUser(req).user_id, input, clientIp(req)) }, 201);
  });

  router.post('/events/:id/promo-codes/:codeId/end', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    const codeId = parseRouteId(req.params.codeId, BAD_CODE_ID);
    sendJson(res.set(noStore), promoCodeResponseSchema, { success: true, promoCode: await endPromoCode(deps, eventId, codeId, sessionUser(req).user_id, clientIp(req)) });
  });
  return router;
}
