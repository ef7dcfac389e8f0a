import type { Queryable } from '../db';

export interface AccountListRow {
  id: number;
  first_name: string;
  middle_initial: string | null;
  last_name: string;
  suffix: string | null;
  email: string;
  role: string;
  account_no: string;
  status: 'Active' | 'Inactive' | 'Restricted';
  date_created: string;
  last_login: string | null;
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
const contains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const MATCHES = `($1::text IS NULL
  OR (u.first_name || ' ' || u.last_name) ILIKE $1
  OR u.email ILIKE $1
  OR u.account_no LIKE $1)`;

export async function countAccounts(db: Queryable, search: string | null): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${MATCHES}`, [search ? contains(search) : null]);
  return rows[0]?.n ?? 0;
}

/** One page of accounts, oldest first; dates as MM-DD-YYYY in Asia/Manila. */
export async function findAccounts(db: Queryable, search: string | null, limit: number, offset: number): Promise<AccountListRow[]> {
  const { rows } = await db.query<AccountListRow>(
    `SELECT u.id, u.first_name, u.middle_initial, u.last_name, u.suffix, u.email, r.name AS role, u.account_no, u.status,
            to_char(u.created_at AT TIME ZONE 'Asia/Manila', 'MM-DD-YYYY') AS date_created,
            to_char(u.last_login_at AT TIME ZONE 'Asia/Manila', 'MM-DD-YYYY') AS last_login
     FROM users u JOIN roles r ON r.id = u.role_id
     WHERE ${MATCHES}
     ORDER BY u.id
     LIMIT $2 OFFSET $3`,
    [search ? contains(search) : null, limit, offset],
  );
  return rows;
}
