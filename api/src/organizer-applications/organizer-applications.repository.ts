import type { OrganizerApplicationFilter, OrganizerApplicationStatus, RoleName } from '@sports/contracts';
import type { Queryable } from '../db';
import { manilaDateSql, personNameSql } from '../db/sql';

export interface ApplicationRow {
  id: number;
  user_id: number;
  organization: string;
  contact_person: string;
  phone: string;
  description: string;
  status: OrganizerApplicationStatus;
  decline_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

export interface AdminApplicationRow extends ApplicationRow {
  applicant_name: string;
  applicant_email: string;
  date: string;
  decider_id: number | null;
  decider_name: string | null;
  decider_email: string | null;
}

const COLUMNS = 'a.id, a.user_id, a.organization, a.contact_person, a.phone, a.description, a.status, a.decline_reason, a.created_at, a.decided_at';

export interface NewApplication {
  userId: number;
  organization: string;
  contactPerson: string;
  phone: string;
  description: string;
}

/** Stores a pending application; null when the account already has one pending (the partial unique index decides, so two at once cannot both win). */
export async function insertApplication(db: Queryable, input: NewApplication): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(
    `INSERT INTO organizer_applications AS a (user_id, organization, contact_person, phone, description)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) WHERE status = 'pending' DO NOTHING
     RETURNING ${COLUMNS}`,
    [input.userId, input.organization, input.contactPerson, input.phone, input.description],
  );
  return rows[0] ?? null;
}

/** The account's latest application, null when it never applied. */
export async function findLatestOfUser(db: Queryable, userId: number): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(`SELECT ${COLUMNS} FROM organizer_applications a WHERE a.user_id = $1 ORDER BY a.id DESC LIMIT 1`, [userId]);
  return rows[0] ?? null;
}

const ADMIN_ROW = `${COLUMNS}, ${personNameSql('u')} AS applicant_name, u.email AS applicant_email, ${manilaDateSql('a.created_at')} AS date,
  d.id AS decider_id, CASE WHEN d.id IS NULL THEN NULL ELSE ${personNameSql('d')} END AS decider_name, d.email AS decider_email`;
const ADMIN_FROM = 'organizer_applications a JOIN users u ON u.id = a.user_id LEFT JOIN users d ON d.id = a.decided_by';
const FILTER_WHERE = '($1::text IS NULL OR a.status = $1)';

const statusOf = (filter: OrganizerApplicationFilter): OrganizerApplicationStatus | null => (filter === 'all' ? null : filter);

export async function countApplications(db: Queryable, filter: OrganizerApplicationFilter): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizer_applications a WHERE ${FILTER_WHERE}`, [statusOf(filter)]);
  return rows[0]?.n ?? 0;
}

/** One page: pending ones oldest first (a queue), the others newest first. */
export async function findApplications(db: Queryable, filter: OrganizerApplicationFilter, limit: number, offset: number): Promise<AdminApplicationRow[]> {
  const order = filter === 'pending' ? 'a.id' : 'a.id DESC';
  const { rows } = await db.query<AdminApplicationRow>(`SELECT ${ADMIN_ROW} FROM ${ADMIN_FROM} WHERE ${FILTER_WHERE} ORDER BY ${order} LIMIT $2 OFFSET $3`, [
    statusOf(filter),
    limit,
    offset,
  ]);
  return rows;
}

export async function findApplication(db: Queryable, id: number): Promise<AdminApplicationRow | null> {
  const { rows } = await db.query<AdminApplicationRow>(`SELECT ${ADMIN_ROW} FROM ${ADMIN_FROM} WHERE a.id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * Decides a pending application in one conditional statement: of two admins deciding at once,
 * one wins and the other finds it no longer pending (null).
 */
export async function recordDecision(
  tx: Queryable,
  id: number,
  decision: { status: Exclude<OrganizerApplicationStatus, 'pending'>; adminId: number; reason: string | null },
): Promise<ApplicationRow | null> {
  const { rows } = await tx.query<ApplicationRow>(
    `UPDATE organizer_applications AS a SET status = $2, decided_by = $3, decided_at = now(), decline_reason = $4
     WHERE a.id = $1 AND a.status = 'pending'
     RETURNING ${COLUMNS}`,
    [id, decision.status, decision.adminId, decision.reason],
  );
  return rows[0] ?? null;
}

/** Whether an application with this id exists at all. */
export async function applicationExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM organizer_applications WHERE id = $1', [id]);
  return rows.length > 0;
}

export interface Applicant {
  email: string;
  first_name: string;
  role: RoleName;
}

/** Locks the applicant's account row (as account status changes do) and reads what the decision needs. */
export async function lockApplicant(tx: Queryable, userId: number): Promise<Applicant | null> {
  const { rows } = await tx.query<Applicant>(
    `SELECT u.email, u.first_name, r.name AS role FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1 FOR NO KEY UPDATE OF u`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function setRole(tx: Queryable, userId: number, role: RoleName): Promise<void> {
  await tx.query('UPDATE users SET role_id = (SELECT id FROM roles WHERE name = $2) WHERE id = $1', [userId, role]);
}
