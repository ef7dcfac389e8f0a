// Giving a ticket to someone (PRODUCT §9, docs/transfers.md). The holder names an email address;
// from then on the ticket given no longer admits (the gate answers Transferred). The transfer stays
// pending until the recipient acts: an account with that confirmed address accepts it in My
// Tickets; an address without one claims it when its account's address is confirmed. The answer
// to the giver is the same whether the address has an account or not. Claiming issues a new ticket
// for the same seat (new id, code and signed QR) held by the recipient. A pending transfer can be
// taken back by its sender, and the old ticket admits again. Each change is audited and mailed to
// both people in its own transaction; the mail goes out after the commit.
import { formatTicketCode } from '@sports/contracts';
import type { IncomingTransfer, MyTransfersResponse, OrderTicket, ReceivedTicket, SentTransfer, TransferState } from '@sports/contracts';
import { logAction } from '../audit/log-action';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db';
import { AppError, badRequest, notFound } from '../errors';
import type { MailQueue } from '../mail/mail-queue';
import { ORDER_STATE } from '../orders/order-states';
import { seatNamesOf, ticketPayloadOf } from '../orders/order-summary';
import type { TicketSigner } from '../orders/ticket-signing';
import * as repo from './transfers.repository';
import type { AccountOfEmail, TicketContextRow, TransferRow } from './transfers.repository';
import { queueClaimMails, queueRevokeMails, queueTransferMails } from './transfer-mail';
import type { TransferMailFacts } from './transfer-mail';

export interface TransferDeps {
  db: Db;
  clock: Clock;
  signer: TicketSigner;
  mailQueue: MailQueue;
  /** Where the mails' links lead (PUBLIC_ORIGIN); null in development. */
  siteOrigin: string | null;
}

export const TRANSFER_MESSAGES = {
  ticketNotFound: 'Ticket not found',
  transferNotFound: 'Transfer not found',
  badTransferId: 'The transfer id must be a positive whole number',
  toSelf: 'You cannot give a ticket to yourself.',
  notPaid: 'Only a ticket of a paid order can be given to someone.',
  eventCancelled: 'This event was cancelled; its tickets can no longer be given to someone.',
  alreadyGiven: 'This ticket has already been given to someone.',
  checkedIn: 'This ticket was already used at the gate; it can no longer be given to someone.',
  doorsOpen: 'Check-in for this event has opened; its tickets can no longer be given to someone.',
  alreadyClaimed: 'This ticket was already claimed; it can no longer be taken back.',
  alreadyRevoked: 'This transfer was already taken back.',
  notClaimable: 'This ticket can no longer be accepted.',
} as const;

/** How many sent, received and incoming transfers My Tickets lists at most. */
const LIST_LIMIT = 200;

const nameOf = (p: { first_name: string; last_name: string }): string => `${p.first_name} ${p.last_name}`;

function seatNameOf(t: TicketContextRow): string {
  return seatNamesOf({ seats: [t.seat], section_capacity: t.section_capacity, section_level: t.section_level, section_rows: t.section_rows })[0] ?? String(t.seat);
}

const placeOf = (t: TicketContextRow): string => `${t.section_label}, seat ${seatNameOf(t)}`;

const eventOf = (t: TicketContextRow): SentTransfer['event'] => ({
  id: t.event_id,
  title: t.event_title,
  date: t.event_date,
  ...(t.event_time !== null ? { time: t.event_time } : {}),
});

function sentTransferOf(t: TicketContextRow, x: { id: number; to_email: string; state: TransferState; created_at: Date; claimed_at: Date | null }): SentTransfer {
  return {
    transferId: x.id,
    ticketId: t.ticket_id,
    orderId: t.order_id,
    event: eventOf(t),
    section: { id: t.section_id, label: t.section_label },
    seatName: seatNameOf(t),
    toEmail: x.to_email,
    state: x.state,
    sentAt: x.created_at.toISOString(),
    claimedAt: x.claimed_at?.toISOString() ?? null,
  };
}

/** Why this ticket cannot be given now (null: it can). */
function refusal(t: repo.TicketStateRow, now: Date): AppError | null {
  if (t.order_status !== ORDER_STATE.paid) return new AppError(409, TRANSFER_MESSAGES.notPaid);
  if (t.event_cancelled) return new AppError(409, TRANSFER_MESSAGES.eventCancelled);
  if (t.transferred) return new AppError(409, TRANSFER_MESSAGES.alreadyGiven);
  if (t.checked_in) return new AppError(409, TRANSFER_MESSAGES.checkedIn);
  if (now >= t.doors_open_at) return new AppError(409, TRANSFER_MESSAGES.doorsOpen);
  return null;
}

/** Issues the recipient's ticket for a locked pending transfer and settles it claimed. */
async function claim(tx: Queryable, transferId: number, ticket: TicketContextRow, recipient: AccountOfEmail, at: Date, ip: string | null): Promise<string> {
  const newTicketId = await repo.issueTicketTo(tx, ticket.order_id, ticket.seat, recipient.id);
  await repo.markClaimed(tx, transferId, recipient.id, newTicketId, at);
  await logAction(tx, {
    at,
    actorId: recipient.id,
    action: 'ticket.transfer_claimed',
    subject: { eventId: ticket.event_id, orderId: ticket.order_id },
    data: { transfer_id: transferId, ticket_id: ticket.ticket_id, new_ticket_id: newTicketId },
    ip,
  });
  return newTicketId;
}

/**
 * POST /api/tickets/:ticketId/transfer. The ticket row is locked first, then read afresh: two
 * transfers of one ticket at once take turns, and the second finds it given (409).
 */
export async function transferTicket(deps: TransferDeps, callerId: number, ticketId: string, toEmail: string, ip: string | null): Promise<SentTransfer> {
  const at = deps.clock.now();
  const sent = await deps.db.withTransaction(async (tx) => {
    if (!(await repo.lockHeldTicket(tx, ticketId, callerId))) throw notFound(TRANSFER_MESSAGES.ticketNotFound);
    const ticket = await repo.findTicketState(tx, ticketId);
    if (!ticket) throw notFound(TRANSFER_MESSAGES.ticketNotFound);
    if (ticket.holder_email.toLowerCase() === toEmail) throw badRequest(TRANSFER_MESSAGES.toSelf);
    const refused = refusal(ticket, at);
    if (refused) throw refused;
    const transferId = (await repo.markTransferred(tx, ticketId, at)) ? await repo.insertTransfer(tx, { ticketId, fromUserId: callerId, toEmail, at }) : null;
    if (transferId === null) throw new AppError(409, TRANSFER_MESSAGES.alreadyGiven);
    await logAction(tx, {
      at,
      actorId: callerId,
      action: 'ticket.transferred',
      subject: { eventId: ticket.event_id, orderId: ticket.order_id },
      data: { transfer_id: transferId, ticket_id: ticketId, to_email: toEmail },
      ip,
    });
    // Nothing here depends on whether the address has an account: the answer, its time and the
    // sender's mail are the same for both, so giving a ticket tells nobody who has an account
    // (docs/transfers.md). The recipient claims it later (acceptTransfer, claimTransfersOnRegister).
    await queueTransferMails(tx, {
      transferId,
      senderName: `${ticket.holder_first_name} ${ticket.holder_last_name}`,
      senderEmail: ticket.holder_email,
      toEmail,
      recipientName: null,
      eventTitle: ticket.event_title,
      place: placeOf(ticket),
      siteOrigin: deps.siteOrigin,
    });
    return sentTransferOf(ticket, { id: transferId, to_email: toEmail, state: 'pending', created_at: at, claimed_at: null });
  });
  deps.mailQueue.kick();
  return sent;
}

/** POST /api/transfers/:id/revoke: the sender takes back a transfer not yet claimed; the old ticket admits again. */
export async function revokeTransfer(deps: TransferDeps, callerId: number, transferId: number, ip: string | null): Promise<SentTransfer> {
  const at = deps.clock.now();
  const revoked = await deps.db.withTransaction(async (tx) => {
    const transfer = await repo.markRevoked(tx, transferId, callerId, at);
    if (!transfer) {
      const existing = await repo.findTransfer(tx, transferId, callerId);
      if (!existing) throw notFound(TRANSFER_MESSAGES.transferNotFound);
      throw new AppError(409, existing.state === 'claimed' ? TRANSFER_MESSAGES.alreadyClaimed : TRANSFER_MESSAGES.alreadyRevoked);
    }
    await repo.unmarkTransferred(tx, transfer.ticket_id);
    const ticket = await repo.findTicketState(tx, transfer.ticket_id);
    if (!ticket) throw notFound(TRANSFER_MESSAGES.ticketNotFound);
    await logAction(tx, {
      at,
      actorId: callerId,
      action: 'ticket.transfer_revoked',
      subject: { eventId: ticket.event_id, orderId: ticket.order_id },
      data: { transfer_id: transferId, ticket_id: transfer.ticket_id, to_email: transfer.to_email },
      ip,
    });
    await queueRevokeMails(tx, factsOf(deps, transfer, ticket, null));
    return sentTransferOf(ticket, { ...transfer, state: 'revoked' });
  });
  deps.mailQueue.kick();
  return revoked;
}

function factsOf(deps: Pick<TransferDeps, 'siteOrigin'>, transfer: TransferRow, ticket: TicketContextRow, recipientName: string | null): TransferMailFacts {
  return {
    transferId: transfer.id,
    senderName: `${transfer.from_first_name} ${transfer.from_last_name}`,
    senderEmail: transfer.from_email,
    toEmail: transfer.to_email,
    recipientName,
    eventTitle: ticket.event_title,
    place: placeOf(ticket),
    siteOrigin: deps.siteOrigin,
  };
}

/** Claims a locked pending transfer for `account` and queues the claim mails (kick the queue after the commit). */
async function claimAndMail(tx: Queryable, siteOrigin: string | null, transfer: TransferRow, ticket: TicketContextRow, account: AccountOfEmail, at: Date, ip: string | null): Promise<void> {
  await claim(tx, transfer.id, ticket, account, at, ip);
  await queueClaimMails(tx, { ...factsOf({ siteOrigin }, transfer, ticket, nameOf(account)), recipientName: nameOf(account) });
}

/**
 * Confirming an address (the sign-up's link, or a first Google sign-in) claims every pending
 * transfer to it, in the transaction that confirms it. Returns how many it claimed (their mails are queued: kick the queue
 * after the commit). A ticket whose order is no longer paid is left alone.
 */
export async function claimTransfersOnRegister(tx: Queryable, account: AccountOfEmail, at: Date, siteOrigin: string | null): Promise<number> {
  await repo.lockAddress(tx, account.email);
  const pending = await repo.lockPendingTransfersTo(tx, account.email);
  let claimed = 0;
  for (const transfer of pending) {
    const ticket = await repo.findTicketState(tx, transfer.ticket_id);
    if (!ticket || ticket.order_status !== ORDER_STATE.paid) continue;
    await claimAndMail(tx, siteOrigin, transfer, ticket, account, at, null);
    claimed += 1;
  }
  return claimed;
}

/**
 * POST /api/transfers/:id/accept: the recipient, signed in with the confirmed address the ticket
 * was sent to, takes it; only now does the giver see it claimed. Any transfer that is not pending
 * for the caller's address is "not found" to them.
 */
export async function acceptTransfer(deps: TransferDeps, callerId: number, transferId: number, ip: string | null): Promise<void> {
  const at = deps.clock.now();
  await deps.db.withTransaction(async (tx) => {
    const account = await repo.findConfirmedAccount(tx, callerId);
    if (!account) throw notFound(TRANSFER_MESSAGES.transferNotFound);
    await repo.lockAddress(tx, account.email);
    const transfer = await repo.lockPendingTransfer(tx, transferId);
    if (!transfer || transfer.to_email !== account.email.toLowerCase()) throw notFound(TRANSFER_MESSAGES.transferNotFound);
    const ticket = await repo.findTicketState(tx, transfer.ticket_id);
    if (!ticket || ticket.order_status !== ORDER_STATE.paid) throw new AppError(409, TRANSFER_MESSAGES.notClaimable);
    await claimAndMail(tx, deps.siteOrigin, transfer, ticket, account, at, ip);
  });
  deps.mailQueue.kick();
}

/** GET /api/my/transfers */
export async function myTransfers(deps: Pick<TransferDeps, 'db' | 'signer'>, userId: number): Promise<Omit<MyTransfersResponse, 'success'>> {
  const [sent, received, incoming] = await Promise.all([
    repo.findSentTransfers(deps.db, userId, LIST_LIMIT),
    repo.findReceivedTickets(deps.db, userId, LIST_LIMIT),
    repo.findIncomingTransfers(deps.db, userId, LIST_LIMIT),
  ]);
  return {
    incoming: incoming.map(
      (r): IncomingTransfer => ({
        transferId: r.transfer_id,
        orderId: r.order_id,
        event: eventOf(r),
        section: { id: r.section_id, label: r.section_label },
        seatName: seatNameOf(r),
        from: `${r.from_first_name} ${r.from_last_name}`,
        sentAt: r.created_at.toISOString(),
      }),
    ),
    sent: sent.map((r) => sentTransferOf(r, { id: r.transfer_id, to_email: r.to_email, state: r.state, created_at: r.created_at, claimed_at: r.claimed_at })),
    received: received.map((r): ReceivedTicket => {
      const ticket: OrderTicket = {
        ticketId: r.ticket_id,
        seat: r.seat,
        seatName: seatNameOf(r),
        code: formatTicketCode(r.code),
        qr: deps.signer.sign(ticketPayloadOf(r, r.payment_method, r.ticket_id, r.seat)),
        checkedInAt: r.checked_in_at?.toISOString() ?? null,
        category: r.category,
      };
      return {
        ticket,
        orderId: r.order_id,
        event: eventOf(r),
        section: { id: r.section_id, label: r.section_label },
        from: `${r.from_first_name} ${r.from_last_name}`,
        receivedAt: r.received_at.toISOString(),
      };
    }),
  };
}
