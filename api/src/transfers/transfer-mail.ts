// The mails of a ticket transfer, queued in the transaction of the change they tell (mail_queue):
// one to the sender and one to the recipient when a ticket is given, claimed or taken back.
import type { Queryable } from '../db';
import { enqueueMail } from '../mail/mail-queue';
import { DEV_SITE_ORIGIN } from '../mail/ticket-mail';

export interface TransferMailFacts {
  transferId: number;
  senderName: string;
  senderEmail: string;
  toEmail: string;
  /** The recipient's name when they have an account. */
  recipientName: string | null;
  eventTitle: string;
  /** e.g. 'Lower Box A, seat C5'. */
  place: string;
  siteOrigin: string | null;
}

const myTickets = (f: TransferMailFacts): string => `${f.siteOrigin ?? DEV_SITE_ORIGIN}/my-tickets`;

/**
 * A ticket given. The sender's mail is the same whether the address has an account or not
 * (docs/transfers.md); the recipient's says both ways to claim it.
 */
export async function queueTransferMails(db: Queryable, f: TransferMailFacts): Promise<void> {
  await enqueueMail(
    db,
    {
      to: f.senderEmail,
      subject: `You sent your ticket for ${f.eventTitle}`,
      text: [
        `You gave your ticket for ${f.eventTitle} (${f.place}) to ${f.toEmail}.`,
        'Its old QR code and short code no longer admit anyone.',
        `They get a new ticket for this seat once they accept it. Until then you can take it back in My Tickets: ${myTickets(f)}`,
      ].join('\n\n'),
    },
    `transfer:${f.transferId}:sent`,
  );
  await enqueueMail(
    db,
    {
      to: f.toEmail,
      subject: `${f.senderName} sent you a ticket for ${f.eventTitle}`,
      text: [
        `${f.senderName} gave you a ticket for ${f.eventTitle} (${f.place}).`,
        `If you have an account with this address (${f.toEmail}), sign in and accept the ticket in My Tickets: ${myTickets(f)}`,
        `If you do not, register with this address and confirm it with the link we mail you to get it: ${f.siteOrigin ?? DEV_SITE_ORIGIN}/register1. Your ticket, with its own QR code, is then in My Tickets.`,
      ].join('\n\n'),
    },
    `transfer:${f.transferId}:received`,
  );
}

/** The recipient accepted the ticket (or registered) and it is theirs now. */
export async function queueClaimMails(db: Queryable, f: TransferMailFacts & { recipientName: string }): Promise<void> {
  await enqueueMail(
    db,
    {
      to: f.senderEmail,
      subject: `${f.recipientName} received your ticket for ${f.eventTitle}`,
      text: `${f.recipientName} (${f.toEmail}) now holds your ticket for ${f.eventTitle} (${f.place}). It can no longer be taken back.`,
    },
    `transfer:${f.transferId}:claimed-sender`,
  );
  await enqueueMail(
    db,
    {
      to: f.toEmail,
      subject: `Your ticket for ${f.eventTitle} is in My Tickets`,
      text: `The ticket ${f.senderName} gave you for ${f.eventTitle} (${f.place}) is in My Tickets, with its own QR code: ${myTickets(f)}`,
    },
    `transfer:${f.transferId}:claimed-recipient`,
  );
}

/** The sender took a pending transfer back: their old ticket admits again. */
export async function queueRevokeMails(db: Queryable, f: TransferMailFacts): Promise<void> {
  await enqueueMail(
    db,
    {
      to: f.senderEmail,
      subject: `You took back your ticket for ${f.eventTitle}`,
      text: `Your ticket for ${f.eventTitle} (${f.place}) is yours again; its QR code and short code admit again. See My Tickets: ${myTickets(f)}`,
    },
    `transfer:${f.transferId}:revoked-sender`,
  );
  await enqueueMail(
    db,
    {
      to: f.toEmail,
      subject: `${f.senderName} took back the ticket for ${f.eventTitle}`,
      text: `${f.senderName} took back the ticket for ${f.eventTitle} (${f.place}) they had sent you. There is nothing to claim any more.`,
    },
    `transfer:${f.transferId}:revoked-recipient`,
  );
}
