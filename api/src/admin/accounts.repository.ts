import type { AccountStatus, RoleName } from '@sports/contracts';
import type { Queryable } from '../db';
import { indexedNameOf } from './name-search';
import { contains, manilaDateSql, personNameSql } from '../db/sql';

export interface AccountListRow {
  id: number;
  name: string;
  email: string;
  role: RoleName;
  account_no: string;
  status: AccountStatus;
  date_created: string;
  last_login: string | null;
}

export interface AccountFilter {
  search: string | null;
  /** roles.id of the role asked for. */
  roleId: number | null;
  status: AccountStatus | null;
}

// $1 search pattern, $2 role id, $3 status, $4 the search as the indexed name ('Ana M. Reyes Jr'
// read as 'Ana Reyes', name-search.ts); each NULL when not asked for (or, for $4, not different).
// The planner sees the values (unnamed statements are planned with them), so an absent filter
// costs nothing and a present one is estimated from the statistics (hence a role id, not a
// subquery on roles). The search matches the expressions the trigram indexes on users cover.
const WHERE = `($1::text IS NULL
    OR (u.first_name || ' ' || u.last_name) ILIKE $1
    OR (u.first_name || ' ' || u.last_name) ILIKE $4::text
    OR u.email ILIKE $1
    OR u.account_no LIKE $1)
  AND ($2::smallint IS NULL OR u.role_id = $2)
  AND ($3::text IS NULL OR u.status = $3)`;

function params(f: AccountFilter): unknown[] {
  const name = f.search ? indexedNameOf(f.search) : null;
  return [f.search ? contains(f.search) : null, f.roleId, f.status, name ? contains(name) : null];
}

/** roles.id of a role name (null when there is no such role). */
export async function roleIdOf(db: Queryable, role: RoleName): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM roles WHERE name = $1', [role]);
  return rows[0]?.id ?? null;
}

export async function countAccounts(db: Queryable, f: AccountFilter): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${WHERE}`, params(f));
  return rows[0]?.n ?? 0;
}

const ROW = `u.id, ${personNameSql('u')} AS name, u.email, r.name AS role, u.account_no, u.status,
  ${manilaDateSql('u.created_at')} AS date_created, ${manilaDateSql('u.last_login_at')} AS last_login`;

/**
 * One page of accounts, oldest first. The page's ids are found first (an index-only walk that
 * skips `offset` entries without reading their rows), then only those 10 rows are read and
 * formatted: a late page costs little more than the first.
 */
export async function findAccounts(db: Queryable, f: AccountFilter, limit: number, offset: number): Promise<AccountListRow[]> {
  const { rows } = await db.query<AccountListRow>(
    `SELECT ${ROW}
     FROM (SELECT u.id FROM users u WHERE ${WHERE} ORDER BY u.id LIMIT $5 OFFSET $6) AS page
     JOIN users u ON u.id = page.id JOIN roles r ON r.id = u.role_id
     ORDER BY u.id`,
    [...params(f), limit, offset],
  );
  return rows;
}

export async function findAccount(db: Queryable, id: number): Promise<AccountListRow | null> {
  const { rows } = await db.query<AccountListRow>(`SELECT ${ROW} FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findRole(db: Queryable, id: number): Promise<RoleName | null> {
  const { rows } = await db.query<{ role: RoleName }>('SELECT r.name AS role FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1', [id]);
  return rows[0]?.role ?? null;
}

/**
 * Locks every Active admin account, in id order (the one lock order every status change
 * uses: active admins first, then the target), and returns their ids. Two admins demoting
 * each other at once queue here instead of both seeing the other still active.
 * FOR NO KEY UPDATE: it does not block foreign-key checks (sessions, orders, audit rows).
 */
export async function lockActiveAdmins(tx: Queryable): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT u.id FROM users u
     WHERE u.role_id = (SELECT r.id FROM roles r WHERE r.name = 'Admin') AND u.status = 'Active'
     ORDER BY u.id
     FOR NO KEY UPDATE`,
  );
  return rows.map((r) => r.id);
}

/** Locks the account row and returns its current status (null: no such account). */
export async function lockAccountStatus(tx: Queryable, id: number): Promise<AccountStatus | null> {
  const { rows } = await tx.query<{ status: AccountStatus }>('SELECT status FROM users WHERE id = $1 FOR NO KEY UPDATE', [id]);
  return rows[0]?.status ?? null;
}

export async function updateStatus(tx: Queryable, id: number, status: AccountStatus): Promise<void> {
  await tx.query('UPDATE users SET status = $2 WHERE id = $1', [id, status]);
}
