import type { Queryable } from '../db';
import type { AddressOwner } from './users.repository';


export async function insertToken(db: Queryable, userId: number, tokenHash: string, ttlSeconds: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO email_confirmation_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3)) RETURNING id::int AS id`,
    [userId, tokenHash, ttlSeconds],
  );
  return (rows[0] as { id: number }).id;
}

/** Spends a live token (unused, not expired): its account's id, or null when there is no such token. */
export async function spendToken(db: Queryable, tokenHash: string): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE email_confirmation_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}


/** The account of `email` whose address is not confirmed yet, locked until the transaction ends. */
export async function lockUnconfirmed(db: Queryable, email: string): Promise<AddressOwner | null> {
  const { rows } = await db.query<AddressOwner>(
    `SELECT id, email, first_name, last_name FROM users WHERE lower(email) = lower($1) AND email_confirmed_at IS NULL FOR UPDATE`,
    [email.trim()],
  );
  return rows[0] ?? null;
}
