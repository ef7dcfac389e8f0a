import { Router } from 'express';
import type { Request } from 'express';
import { TICKET_ID_PATTERN, ticketPublicKeyResponseSchema, ticketViewResponseSchema, verifyTicketRequestSchema, verifyTicketResponseSchema } from '@sports/contracts';
import type { VerifyTicketResponse } from '@sports/contracts';
import { clientIp } from '../http/client-ip';
import { sendJson } from '../http/reply';
import { parseInput } from '../http/validate';
import { ipKey } from '../rate-limit/rate-limiter';
import { notFound } from '../errors';
import { ticketView, verifyTicket } from './tickets.service';
import type { TicketDeps } from './tickets.service';

const MAX_QR = 4096;

/** Mounted at /api: the verification key for offline scanners, an online check, and one ticket's page. */
export function ticketsRouter(deps: TicketDeps): Router {
  const router = Router();
  const countPerAddress = (req: Request): Promise<unknown> =>
    deps.verifyLimit.limiter.consume([{ key: ipKey('ticket-verify', clientIp(req)), limit: deps.verifyLimit.perIp }]);

  router.get('/tickets/public-key', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300');
    sendJson(res, ticketPublicKeyResponseSchema, { success: true, algorithm: 'Ed25519', publicKey: deps.signer.publicKeyPem });
  });

  router.post('/tickets/verify', async (req, res) => {
    // Like login: a public check must not be a free oracle for guessing tickets at speed.
    await countPerAddress(req);
    const raw = (req.body as { qr?: unknown } | undefined)?.qr;
    // Text too long to be one of our QR codes is simply not a ticket.
    const tooLong = typeof raw === 'string' && raw.length > MAX_QR;
    const body: VerifyTicketResponse = tooLong
      ? { success: true, valid: false, reason: 'malformed' }
      : await verifyTicket(deps, parseInput(verifyTicketRequestSchema, req.body, 'qr must be the text of a ticket QR code').qr);
    res.set('Cache-Control', 'no-store');
    sendJson(res, verifyTicketResponseSchema, body);
  });

  // The ticket id is the capability (128 random bits), like the QR that carries it; counted per
  // address like verify, so ids cannot be guessed at speed.
  router.get('/tickets/:ticketId', async (req, res) => {
    await countPerAddress(req);
    const ticketId = req.params.ticketId;
    const view = TICKET_ID_PATTERN.test(ticketId) ? await ticketView(deps, ticketId) : null;
    if (!view) throw notFound(TICKET_NOT_FOUND);
    res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    sendJson(res, ticketViewResponseSchema, view);
  });

  return router;
}

export const TICKET_NOT_FOUND = 'Ticket not found';
