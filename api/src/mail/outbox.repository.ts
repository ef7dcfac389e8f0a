import type { Queryable } from '../db';
import type { MailMessage } from './message';

/** mail_outbox: id, "to", subject, text, created_at, attachments. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  created_at: Date;
}

export async function insertOutboxMail(db: Queryable, mail: MailMessage): Promise<void> {
  const attachments = (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('base64') }));
  await db.query('INSERT INTO mail_outbox ("to", subject, text, attachments) VALUES ($1, $2, $3, $4::jsonb)', [mail.to, mail.subject, mail.text, JSON.stringify(attachments)]);
}

/** The newest mail kept for an address (compared case-insensitively), or null. */
export async function newestOutboxMail(db: Queryable, to: string): Promise<OutboxMail | null> {
  const { rows } = await db.query<OutboxMail>(
    `SELECT id::int AS id, "to", subject, text, created_at FROM mail_outbox WHERE lower("to") = lower($1) ORDER BY id DESC LIMIT 1`,
    [to],
  );
  return rows[0] ?? null;
}
