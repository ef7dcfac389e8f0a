// The ticket mail of a paid order, off the payment's path: the payment's transaction queues one
// small row (table ticket_mail_queue); after the commit the paying process's worker renders the mail
// (QR images, calendar file) and sends it, orders in turn, and the periodic sweep sends whatever a
// dead process, a busy database or a refusing transport left. The row is the source of truth: a mail is marked
// sent in the transaction that took it, so a process that dies sends at most that one mail again.
import type { Db, NamedStatement, Queryable } from '../db';
import type { BackgroundTasks } from '../background';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';
import { kickable } from './mail-queue';
import { paidTicket, ticketMail } from './ticket-mail';
import type { TicketMailDeps } from './ticket-mail';

/** A ticket mail the transport refused this many times waits for a person (its last_error says why). */
export const TICKET_MAIL_MAX_ATTEMPTS = 8;

const ENQUEUE: NamedStatement = { name: 'ticket-mail-enqueue', text: 'INSERT INTO ticket_mail_queue (order_id) VALUES ($1) ON CONFLICT DO NOTHING' };

/** Queues order `orderId`'s ticket mail in the transaction `tx` that made it paid. */
export async function enqueueTicketMail(tx: Queryable, orderId: number): Promise<void> {
  await tx.query(ENQUEUE, [orderId]);
}

export interface TicketMailSender extends Pick<TicketMailDeps, 'clock' | 'signer'> {
  db: Db;
  mailer: Mailer;
  siteOrigin?: string | null | undefined;
  logger?: Logger | undefined;
}

/**
 * Sends queued ticket mails, lowest order first, until none is left (or `limit` were sent); with
 * `orderIds`, only those orders'; before each, `stop` may end the run. Each is taken (SKIP LOCKED), rendered, sent and marked sent in a
 * transaction of its own, so processes share the queue without sending a mail twice. An order no
 * longer paid (refunded at once for a cancelled event) is marked done without a mail. Returns how
 * many were sent.
 */
export async function deliverTicketMails(deps: TicketMailSender, options: { orderIds?: readonly number[]; limit?: number; stop?: () => boolean } = {}): Promise<number> {
  let sent = 0;
  const refused: number[] = [];
  while (sent < (options.limit ?? Infinity) && !options.stop?.()) {
    const outcome = await deps.db.withTransaction(async (tx) => {
      const { rows } = await tx.query<{ order_id: number }>(
        `SELECT order_id FROM ticket_mail_queue
         WHERE sent_at IS NULL AND attempts < $1 AND NOT (order_id = ANY ($2::int[])) AND ($3::int[] IS NULL OR order_id = ANY ($3::int[]))
         ORDER BY order_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [TICKET_MAIL_MAX_ATTEMPTS, refused, options.orderIds ?? null],
      );
      const orderId = rows[0]?.order_id;
      if (orderId === undefined) return 'empty';
      const ticket = await paidTicket({ db: tx, clock: deps.clock, signer: deps.signer }, orderId);
      try {
        if (ticket) await deps.mailer.send(await ticketMail(ticket, deps.siteOrigin ?? undefined));
      } catch (err) {
        deps.logger?.warn({ err, orderId }, 'ticket mail not sent; it will be tried again');
        await tx.query('UPDATE ticket_mail_queue SET attempts = attempts + 1, last_error = left($2, 500) WHERE order_id = $1', [orderId, String(err)]);
        refused.push(orderId);
        return 'refused';
      }
      await tx.query('UPDATE ticket_mail_queue SET sent_at = now(), attempts = attempts + 1 WHERE order_id = $1', [orderId]);
      return ticket ? 'sent' : 'skipped';
    });
    if (outcome === 'empty') break;
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}

/** Told of each order a payment of this process made paid, after the commit. */
export interface TicketMailWorker {
  paid(orderId: number): void;
}

/**
 * Sends the ticket mails of the orders this process made paid, in turn, one drain at a time on one
 * connection; the periodic sweep sends the rest (deliverTicketMails without orders).
 */
export function createTicketMailWorker(deps: TicketMailSender & { tasks: BackgroundTasks }): TicketMailWorker {
  const paid: number[] = [];
  // A stopping process leaves the rest queued for the sweep: it does not wait for a backlog.
  const stop = () => deps.tasks.draining;
  const drain = kickable(deps.tasks, 'ticket mail', async () => {
    while (paid.length > 0 && !stop()) await deliverTicketMails(deps, { orderIds: paid.splice(0), stop });
  });
  return {
    paid(orderId) {
      paid.push(orderId);
      drain.kick();
    },
  };
}
