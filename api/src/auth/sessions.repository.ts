import type { NamedStatement, Queryable } from '../db';
import type { AccountRow } from './users.repository';

export async function createSession(db: Queryable, userId: number, ttlSeconds: number): Promise<{ id: string; expiresAt: Date }> {
  const { rows } = await db.query<{ id: string; expires_at: Date }>(
    `INSERT INTO sessions (user_id, expires_at) VALUES ($1, now() + make_interval(secs => $2)) RETURNING id, expires_at`,
    [userId, ttlSeconds],
  );
  const row = rows[0] as { id: string; expires_at: Date };
  return { id: row.id, expiresAt: row.expires_at };
}

/**
 * SQL condition on `sessions s`: the row is the token's session (id and user), neither revoked
 * nor expired. For statements that check the caller themselves (see the booking repository).
 */
export function liveSessionCondition(sessionIdParam: string, userIdParam: string): string {
  return `s.id = ${sessionIdParam} AND s.user_id = ${userIdParam} AND s.revoked_at IS NULL AND s.expires_at > now()`;
}

// Every signed-in request reads it: prepared once per connection rather than planned each time.
const LIVE_SESSION_ACCOUNT: NamedStatement = {
  name: 'session-account',
  text: `SELECT u.id, u.email, u.first_name, u.last_name, u.role_id, r.name AS role_name, u.status
         FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id
         WHERE ${liveSessionCondition('$1', '$2')}`,
};

/** The account behind a live session (not revoked, not expired), read fresh: role and status included. */
export async function findLiveSessionAccount(db: Queryable, sessionId: string, userId: number): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(LIVE_SESSION_ACCOUNT, [sessionId, userId]);
  return rows[0] ?? null;
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeAllSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}

/** Ends every live session of the account but `keepSessionId` (a password change keeps the device that made it). */
export async function revokeOtherSessions(db: Queryable, userId: number, keepSessionId: string): Promise<number> {
  const { rowCount } = await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [userId, keepSessionId]);
  return rowCount ?? 0;
}
