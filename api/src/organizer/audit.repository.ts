import type { OrganizerAuditAction } from '@sports/contracts';
import type { Queryable } from '../db';

/** One row of organizer_audit_log, written in the transaction of the change it records. */
export async function writeAudit(
  db: Queryable,
  entry: { at: Date; actorId: number; action: OrganizerAuditAction; eventId: number; reviewId?: number; details: Record<string, unknown> },
): Promise<void> {
  await db.query(
    'INSERT INTO organizer_audit_log (at, actor_user_id, action, event_id, review_id, details) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
    [entry.at, entry.actorId, entry.action, entry.eventId, entry.reviewId ?? null, JSON.stringify(entry.details)],
  );
}
