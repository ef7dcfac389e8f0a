import { Router } from 'express';
import { checkinLogQuerySchema, checkinLogResponseSchema, checkinRequestSchema, checkinResponseSchema, undoCheckinRequestSchema, undoCheckinResponseSchema } from '@sports/contracts';
import { sessionUser } from '../auth/auth.middleware';
import { clientIp } from '../http/client-ip';
import { sendJson } from '../http/reply';
import { parseQuery, parseRouteId } from '../http/params';
import { parseBody } from '../http/validate';
import type { CheckinDeps } from './checkin.service';
import { checkinLog, scanTicket, undoCheckin } from './checkin.service';

const noStore = { 'Cache-Control': 'no-store' };

/** Mounted inside the organizer router (/api/organizer, Organizer only). */
export function checkinRouter(deps: CheckinDeps): Router {
  const router = Router();

  router.post('/checkins', async (req, res) => {
    const input = parseBody(checkinRequestSchema, req.body);
    sendJson(res.set(noStore), checkinResponseSchema, await scanTicket(deps, sessionUser(req).user_id, input, clientIp(req)));
  });

  router.post('/checkins/:orderId/undo', async (req, res) => {
    const orderId = parseRouteId(req.params.orderId, 'Order id must be a positive whole number');
    const { reason } = parseBody(undoCheckinRequestSchema, req.body);
    sendJson(res.set(noStore), undoCheckinResponseSchema, await undoCheckin(deps, sessionUser(req).user_id, orderId, reason, clientIp(req)));
  });

  router.get('/events/:id/checkin-log', async (req, res) => {
    const eventId = parseRouteId(req.params.id, 'Event id must be a positive whole number');
    const { page } = parseQuery(checkinLogQuerySchema, req.query);
    sendJson(res.set(noStore), checkinLogResponseSchema, { success: true, ...(await checkinLog(deps.db, sessionUser(req).user_id, eventId, page ?? 1)) });
  });

  return router;
}
