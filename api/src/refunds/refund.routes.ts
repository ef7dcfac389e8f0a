// Cancelling after a sale: an organizer's own event, any event for an admin (both mounted behind
// their role by app.ts), and a buyer's own order.
import { Router } from 'express';
import { cancelEventRequestSchema, cancelEventResponseSchema, cancellationPreviewResponseSchema, orderResponseSchema } from '@sports/contracts';
import { requireSession, sessionUser } from '../auth/auth.middleware';
import { clientIp } from '../http/client-ip';
import { parseRouteId } from '../http/params';
import { sendJson } from '../http/reply';
import { parseBody } from '../http/validate';
import * as orders from '../orders/order.repository';
import { toSummary } from '../orders/order-summary';
import type { TicketSigner } from '../orders/ticket-signing';
import { cancelEvent, cancellationPreview } from './event-cancel.service';
import type { CancelDeps } from './event-cancel.service';
import { cancelOrder } from './order-cancel.service';

const noStore = { 'Cache-Control': 'no-store' };
const BAD_EVENT_ID = 'Event id must be a positive whole number';
const BAD_ORDER_ID = 'Order id must be a positive whole number';

/** GET /events/:id/cancellation and POST /events/:id/cancel; `scope` says whose events the caller may cancel. */
export function eventCancelRouter(deps: CancelDeps, scope: 'own' | 'any'): Router {
  const router = Router();
  const organizerScope = (req: Parameters<typeof sessionUser>[0]): number | null => (scope === 'own' ? sessionUser(req).user_id : null);
  router.get('/events/:id/cancellation', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    sendJson(res.set(noStore), cancellationPreviewResponseSchema, { success: true, eventId, ...(await cancellationPreview(deps, eventId, { organizerScope: organizerScope(req) })) });
  });
  router.post('/events/:id/cancel', async (req, res) => {
    const eventId = parseRouteId(req.params.id, BAD_EVENT_ID);
    const { reason } = parseBody(cancelEventRequestSchema, req.body);
    const who = { userId: sessionUser(req).user_id, organizerScope: organizerScope(req), ip: clientIp(req) };
    sendJson(res.set(noStore), cancelEventResponseSchema, { success: true, eventId, ...(await cancelEvent(deps, eventId, who, reason)) });
  });
  return router;
}

/** POST /orders/:id/cancel: the buyer cancels their paid order for a refund, when its event's policy allows it. */
export function orderCancelRouter(deps: CancelDeps, signer: TicketSigner): Router {
  const router = Router();
  router.post('/orders/:id/cancel', requireSession, async (req, res) => {
    const userId = sessionUser(req).user_id;
    const orderId = parseRouteId(req.params.id, BAD_ORDER_ID);
    await cancelOrder(deps, userId, orderId, clientIp(req));
    const row = await orders.findOrder(deps.db, orderId);
    if (!row) throw new Error(`order ${orderId} vanished`);
    sendJson(res.set(noStore), orderResponseSchema, { success: true, order: toSummary(row, deps.clock.now(), signer) });
  });
  return router;
}
