// Mail that must not be lost (an event moved or cancelled, a refund, a transfer, a decision on a
// request): queued in the transaction of the change it tells (table mail_queue), then sent by the
// worker below after the commit, and again by the periodic sweep for anything a dead process left.
import type { Db, Queryable } from '../db';
import type { Logger } from '../logger';
import type { BackgroundTasks } from '../background';
import type { Mailer, MailMessage } from './mailer';

/** A queued mail is tried this many times, then left for a person to look at (its last_error says why). */
export const MAIL_MAX_ATTEMPTS = 8;

/**
 * Queues `mail` on `db` (the change's transaction). With a dedupe key the same news is queued
 * once however often it is told: returns false when that key was queued before.
 */
export async function enqueueMail(db: Queryable, mail: MailMessage, dedupeKey?: string): Promise<boolean> {
  const attachments = (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('base64') }));
  const { rowCount } = await db.query(
    `INSERT INTO mail_queue (dedupe_key, "to", subject, text, attachments) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (dedupe_key) DO NOTHING`,
    [dedupeKey ?? null, mail.to, mail.subject, mail.text, JSON.stringify(attachments)],
  );
  return rowCount === 1;
}

interface QueuedRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/**
 * Sends queued mail, oldest first, until none is left (or `limit` were sent). Each mail is taken
 * (SKIP LOCKED), sent and marked sent in a transaction of its own, so workers and processes share
 * the queue without sending a mail twice while they live, and a process that dies sends at most the
 * one mail it was sending again. A mail the transport refuses is counted and tried again later.
 */
export async function deliverQueuedMail(db: Db, mailer: Mailer, logger: Logger | undefined, limit = Infinity): Promise<number> {
  let sent = 0;
  const refused = new Set<string>();
  while (sent < limit) {
    const outcome = await db.withTransaction(async (tx) => {
      const { rows } = await tx.query<QueuedRow>(
        `SELECT id::text AS id, "to", subject, text, attachments FROM mail_queue
         WHERE sent_at IS NULL AND attempts < $1 AND NOT (id = ANY ($2::bigint[])) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [MAIL_MAX_ATTEMPTS, [...refused]],
      );
      const row = rows[0];
      if (!row) return 'empty';
      try {
        await mailer.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.attachments.length ? { attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })) } : {}),
        });
      } catch (err) {
        logger?.warn({ err, mailId: row.id }, 'queued mail not sent; it will be tried again');
        await tx.query('UPDATE mail_queue SET attempts = attempts + 1, last_error = left($2, 500) WHERE id = $1', [row.id, String(err)]);
        refused.add(row.id);
        return 'refused';
      }
      await tx.query('UPDATE mail_queue SET sent_at = now(), attempts = attempts + 1 WHERE id = $1', [row.id]);
      return 'sent';
    });
    if (outcome === 'empty') break;
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}

/** Mails sent at once by one process: a transport answers in milliseconds to seconds, the database is not the limit. */
const MAIL_WORKERS = 4;

/** Sends everything queued with MAIL_WORKERS workers; returns how many were sent. */
export async function drainMailQueue(db: Db, mailer: Mailer, logger: Logger | undefined): Promise<number> {
  const counts = await Promise.all(Array.from({ length: MAIL_WORKERS }, () => deliverQueuedMail(db, mailer, logger)));
  return counts.reduce((a, b) => a + b, 0);
}

/** Starts the worker after a commit that queued mail: one run at a time, another after it if kicked meanwhile. */
export interface MailQueue {
  kick(): void;
}

export function createMailQueue(deps: { db: Db; mailer: Mailer; tasks: BackgroundTasks; logger?: Logger }): MailQueue {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    try {
      do {
        again = false;
        await drainMailQueue(deps.db, deps.mailer, deps.logger);
      } while (again);
    } finally {
      running = false;
    }
  };
  return {
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = true;
      deps.tasks.run('mail queue', run);
    },
  };
}
