import type { Queryable } from '../db';

/** mail_outbox (migration 0007): id, "to", subject, text, created_at. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  created_at: Date;
}

export async function insertOutboxMail(db: Queryable, mail: { to: string; subject: string; text: string }): Promise<void> {
  await db.query('INSERT INTO mail_outbox ("to", subject, text) VALUES ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
}

/** The newest mail kept for an address (compared case-insensitively), or null. */
export async function newestOutboxMail(db: Queryable, to: string): Promise<OutboxMail | null> {
  const { rows } = await db.query<OutboxMail>(
    `SELECT id::int AS id, "to", subject, text, created_at FROM mail_outbox WHERE lower("to") = lower($1) ORDER BY id DESC LIMIT 1`,
    [to],
  );
  return rows[0] ?? null;
}
