// SQL of ticket transfers: the ticket being given (locked while it is), the transfers, the new
// ticket issued to the recipient, and what My Tickets lists of them.
import type { PaymentMethod, TicketCategory, TransferState } from '@sports/contracts';
import type { Queryable } from '../db';
import { EVENT_DOORS, eventDateSql, eventTimeSql } from '../db/event-sql';
import { SECTION_LAYOUT } from '../orders/order.repository';
import type { SectionLayoutRow } from '../orders/order.repository';
import { newTicketCode, newTicketId } from '../orders/ticket-issue';

/** A ticket with its order, event and seat as a transfer and its mails tell them. */
export interface TicketContextRow extends SectionLayoutRow {
  ticket_id: string;
  code: string;
  seat: number;
  order_id: number;
  order_status: string;
  event_id: number;
  event_title: string;
  event_date: string;
  event_time: string | null;
  event_cancelled: boolean;
  section_id: number;
  section_label: string;
  /** The order's seats (SPEC's payload is about the order). */
  seats: number[];
  /** This ticket's category. */
  category: TicketCategory;
  total_amount: number;
  payment_method: PaymentMethod | null;
  doors_open_at: Date;
  doors_close_at: Date;
}

const TICKET_CONTEXT = `t.id AS ticket_id, t.code, t.seat_number AS seat, o.id AS order_id, o.status AS order_status,
  o.event_id, e.title AS event_title, ${eventDateSql('e')} AS event_date, ${eventTimeSql('e')} AS event_time,
  e.cancelled_at IS NOT NULL AS event_cancelled, o.section_id, sec.label AS section_label, ${SECTION_LAYOUT},
  ARRAY(SELECT os.seat_number FROM order_seats os WHERE os.order_id = o.id ORDER BY os.seat_number) AS seats,
  (SELECT os.category FROM order_seats os WHERE os.order_id = o.id AND os.seat_number = t.seat_number) AS category,
  o.total_amount::float8 AS total_amount, o.payment_method,
  ${EVENT_DOORS}`;

const TICKET_JOINS = `JOIN orders o ON o.id = t.order_id
  JOIN events e ON e.id = o.event_id
  JOIN sections sec ON sec.id = o.section_id`;

/**
 * Locks the ticket `ticketId` and its order when `userId` holds it (its holder, or its order's buyer
 * while it has none); false when they do not. The order first, as cancelling an order locks it
 * (one lock order for both); a check-in takes a share lock on the ticket. Whatever comes second
 * waits, then sees what the first did.
 */
export async function lockHeldTicket(db: Queryable, ticketId: string, userId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT t.id FROM tickets t JOIN orders o ON o.id = t.order_id
     WHERE t.id = $1 AND coalesce(t.holder_user_id, o.user_id) = $2
     FOR NO KEY UPDATE OF o`,
    [ticketId, userId],
  );
  if ((rowCount ?? 0) === 0) return false;
  await db.query('SELECT 1 FROM tickets WHERE id = $1 FOR UPDATE', [ticketId]);
  return true;
}

export interface TicketStateRow extends TicketContextRow {
  transferred: boolean;
  checked_in: boolean;
  holder_first_name: string;
  holder_last_name: string;
  holder_email: string;
}

/** A ticket's context and its state as a transfer must read it: given away already, checked in, who holds it. */
export async function findTicketState(db: Queryable, ticketId: string): Promise<TicketStateRow | null> {
  const { rows } = await db.query<TicketStateRow>(
    `SELECT ${TICKET_CONTEXT}, t.transferred_at IS NOT NULL AS transferred,
            EXISTS (SELECT 1 FROM ticket_checkins c WHERE c.ticket_id = t.id) AS checked_in,
            u.first_name AS holder_first_name, u.last_name AS holder_last_name, u.email AS holder_email
     FROM tickets t ${TICKET_JOINS}
     JOIN users u ON u.id = coalesce(t.holder_user_id, o.user_id)
     WHERE t.id = $1`,
    [ticketId],
  );
  return rows[0] ?? null;
}

/** The ticket stops admitting (its transfer is open); false when it was given away already. */
export async function markTransferred(db: Queryable, ticketId: string, at: Date): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE tickets SET transferred_at = $2 WHERE id = $1 AND transferred_at IS NULL', [ticketId, at]);
  return (rowCount ?? 0) > 0;
}

/** The ticket admits again (its pending transfer was taken back). */
export async function unmarkTransferred(db: Queryable, ticketId: string): Promise<void> {
  await db.query('UPDATE tickets SET transferred_at = NULL WHERE id = $1', [ticketId]);
}

/** A new pending transfer; null when the ticket already has an open one (the partial unique index decides). */
export async function insertTransfer(db: Queryable, t: { ticketId: string; fromUserId: number; toEmail: string; at: Date }): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO ticket_transfers (ticket_id, from_user_id, to_email, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (ticket_id) WHERE state <> 'revoked' DO NOTHING
     RETURNING id`,
    [t.ticketId, t.fromUserId, t.toEmail, t.at],
  );
  return rows[0]?.id ?? null;
}

/**
 * Serialises, until the transaction ends, the claims of what was sent to `email`: its account's
 * Accept and the confirmation of the address (which claims everything pending to it).
 */
export async function lockAddress(db: Queryable, email: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('ticket-transfer-address'), hashtext(lower($1)))", [email]);
}

export interface AccountOfEmail {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/** The account `userId` when its address is confirmed (what was sent to an unconfirmed one waits until it is). */
export async function findConfirmedAccount(db: Queryable, userId: number): Promise<AccountOfEmail | null> {
  const { rows } = await db.query<AccountOfEmail>('SELECT id, first_name, last_name, email FROM users WHERE id = $1 AND email_confirmed_at IS NOT NULL', [userId]);
  return rows[0] ?? null;
}

export interface TransferRow {
  id: number;
  ticket_id: string;
  from_user_id: number;
  from_first_name: string;
  from_last_name: string;
  from_email: string;
  to_email: string;
  state: TransferState;
  created_at: Date;
  claimed_at: Date | null;
}

const TRANSFER_SELECT = `SELECT x.id, x.ticket_id, x.from_user_id, f.first_name AS from_first_name, f.last_name AS from_last_name,
         f.email AS from_email, x.to_email, x.state, x.created_at, x.claimed_at
  FROM ticket_transfers x JOIN users f ON f.id = x.from_user_id`;

/** The pending transfers `where` names, locked until the transaction ends (in id order: one lock order for everyone). */
async function lockPending(db: Queryable, where: string, value: unknown): Promise<TransferRow[]> {
  const { rows } = await db.query<TransferRow>(`${TRANSFER_SELECT} WHERE ${where} AND x.state = 'pending' ORDER BY x.id FOR UPDATE OF x`, [value]);
  return rows;
}

export const lockPendingTransfer = async (db: Queryable, transferId: number): Promise<TransferRow | null> => (await lockPending(db, 'x.id = $1', transferId))[0] ?? null;
export const lockPendingTransfersTo = (db: Queryable, email: string): Promise<TransferRow[]> => lockPending(db, 'x.to_email = lower($1)', email);

/** The new ticket of a claimed transfer: the same seat, a new id and code, held by the recipient. */
export async function issueTicketTo(db: Queryable, orderId: number, seat: number, holderUserId: number): Promise<string> {
  // A code drawn twice is drawn again.
  for (let draw = 0; draw < 5; draw += 1) {
    const id = newTicketId();
    const { rowCount } = await db.query(
      `INSERT INTO tickets (id, order_id, seat_number, code, holder_user_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (code) DO NOTHING`,
      [id, orderId, seat, newTicketCode(), holderUserId],
    );
    if (rowCount === 1) return id;
  }
  throw new Error(`could not issue a ticket for seat ${seat} of order ${orderId}`);
}

/** Settles a locked pending transfer as claimed by `toUserId` with the ticket issued to them. */
export async function markClaimed(db: Queryable, transferId: number, toUserId: number, newTicketId: string, at: Date): Promise<void> {
  await db.query(
    `UPDATE ticket_transfers SET state = 'claimed', to_user_id = $2, new_ticket_id = $3, claimed_at = $4 WHERE id = $1 AND state = 'pending'`,
    [transferId, toUserId, newTicketId, at],
  );
}

/** Takes back a pending transfer of `fromUserId`'s; null when there is none such. */
export async function markRevoked(db: Queryable, transferId: number, fromUserId: number, at: Date): Promise<TransferRow | null> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE ticket_transfers SET state = 'revoked', revoked_at = $3 WHERE id = $1 AND from_user_id = $2 AND state = 'pending' RETURNING id`,
    [transferId, fromUserId, at],
  );
  if (!rows[0]) return null;
  return findTransfer(db, transferId, fromUserId);
}

/** One of `fromUserId`'s transfers, whatever its state; null when it is not theirs. */
export async function findTransfer(db: Queryable, transferId: number, fromUserId: number): Promise<TransferRow | null> {
  const { rows } = await db.query<TransferRow>(`${TRANSFER_SELECT} WHERE x.id = $1 AND x.from_user_id = $2`, [transferId, fromUserId]);
  return rows[0] ?? null;
}

export interface SentTransferRow extends TicketContextRow {
  transfer_id: number;
  to_email: string;
  state: TransferState;
  created_at: Date;
  claimed_at: Date | null;
}

/** The caller's transfers still standing (pending or claimed), newest first (bounded). */
export async function findSentTransfers(db: Queryable, fromUserId: number, limit: number): Promise<SentTransferRow[]> {
  const { rows } = await db.query<SentTransferRow>(
    `SELECT ${TICKET_CONTEXT}, x.id AS transfer_id, x.to_email, x.state, x.created_at, x.claimed_at
     FROM ticket_transfers x JOIN tickets t ON t.id = x.ticket_id ${TICKET_JOINS}
     WHERE x.from_user_id = $1 AND x.state <> 'revoked'
     ORDER BY x.id DESC LIMIT $2`,
    [fromUserId, limit],
  );
  return rows;
}

export interface ReceivedTicketRow extends TicketContextRow {
  checked_in_at: Date | null;
  from_first_name: string;
  from_last_name: string;
  received_at: Date;
}

/** The live tickets of paid orders that others gave the caller, newest first (bounded). */
export async function findReceivedTickets(db: Queryable, userId: number, limit: number): Promise<ReceivedTicketRow[]> {
  const { rows } = await db.query<ReceivedTicketRow>(
    `SELECT ${TICKET_CONTEXT}, c.checked_in_at, f.first_name AS from_first_name, f.last_name AS from_last_name, x.claimed_at AS received_at
     FROM tickets t ${TICKET_JOINS}
     JOIN ticket_transfers x ON x.new_ticket_id = t.id
     JOIN users f ON f.id = x.from_user_id
     LEFT JOIN ticket_checkins c ON c.ticket_id = t.id
     WHERE t.holder_user_id = $1 AND t.transferred_at IS NULL AND o.status = 'paid'
     ORDER BY x.claimed_at DESC, t.id LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

export interface IncomingTransferRow extends TicketContextRow {
  transfer_id: number;
  from_first_name: string;
  from_last_name: string;
  created_at: Date;
}

/** Pending transfers of live tickets of paid orders to the caller's confirmed address, waiting for them to accept (newest first, bounded). */
export async function findIncomingTransfers(db: Queryable, userId: number, limit: number): Promise<IncomingTransferRow[]> {
  const { rows } = await db.query<IncomingTransferRow>(
    `SELECT ${TICKET_CONTEXT}, x.id AS transfer_id, f.first_name AS from_first_name, f.last_name AS from_last_name, x.created_at
     FROM users u
     JOIN ticket_transfers x ON x.to_email = lower(u.email) AND x.state = 'pending'
     JOIN users f ON f.id = x.from_user_id
     JOIN tickets t ON t.id = x.ticket_id ${TICKET_JOINS}
     WHERE u.id = $1 AND u.email_confirmed_at IS NOT NULL AND o.status = 'paid'
     ORDER BY x.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}
