import type { AccountStatus } from '@sports/contracts';
import type { Queryable } from '../db';

/** An account with what a session needs to know about it. */
export interface AccountRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role_id: number;
  role_name: string;
  status: AccountStatus;
}

export interface LoginRow extends AccountRow {
  password_hash: string | null;
}

const ACCOUNT_COLUMNS = 'u.id, u.email, u.first_name, u.last_name, u.role_id, r.name AS role_name, u.status';

export async function findByEmail(db: Queryable, email: string): Promise<LoginRow | null> {
  const { rows } = await db.query<LoginRow>(
    `SELECT ${ACCOUNT_COLUMNS}, u.password_hash FROM users u JOIN roles r ON r.id = u.role_id WHERE lower(u.email) = lower($1)`,
    [email.trim()],
  );
  return rows[0] ?? null;
}

export async function findById(db: Queryable, id: number): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email.trim()]);
  return rowCount === 1;
}

export interface NewParticipant {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  middleInitial?: string | null;
  suffix?: string | null;
  gender?: string | null;
  address?: { region: string; province: string; city: string; barangay: string; house: string } | null;
  /** false: the address still has to be proved by the mailed link (a registration). */
  emailConfirmed: boolean;
}

/** Inserts a Participant; null when the email (compared case-insensitively) is taken. */
export async function insertParticipant(db: Queryable, user: NewParticipant): Promise<number | null> {
  const a = user.address ?? null;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, middle_initial, suffix, gender, role_id, status,
                        region_code, province_code, city_code, barangay_code, house_address, email_confirmed_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, r.id, 'Active', $8, $9, $10, $11, $12, CASE WHEN $13::boolean THEN now() END
     FROM roles r WHERE r.name = 'Participant'
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING id`,
    [user.email, user.passwordHash, user.firstName, user.lastName, user.middleInitial ?? null, user.suffix ?? null, user.gender ?? null,
      a?.region ?? null, a?.province ?? null, a?.city ?? null, a?.barangay ?? null, a?.house ?? null, user.emailConfirmed],
  );
  return rows[0]?.id ?? null;
}

/**
 * The unconfirmed sign-up of an address becomes the account of whoever proved the address (a
 * Google sign-in): what the sign-up entered (password, names, address) is dropped, so whoever
 * registered someone else's address keeps no way in. Null when it is not (or no longer) unconfirmed.
 */
export async function adoptUnconfirmed(db: Queryable, email: string, names: { firstName: string; lastName: string }): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE users SET password_hash = NULL, first_name = $2, last_name = $3, middle_initial = NULL, suffix = NULL, gender = NULL,
            region_code = NULL, province_code = NULL, city_code = NULL, barangay_code = NULL, house_address = NULL, email_confirmed_at = now()
     WHERE lower(email) = lower($1) AND email_confirmed_at IS NULL
     RETURNING id`,
    [email, names.firstName, names.lastName],
  );
  return rows[0]?.id ?? null;
}

export async function touchLastLogin(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE users SET last_login_at = now() WHERE id = $1', [id]);
}

export async function setPasswordHash(db: Queryable, id: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, hash]);
}

/** Holds the account row until the transaction ends (serialises per-account work). */
export async function lockAccount(db: Queryable, id: number): Promise<void> {
  await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [id]);
}

/** An account as mails to its address need it. */
export interface AddressOwner {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** Marks the address confirmed; the account only when it was not confirmed before. */
export async function markConfirmed(db: Queryable, userId: number): Promise<AddressOwner | null> {
  const { rows } = await db.query<AddressOwner>(
    `UPDATE users SET email_confirmed_at = now() WHERE id = $1 AND email_confirmed_at IS NULL RETURNING id, email, first_name, last_name`,
    [userId],
  );
  return rows[0] ?? null;
}
