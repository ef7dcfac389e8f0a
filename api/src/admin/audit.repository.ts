import { isIP } from 'node:net';
import type { AuditAction } from '@sports/contracts';
import type { Queryable } from '../db';
import { manilaDateSql, manilaTimeSql, personNameSql } from '../db/sql';

export type AuditFields = Record<string, string | null>;

export interface NewAuditEntry {
  actorId: number;
  action: AuditAction;
  target: { userId: number } | { eventId: number } | { inquiryId: number };
  before: AuditFields;
  after: AuditFields;
  /** The caller's address as the API saw it; anything that is not an IP address is kept as unknown. */
  ip: string;
}

/** Appends one row to admin_audit_log (migration 0302): call it in the transaction of the change. */
export async function writeAudit(tx: Queryable, entry: NewAuditEntry): Promise<void> {
  const t = entry.target;
  await tx.query(
    `INSERT INTO admin_audit_log (actor_user_id, action, target_user_id, target_event_id, target_inquiry_id, before, after, ip)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::inet)`,
    [
      entry.actorId,
      entry.action,
      'userId' in t ? t.userId : null,
      'eventId' in t ? t.eventId : null,
      'inquiryId' in t ? t.inquiryId : null,
      JSON.stringify(entry.before),
      JSON.stringify(entry.after),
      isIP(entry.ip) ? entry.ip : null,
    ],
  );
}

export interface AuditRow {
  id: number;
  action: AuditAction;
  before: AuditFields;
  after: AuditFields;
  at: Date;
  date: string;
  time: string;
  ip: string | null;
  actor_id: number;
  actor_name: string;
  actor_email: string;
}

export type AuditTarget = 'user' | 'event';
const TARGET_COLUMN: Record<AuditTarget, string> = { user: 'target_user_id', event: 'target_event_id' };

export async function countAudit(db: Queryable, target: AuditTarget, id: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM admin_audit_log WHERE ${TARGET_COLUMN[target]} = $1`, [id]);
  return rows[0]?.n ?? 0;
}

/** One page of an account's or an event's audit rows, newest first. */
export async function findAudit(db: Queryable, target: AuditTarget, id: number, limit: number, offset: number): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT a.id::int AS id, a.action, a.before, a.after, a.at,
            ${manilaDateSql('a.at')} AS date, ${manilaTimeSql('a.at')} AS time, host(a.ip) AS ip,
            u.id AS actor_id, ${personNameSql('u')} AS actor_name, u.email AS actor_email
     FROM admin_audit_log a JOIN users u ON u.id = a.actor_user_id
     WHERE a.${TARGET_COLUMN[target]} = $1
     ORDER BY a.id DESC
     LIMIT $2 OFFSET $3`,
    [id, limit, offset],
  );
  return rows;
}
