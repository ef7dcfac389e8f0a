import type { Queryable } from '../db';

export interface ResetCodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  /** false once expired or used. */
  live: boolean;
}

/**
 * The account's codes made in the last `seconds` within one budget: those asked with the device
 * cookie `deviceId`, or (null) those asked without one.
 */
export async function countCodesSince(db: Queryable, userId: number, deviceId: string | null, seconds: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM password_reset_codes
     WHERE user_id = $1 AND device_id IS NOT DISTINCT FROM $2 AND created_at > now() - make_interval(secs => $3)`,
    [userId, deviceId, seconds],
  );
  return rows[0]?.n ?? 0;
}

export async function insertCode(db: Queryable, userId: number, deviceId: string | null, codeHash: string, ttlSeconds: number): Promise<void> {
  await db.query(
    `INSERT INTO password_reset_codes (user_id, device_id, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [userId, deviceId, codeHash, ttlSeconds],
  );
}

/** The account's newest code, locked until the transaction ends (only the newest one counts). */
export async function lockNewestCode(db: Queryable, userId: number): Promise<ResetCodeRow | null> {
  const { rows } = await db.query<ResetCodeRow>(
    `SELECT id::int AS id, code_hash, attempts, (used_at IS NULL AND expires_at > now()) AS live
     FROM password_reset_codes WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function addFailedAttempt(db: Queryable, codeId: number): Promise<void> {
  await db.query('UPDATE password_reset_codes SET attempts = attempts + 1 WHERE id = $1', [codeId]);
}

export async function markUsed(db: Queryable, codeId: number): Promise<void> {
  await db.query('UPDATE password_reset_codes SET used_at = now() WHERE id = $1', [codeId]);
}
