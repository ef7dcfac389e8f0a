// The history an admin reads of an account (its status and role changes) or an event request (its decisions,
// resubmissions, edits, reschedules and cancellation), from the audit trail (api/src/audit writes it).
import type { AuditAction } from '@sports/contracts';
import type { AuditTrailAction } from '../audit/log-action';
import type { Queryable } from '../db';
import { manilaDateSql, manilaTimeSql, personNameSql } from '../db/sql';

/** Fields of an admin change before and after it, as logged in the audit trail's `data`. */
export type AuditFields = Record<string, string | null>;

/** A side of a change as text fields: the trail's `data` is free-form (numbers, dates, nested values). */
function fieldsOf(value: unknown): AuditFields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const fields: AuditFields = {};
  for (const [key, v] of Object.entries(value)) fields[key] = v === null || v === undefined ? null : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return fields;
}

/** The audit trail's admin actions, under the names the admin history answers with. */
const HISTORY_ACTIONS = {
  'account.status_changed': 'account.status',
  'account.role_changed': 'account.role',
  'event.approved': 'event.approve',
  'event.rejected': 'event.reject',
  'event.resubmitted': 'event.resubmit',
  'event.edited': 'event.edit',
  'event.rescheduled': 'event.reschedule',
  'event.cancelled': 'event.cancel',
  'inquiry.responded': 'inquiry.respond',
} as const satisfies Partial<Record<AuditTrailAction, AuditAction>>;

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

/** An account's history (its status changes) or an event's (decisions and later changes). */
export type AuditTarget = 'user' | 'event';
const TARGET_WHERE: Record<AuditTarget, string> = {
  user: `a.account_id = $1 AND a.action IN ('account.status_changed', 'account.role_changed')`,
  event: `a.event_id = $1 AND a.action IN ('event.approved', 'event.rejected', 'event.resubmitted', 'event.edited', 'event.rescheduled', 'event.cancelled')`,
};

export async function countAudit(db: Queryable, target: AuditTarget, id: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_trail a WHERE ${TARGET_WHERE[target]}`, [id]);
  return rows[0]?.n ?? 0;
}

/** One page of an account's or an event's audit rows, newest first. */
export async function findAudit(db: Queryable, target: AuditTarget, id: number, limit: number, offset: number): Promise<AuditRow[]> {
  const { rows } = await db.query<Omit<AuditRow, 'action' | 'before' | 'after'> & { action: keyof typeof HISTORY_ACTIONS; data: Record<string, unknown> }>(
    `SELECT a.id::int AS id, a.action, a.data, a.at,
            ${manilaDateSql('a.at')} AS date, ${manilaTimeSql('a.at')} AS time, host(a.ip) AS ip,
            u.id AS actor_id, ${personNameSql('u')} AS actor_name, u.email AS actor_email
     FROM audit_trail a JOIN users u ON u.id = a.actor_user_id
     WHERE ${TARGET_WHERE[target]}
     ORDER BY a.id DESC
     LIMIT $2 OFFSET $3`,
    [id, limit, offset],
  );
  return rows.map(({ data, ...r }) => {
    const after = fieldsOf(data.after);
    // A cancellation keeps its reason beside the fields, not in them.
    if (after.reason === undefined && typeof data.reason === 'string') after.reason = data.reason;
    return { ...r, action: HISTORY_ACTIONS[r.action], before: fieldsOf(data.before), after };
  });
}
