// The audit trail (table audit_trail): one row for each thing a person or the system did that
// others rely on: who, what (a dotted action name), to what, when, from which address, and the
// details. logAction is the only writer; call it in the transaction of the change it records, so
// the row and the change commit or roll back together. Rows are never changed or deleted.
import { isIP } from 'node:net';
import type { NamedStatement, Queryable } from '../db';

/** Every action the trail records, as `<subject>.<what happened>` (the SQL CHECK of audit_trail.action lists the same). */
export const AUDIT_TRAIL_ACTIONS = [
  'account.status_changed',
  'account.role_changed',
  'account.deleted',
  'event.approved',
  'event.rejected',
  'event.resubmitted',
  'event.edited',
  'event.rescheduled',
  'event.cancelled',
  'event.waiting_room_set',
  'inquiry.responded',
  'review.responded',
  'seat_plan.applied',
  'order.cancelled',
  'order.refunded',
  'ticket.checked_in',
  'ticket.checkin_refused',
  'ticket.checkin_undone',
  'ticket.checkin_conflict',
  'ticket.transferred',
  'ticket.transfer_claimed',
  'ticket.transfer_revoked',
  'promo_code.created',
  'promo_code.ended',
] as const;
export type AuditTrailAction = (typeof AUDIT_TRAIL_ACTIONS)[number];

/** What an entry was done to: the subject, and the event it belongs to where that is not the subject. */
export interface AuditSubject {
  accountId?: number;
  eventId?: number | null;
  orderId?: number | null;
  inquiryId?: number;
  reviewId?: number;
}

export interface AuditTrailEntry {
  /** The user who did it; null when the system did. */
  actorId: number | null;
  action: AuditTrailAction;
  subject: AuditSubject;
  /** The caller's address as the API saw it; anything that is not an IP address is kept as unknown. */
  ip: string | null;
  /** When, by the caller's clock; the database clock when absent. */
  at?: Date;
  /** The details: fields before and after, a reason, a scan's answer. */
  data: Record<string, unknown>;
}

const INSERT: NamedStatement = {
  name: 'audit_trail_insert',
  text: `INSERT INTO audit_trail (at, actor_user_id, action, account_id, event_id, order_id, inquiry_id, review_id, ip, data)
         VALUES (COALESCE($1::timestamptz, now()), $2, $3, $4, $5, $6, $7, $8, $9::inet, $10::jsonb)`,
};

/** Appends one row to the audit trail: one statement, on the connection (transaction) given. */
export async function logAction(db: Queryable, entry: AuditTrailEntry): Promise<void> {
  const s = entry.subject;
  await db.query(INSERT, [
    entry.at ?? null,
    entry.actorId,
    entry.action,
    s.accountId ?? null,
    s.eventId ?? null,
    s.orderId ?? null,
    s.inquiryId ?? null,
    s.reviewId ?? null,
    entry.ip !== null && isIP(entry.ip) ? entry.ip : null,
    JSON.stringify(entry.data),
  ]);
}

/**
 * Appends many rows in one statement (a sync of thousands of scans), on the connection
 * (transaction) given; the same rows as one logAction call each, in the order given.
 */
export async function logActions(db: Queryable, entries: readonly AuditTrailEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(pick: (e: AuditTrailEntry) => T): T[] => entries.map(pick);
  await db.query(
    `INSERT INTO audit_trail (at, actor_user_id, action, account_id, event_id, order_id, inquiry_id, review_id, ip, data)
     SELECT COALESCE(at, now()), actor, action, account, event, ord, inquiry, review, ip, data
     FROM unnest($1::timestamptz[], $2::int[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::inet[], $10::jsonb[])
          WITH ORDINALITY AS r(at, actor, action, account, event, ord, inquiry, review, ip, data, n)
     ORDER BY n`,
    [
      column((e) => e.at ?? null),
      column((e) => e.actorId),
      column((e) => e.action),
      column((e) => e.subject.accountId ?? null),
      column((e) => e.subject.eventId ?? null),
      column((e) => e.subject.orderId ?? null),
      column((e) => e.subject.inquiryId ?? null),
      column((e) => e.subject.reviewId ?? null),
      column((e) => (e.ip !== null && isIP(e.ip) ? e.ip : null)),
      column((e) => JSON.stringify(e.data)),
    ],
  );
}
