import type { Queryable } from '../db';

/** The account being deleted, its row locked for the rest of the transaction. */
export interface DeletionTarget {
  email: string;
  password_hash: string | null;
  role_name: string;
}

export async function lockLiveAccount(db: Queryable, userId: number): Promise<DeletionTarget | null> {
  const { rows } = await db.query<DeletionTarget>(
    `SELECT u.email, u.password_hash, r.name AS role_name FROM users u JOIN roles r ON r.id = u.role_id
     WHERE u.id = $1 AND u.deleted_at IS NULL FOR UPDATE OF u`,
    [userId],
  );
  return rows[0] ?? null;
}

/**
 * How many other live, Active administrators there are. Every admin row is locked first, so two
 * last admins deleting themselves at once are counted one after the other.
 */
export async function otherActiveAdmins(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ id: number; status: string; deleted: boolean }>(
    `SELECT u.id, u.status, u.deleted_at IS NOT NULL AS deleted FROM users u JOIN roles r ON r.id = u.role_id
     WHERE r.name = 'Admin' ORDER BY u.id FOR UPDATE OF u`,
  );
  return rows.filter((r) => r.id !== userId && r.status === 'Active' && !r.deleted).length;
}

/**
 * Gives back the account's holds (not one being paid: the provider's answer settles it) and frees
 * their seats, the way Release seats does: order rows first, then their seats. Returns how many.
 */
export async function releaseHolds(db: Queryable, userId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH target AS (
       SELECT id FROM orders WHERE user_id = $1 AND status = 'held' AND pending_attempt_id IS NULL ORDER BY id FOR NO KEY UPDATE
     ), released AS (
       UPDATE orders o SET status = 'expired', released_at = CASE WHEN o.expires_at > $2 THEN $2::timestamptz END
       FROM target t WHERE o.id = t.id RETURNING o.id
     ), freed AS (
       UPDATE order_seats s SET live = false FROM released r WHERE s.order_id = r.id AND s.live
     )
     SELECT count(*)::int AS n FROM released`,
    [userId, now],
  );
  return rows[0]?.n ?? 0;
}

/** An address that names nobody and can receive no mail (RFC 2606's .invalid), unique per account. */
export function placeholderEmail(userId: number): string {
  return `deleted-user-${userId}@deleted.invalid`;
}

/**
 * Removes what names the person and what lets anyone sign in as them: Google links, reset codes
 * and confirmation links go; names, email, gender, address and password are replaced or emptied;
 * the inquiries they sent and the tickets sent to them no longer carry their name or address.
 * Orders, tickets, reviews and feedback stay, now under "Deleted user".
 */
export async function anonymise(db: Queryable, userId: number): Promise<void> {
  const email = placeholderEmail(userId);
  await db.query('DELETE FROM user_identities WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM password_reset_codes WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM email_confirmation_tokens WHERE user_id = $1', [userId]);
  await db.query(`UPDATE inquiries SET name = 'Deleted user', email = $2 WHERE user_id = $1`, [userId, email]);
  await db.query('UPDATE ticket_transfers SET to_email = $2 WHERE to_user_id = $1', [userId, email]);
  await db.query(
    `UPDATE users SET first_name = 'Deleted', last_name = 'user', email = $2, password_hash = NULL, middle_initial = NULL, suffix = NULL,
            gender = NULL, region_code = NULL, province_code = NULL, city_code = NULL, barangay_code = NULL, house_address = NULL,
            status = 'Inactive', deleted_at = now()
     WHERE id = $1`,
    [userId, email],
  );
}
