// Checking a ticket QR at the gate (or anywhere): signature first, then the database.
import type { VerifyTicketResponse } from '@sports/contracts';
import type { RateLimit } from '../config';
import type { Queryable } from '../db';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import * as orders from '../orders/order.repository';
import { ticketPayloadOf } from '../orders/order-summary';
import { canonicalPayload, parseSignedTicket } from '../orders/ticket-signing';
import type { TicketSigner } from '../orders/ticket-signing';

export interface TicketDeps {
  db: Queryable;
  signer: TicketSigner;
  /** POST /api/tickets/verify is counted per client address (RATE_LIMIT_TICKET_VERIFY_IP). */
  verifyLimit: { limiter: RateLimiter; perIp: RateLimit };
}

/**
 * - malformed: not a ticket's JSON (unparseable, missing or extra fields, wrong types);
 * - valid: our signature over exactly what the database holds for that paid ticket;
 * - altered: the signature does not match, but the ticket id is a real ticket whose content
 *   differs (someone edited seats, amount, ...);
 * - forged: the ticket id is unknown, or the content matches a real ticket but the signature is
 *   not ours (another key).
 * Never throws for user input.
 */
export async function verifyTicket(deps: TicketDeps, qr: string): Promise<VerifyTicketResponse> {
  const ticket = parseSignedTicket(qr);
  if (!ticket) return { success: true, valid: false, reason: 'malformed' };
  const { sig, ...payload } = ticket;
  const signatureOk = deps.signer.verify(payload, sig);
  const row = await orders.findPaidOrderByTicketId(deps.db, payload.ticket_id);
  if (!row) return { success: true, valid: false, reason: 'forged' };
  const stored = ticketPayloadOf(row, row.payment_method, payload.ticket_id);
  const sameContent = canonicalPayload(stored) === canonicalPayload(payload);
  if (signatureOk && sameContent) return { success: true, valid: true, ticket: stored };
  return { success: true, valid: false, reason: sameContent ? 'forged' : 'altered' };
}
