import { Router } from 'express';
import { myTransfersResponseSchema, successResponseSchema, TICKET_ID_PATTERN, transferResponseSchema, transferTicketRequestSchema } from '@sports/contracts';
import { requireSession, sessionUser } from '../auth/auth.middleware';
import { notFound } from '../errors';
import { clientIp } from '../http/client-ip';
import { parseRouteId } from '../http/params';
import { sendJson } from '../http/reply';
import { parseBody } from '../http/validate';
import { acceptTransfer, myTransfers, revokeTransfer, TRANSFER_MESSAGES, transferTicket } from './transfers.service';
import type { TransferDeps } from './transfers.service';

const noStore = { 'Cache-Control': 'no-store' };

/** Mounted at /api: give a ticket, take it back, accept one given to you, and the caller's sent, received and incoming tickets. */
export function transfersRouter(deps: TransferDeps): Router {
  const router = Router();

  router.post('/tickets/:ticketId/transfer', requireSession, async (req, res) => {
    const ticketId = req.params.ticketId;
    if (typeof ticketId !== 'string' || !TICKET_ID_PATTERN.test(ticketId)) throw notFound(TRANSFER_MESSAGES.ticketNotFound);
    const { email } = parseBody(transferTicketRequestSchema, req.body);
    const transfer = await transferTicket(deps, sessionUser(req).user_id, ticketId, email, clientIp(req));
    sendJson(res.set(noStore), transferResponseSchema, { success: true, transfer });
  });

  router.post('/transfers/:id/revoke', requireSession, async (req, res) => {
    const transferId = parseRouteId(req.params.id, TRANSFER_MESSAGES.badTransferId);
    const transfer = await revokeTransfer(deps, sessionUser(req).user_id, transferId, clientIp(req));
    sendJson(res.set(noStore), transferResponseSchema, { success: true, transfer });
  });

  router.post('/transfers/:id/accept', requireSession, async (req, res) => {
    const transferId = parseRouteId(req.params.id, TRANSFER_MESSAGES.badTransferId);
    await acceptTransfer(deps, sessionUser(req).user_id, transferId, clientIp(req));
    sendJson(res.set(noStore), successResponseSchema, { success: true });
  });

  router.get('/my/transfers', requireSession, async (req, res) => {
    sendJson(res.set(noStore), myTransfersResponseSchema, { success: true, ...(await myTransfers(deps, sessionUser(req).user_id)) });
  });

  return router;
}
