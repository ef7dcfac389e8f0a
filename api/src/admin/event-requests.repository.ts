import type { EventStatus, Genre } from '@sports/contracts';
import type { Queryable } from '../db';
import { contains, manilaDateSql, manilaTimeSql, personNameSql } from '../db/sql';
import { eventTimeSql } from '../db/event-sql';
import type { DecisionMailFacts } from './event-decision-mail';

export interface EventRequestRow {
  id: number;
  title: string;
  genre: Genre;
  duration: string;
  time_range: string;
  starts_at: Date;
  ends_at: Date | null;
  status: EventStatus;
  rejection_reason: string | null;
  organizer_line: string | null;
  submitted: string;
  organizer_id: number | null;
  organizer_name: string | null;
  organizer_email: string | null;
  reviewer_id: number | null;
  reviewer_name: string | null;
  reviewer_email: string | null;
  reviewed_at: Date | null;
}

export interface EventRequestFilter {
  search: string | null;
  status: EventStatus | null;
}

// $1 search pattern, $2 status (NULL: not asked for).
const WHERE = `($1::text IS NULL
    OR e.title ILIKE $1
    OR e.organizer ILIKE $1
    OR EXISTS (SELECT 1 FROM users o WHERE o.id = e.organizer_user_id AND ((o.first_name || ' ' || o.last_name) ILIKE $1 OR o.email ILIKE $1)))
  AND ($2::text IS NULL OR e.status = $2)`;

const params = (f: EventRequestFilter): unknown[] => [f.search ? contains(f.search) : null, f.status];

const ROW = `e.id, e.title, e.genre, e.starts_at, e.ends_at, e.status, e.rejection_reason, e.organizer AS organizer_line,
  CASE WHEN e.ends_at IS NULL OR ${manilaDateSql('e.ends_at')} = ${manilaDateSql('e.starts_at')} THEN ${manilaDateSql('e.starts_at')}
       ELSE ${manilaDateSql('e.starts_at')} || ' - ' || ${manilaDateSql('e.ends_at')} END AS duration,
  CASE WHEN NOT e.has_time THEN 'All day'
       WHEN e.ends_at IS NULL THEN ${manilaTimeSql('e.starts_at')}
       ELSE ${manilaTimeSql('e.starts_at')} || ' - ' || ${manilaTimeSql('e.ends_at')} END AS time_range,
  ${manilaDateSql('e.created_at')} AS submitted,
  o.id AS organizer_id, ${personNameSql('o')} AS organizer_name, o.email AS organizer_email,
  rv.id AS reviewer_id, ${personNameSql('rv')} AS reviewer_name, rv.email AS reviewer_email, e.reviewed_at`;

const JOINS = 'LEFT JOIN users o ON o.id = e.organizer_user_id LEFT JOIN users rv ON rv.id = e.reviewed_by';

/** Pending requests first (the work to do), then the newest request first. */
const ORDER = `(e.status = 'Pending') DESC, e.created_at DESC, e.id DESC`;

export async function countEventRequests(db: Queryable, f: EventRequestFilter): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events e WHERE ${WHERE}`, params(f));
  return rows[0]?.n ?? 0;
}

export async function countByStatus(db: Queryable): Promise<Record<EventStatus, number>> {
  const { rows } = await db.query<{ status: EventStatus; n: number }>('SELECT status, count(*)::int AS n FROM events GROUP BY status');
  const counts: Record<EventStatus, number> = { Pending: 0, Approved: 0, Rejected: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** One page: its ids are picked from events alone, then only those rows are joined and formatted. */
export async function findEventRequests(db: Queryable, f: EventRequestFilter, limit: number, offset: number): Promise<EventRequestRow[]> {
  const { rows } = await db.query<EventRequestRow>(
    `SELECT ${ROW}
     FROM (SELECT e.id FROM events e WHERE ${WHERE} ORDER BY ${ORDER} LIMIT $3 OFFSET $4) AS page
     JOIN events e ON e.id = page.id ${JOINS}
     ORDER BY ${ORDER}`,
    [...params(f), limit, offset],
  );
  return rows;
}

export async function findEventRequest(db: Queryable, id: number): Promise<EventRequestRow | null> {
  const { rows } = await db.query<EventRequestRow>(`SELECT ${ROW} FROM events e ${JOINS} WHERE e.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The event's status, locked until the transaction ends: a concurrent decision waits here, then sees this one's outcome. */
export async function lockEvent(tx: Queryable, id: number): Promise<{ status: EventStatus; started: boolean } | null> {
  const { rows } = await tx.query<{ status: EventStatus; started: boolean }>(
    'SELECT status, starts_at <= now() AS started FROM events WHERE id = $1 FOR NO KEY UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

/** Records the decision; answers when it was made. */
export async function recordDecision(tx: Queryable, id: number, decision: { status: 'Approved' | 'Rejected'; reason: string | null; adminId: number }): Promise<Date> {
  const { rows } = await tx.query<{ reviewed_at: Date }>(
    'UPDATE events SET status = $2, rejection_reason = $3, reviewed_by = $4, reviewed_at = now() WHERE id = $1 RETURNING reviewed_at',
    [id, decision.status, decision.reason, decision.adminId],
  );
  return (rows[0] as { reviewed_at: Date }).reviewed_at;
}

/** What the organizer's decision mail says: the event's name, its day and time in Manila, and whom to mail (null without an organizer account). */
export async function findDecisionMailFacts(db: Queryable, id: number): Promise<DecisionMailFacts | null> {
  const { rows } = await db.query<DecisionMailFacts>(
    `SELECT e.title, to_char(e.starts_at AT TIME ZONE 'Asia/Manila', 'FMDay, FMMonth FMDD, YYYY') AS date, ${eventTimeSql('e')} AS time,
            o.email AS "organizerEmail", o.first_name AS "organizerFirstName"
     FROM events e JOIN users o ON o.id = e.organizer_user_id
     WHERE e.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}
