// A paid order owes its buyer the ticket mail (a row of ticket_mails_owed) until the mail is sent.
// The payment only adds that row in its own transaction; the paying process renders and sends
// the mail after the commit, holding no database lock, once it is past the peak of a sale
// (off-peak.ts: its mails wait, in order, while it is busy), and the periodic sweep sends what it left:
// a process that died, a database too busy to answer, a transport that refused, a payment the sweep
// settled itself. Each sender has a lease and stops before it ends, so two never send the same mail;
// only a process dying between sending and marking sent makes a mail go out twice.
import type { NamedStatement, Queryable } from '../db';
import { MAIL_MAX_ATTEMPTS } from './mail-queue';
import { DEV_SITE_ORIGIN, paidTicket, ticketMail } from './ticket-mail';
import type { TicketMailDeps } from './ticket-mail';

/**
 * How long a sender has to send a mail it took (the payment's process, or a sweep) before another
 * may: the paying process keeps its mails through a sale's peak, and a process that died leaves
 * them to the sweep for this long.
 */
export const TICKET_MAIL_LEASE_MS = 10 * 60_000;
/** A sender does not start a send this close to the end of its lease (a slow transport, clocks a little apart). */
const LEASE_MARGIN_MS = 30_000;

/** When the ticket mail of an order paid at `paidAt` is the sweep's to send. */
export function ticketMailDueAt(paidAt: Date): Date {
  return new Date(paidAt.getTime() + TICKET_MAIL_LEASE_MS);
}

type Sent = 'sent' | 'nothing owed' | 'lease ended';

/**
 * Renders and sends the mail of `orderId` unless its lease (ending at `leaseEnd`) is nearly over,
 * then marks it sent. An order no longer paid (refunded meanwhile) owes nothing any more.
 */
async function sendOwedMail(deps: TicketMailDeps, mail: NonNullable<TicketMailDeps['mail']>, orderId: number, leaseEnd: Date): Promise<Sent> {
  const inLease = () => deps.clock.now().getTime() < leaseEnd.getTime() - LEASE_MARGIN_MS;
  if (!inLease()) return 'lease ended';
  const ticket = await paidTicket(deps, orderId);
  if (ticket) {
    const message = await ticketMail(ticket, mail.siteOrigin ?? DEV_SITE_ORIGIN);
    if (!inLease()) return 'lease ended';
    await mail.mailer.send(message);
  }
  await markSent(deps.db, orderId);
  return ticket ? 'sent' : 'nothing owed';
}

const MARK_SENT: NamedStatement = { name: 'ticket-mail-sent', text: 'DELETE FROM ticket_mails_owed WHERE order_id = $1' };

async function markSent(db: Queryable, orderId: number): Promise<void> {
  await db.query(MARK_SENT, [orderId]);
}

/** An off-peak mail starts this long before its lease's margin at the latest, whatever the load. */
const OFF_PEAK_SLACK_MS = 10_000;

/**
 * After a payment committed: its process sends the mail in the background, within the lease the
 * payment stamped (`dueAt`), after the mails of its earlier payments and once it is not at a peak
 * (mail.offPeak), or at once without one. A failure is only logged: the sweep sends the mail once
 * the lease ends.
 */
export function sendTicketMailAfterPayment(deps: TicketMailDeps, orderId: number, dueAt: Date): void {
  const { mail } = deps;
  if (!mail) return;
  const send = async (): Promise<void> => {
    await sendOwedMail(deps, mail, orderId, dueAt);
  };
  const latest = Date.now() + (dueAt.getTime() - deps.clock.now().getTime()) - LEASE_MARGIN_MS - OFF_PEAK_SLACK_MS;
  if (mail.offPeak) mail.offPeak.push('ticket confirmation mail', latest, send);
  else mail.tasks.run('ticket confirmation mail', send);
}

/**
 * The sweep: takes up to `limit` mails whose lease ended (oldest first, SKIP LOCKED so processes
 * share them), gives itself a fresh lease on each and sends them one by one. A mail the transport
 * refuses waits for the next lease; after MAIL_MAX_ATTEMPTS tries it is left for a person to look
 * at. Returns how many were sent.
 */
export async function sendDueTicketMails(deps: TicketMailDeps, limit: number): Promise<number> {
  const { mail } = deps;
  if (!mail) return 0;
  const now = deps.clock.now();
  const leaseEnd = ticketMailDueAt(now);
  const { rows } = await deps.db.query<{ id: number }>(
    `UPDATE ticket_mails_owed SET due_at = $2, attempts = attempts + 1
     WHERE order_id IN (SELECT order_id FROM ticket_mails_owed WHERE due_at <= $1 AND attempts < $3
                        ORDER BY due_at, order_id LIMIT $4 FOR UPDATE SKIP LOCKED)
     RETURNING order_id AS id`,
    [now, leaseEnd, MAIL_MAX_ATTEMPTS, limit],
  );
  let sent = 0;
  for (const { id } of rows.sort((a, b) => a.id - b.id)) {
    try {
      const outcome = await sendOwedMail(deps, mail, id, leaseEnd);
      if (outcome === 'lease ended') break;
      if (outcome === 'sent') sent += 1;
    } catch (err) {
      deps.logger?.warn({ err, orderId: id }, 'ticket mail not sent; the sweep tries it again');
    }
  }
  return sent;
}
