// Issuing tickets: one per seat of a paid order, each with a random id (16 bytes, base64url: its QR
// and its page name it) and a short code (TICKET_CODE_ALPHABET, 50 random bits). Both come from
// the cryptographic random source, never from ids. A code drawn twice is drawn again.
import { randomBytes, randomInt } from 'node:crypto';
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from '@sports/contracts';
import type { NamedStatement, Queryable } from '../db';

const MAX_DRAWS = 5;

export function newTicketId(): string {
  return randomBytes(16).toString('base64url');
}

export function newTicketCode(): string {
  let code = '';
  for (let i = 0; i < TICKET_CODE_LENGTH; i += 1) code += TICKET_CODE_ALPHABET[randomInt(TICKET_CODE_ALPHABET.length)];
  return code;
}

const ISSUE_TICKETS: NamedStatement = {
  name: 'issue-tickets',
  text: `INSERT INTO tickets (id, order_id, seat_number, code)
         SELECT x.id, os.order_id, os.seat_number, x.code
         FROM (SELECT s.order_id, s.seat_number, row_number() OVER (ORDER BY s.order_id, s.seat_number) AS n
               FROM order_seats s
               WHERE s.order_id = ANY ($1::int[])
                 AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = s.order_id AND t.seat_number = s.seat_number)) os
         JOIN unnest($2::text[], $3::text[]) WITH ORDINALITY AS x(id, code, n) USING (n)
         ON CONFLICT (code) DO NOTHING`,
};

/** Issues the missing tickets of these paid orders (`seats`: how many seats they have in all). */
export async function issueTickets(db: Queryable, orderIds: number[], seats: number): Promise<void> {
  let missing = seats;
  for (let draw = 0; draw < MAX_DRAWS && missing > 0; draw += 1) {
    const ids = Array.from({ length: missing }, newTicketId);
    const codes = Array.from({ length: missing }, newTicketCode);
    const { rowCount } = await db.query(ISSUE_TICKETS, [orderIds, ids, codes]);
    missing -= rowCount ?? 0;
  }
  if (missing > 0) throw new Error(`could not issue ${missing} tickets of orders ${orderIds.join(', ')}`);
}
