import { Router } from 'express';
import { checkinLogQuerySchema, checkinLogResponseSchema, checkinRequestSchema, checkinResponseSchema, handCheckinRequestSchema, undoCheckinRequestSchema, undoCheckinResponseSchema, TICKET_ID_PATTERN } from '@sports/contracts';
import { sessionUser } from '../auth/auth.middleware';
import { clientIp } from '../http/client-ip';
import { sendJson } from '../http/reply';
import { parseQuery, parseRouteId } from '../http/params';
import { parseBody } from '../http/validate';
import type { CheckinDeps } from './checkin.service';
import { CHECKIN_MESSAGES, checkInByHand, checkinLog, scanTicket, undoCheckin } from './checkin.service';
import { notFound } from '../errors';
import { gateRouter } from './gate-routes';

const noStore = { 'Cache-Control': 'no-store' };

/** A ticket id in a path: anything that cannot be one names no ticket. */
function parseTicketId(text: string): string {
  if (!TICKET_ID_PATTERN.test(text)) throw notFound(CHECKIN_MESSAGES.ticketNotFound);
  return text;
}

/** Mounted inside the organizer router (/api/organizer, Organizer only). */
export function checkinRouter(deps: CheckinDeps): Router {
  const router = Router();

  router.post('/checkins', async (req, res) => {
    const input = parseBody(checkinRequestSchema, req.body);
    sendJson(res.set(noStore), checkinResponseSchema, await scanTicket(deps, sessionUser(req).user_id, input, clientIp(req)));
  });

  router.post('/tickets/:ticketId/checkin', async (req, res) => {
    const ticketId = parseTicketId(req.params.ticketId);
    const input = parseBody(handCheckinRequestSchema, req.body ?? {});
    sendJson(res.set(noStore), checkinResponseSchema, await checkInByHand(deps, sessionUser(req).user_id, ticketId, input, clientIp(req)));
  });

  router.post('/tickets/:ticketId/checkin/undo', async (req, res) => {
    const ticketId = parseTicketId(req.params.ticketId);
    const { reason } = parseBody(undoCheckinRequestSchema, req.body);
    sendJson(res.set(noStore), undoCheckinResponseSchema, await undoCheckin(deps, sessionUser(req).user_id, ticketId, reason, clientIp(req)));
  });

  router.get('/events/:id/checkin-log', async (req, res) => {
    const eventId = parseRouteId(req.params.id, 'Event id must be a positive whole number');
    const { page } = parseQuery(checkinLogQuerySchema, req.query);
    sendJson(res.set(noStore), checkinLogResponseSchema, { success: true, ...(await checkinLog(deps.db, sessionUser(req).user_id, eventId, page ?? 1)) });
  });

  router.use(gateRouter(deps));

  return router;
}
