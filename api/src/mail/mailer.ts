import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Queryable } from '../db';
import type { Logger } from '../logger';
import type { MailMessage } from './message';
import { insertOutboxMail } from './outbox.repository';

export type { MailAttachment, MailMessage } from './message';

/** What nodemailer sends: the message from the configured sender. */
function envelope(from: string, message: MailMessage) {
  return { from, to: message.to, subject: message.subject, text: message.text, ...(message.attachments ? { attachments: message.attachments } : {}) };
}

/** Sends mail. The API never depends on which transport is behind it. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real delivery through the configured SMTP server. */
function smtpMailer(config: Config['mail'], smtp: NonNullable<Config['mail']['smtp']>): Mailer {
  const transport: Transporter = smtp.url
    ? nodemailer.createTransport(smtp.url)
    : nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user !== undefined ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
      });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(envelope(config.from, message));
    },
    close: () => transport.close(),
  };
}

/**
 * Development transport (no SMTP configured): nodemailer builds the message (checking the
 * addresses) without delivering it; the API log shows who it went to and its subject (never its
 * text: reset codes and ticket links are secrets) and the mail_outbox table keeps it whole for the
 * developer and for tests.
 */
function outboxMailer(config: Config['mail'], db: Queryable, logger: Logger): Mailer {
  const transport: Transporter = nodemailer.createTransport({ jsonTransport: true });
  return {
    kind: 'outbox',
    async send(message) {
      await transport.sendMail(envelope(config.from, message));
      const attachments = message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }));
      logger.info({ mail: { to: message.to, subject: message.subject, ...(attachments ? { attachments } : {}) } }, 'mail kept in the development outbox (no SMTP configured)');
      await insertOutboxMail(db, message);
    },
    close: () => transport.close(),
  };
}

/**
 * RFC 2606 reserves the .invalid top-level domain: an address there (a deleted account's,
 * `deleted-user-<id>@deleted.invalid`) can receive nothing, so mail to it is not sent at all.
 */
export function isUndeliverable(to: string): boolean {
  return /\.invalid$/i.test(to.trim());
}

export function createMailer(config: Config['mail'], deps: { db: Queryable; logger: Logger }): Mailer {
  const mailer = config.smtp ? smtpMailer(config, config.smtp) : outboxMailer(config, deps.db, deps.logger);
  return {
    kind: mailer.kind,
    send: (message) => (isUndeliverable(message.to) ? Promise.resolve() : mailer.send(message)),
    close: () => mailer.close(),
  };
}
