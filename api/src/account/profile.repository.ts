import type { Profile, ProfileUpdateRequest } from '@sports/contracts';
import type { Queryable } from '../db';

/** The caller's own account as My Account shows it; null when there is no such (live) account. */
export async function readProfile(db: Queryable, userId: number): Promise<Profile | null> {
  const { rows } = await db.query<Profile>(
    `SELECT u.email, u.first_name, u.last_name, COALESCE(u.middle_initial, '') AS middle_initial, COALESCE(u.suffix, '') AS suffix,
            COALESCE(u.gender, '') AS gender, COALESCE(u.region_code, '') AS region_id, COALESCE(u.province_code, '') AS province_id,
            COALESCE(u.city_code, '') AS city_id, COALESCE(u.barangay_code, '') AS barangay_id, COALESCE(u.house_address, '') AS house_address,
            r.name AS role_name, u.password_hash IS NOT NULL AS has_password,
            EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id) AS google_linked
     FROM users u JOIN roles r ON r.id = u.role_id
     WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Writes the profile fields (names, gender, the whole address); the address chain was checked by the caller. */
export async function updateProfile(db: Queryable, userId: number, p: ProfileUpdateRequest): Promise<void> {
  await db.query(
    `UPDATE users SET first_name = $2, last_name = $3, middle_initial = $4, suffix = $5, gender = $6,
            region_code = $7, province_code = $8, city_code = $9, barangay_code = $10, house_address = $11
     WHERE id = $1 AND deleted_at IS NULL`,
    [userId, p.first_name, p.last_name, p.middle_initial === '' ? null : p.middle_initial, p.suffix === '' ? null : p.suffix, p.gender,
      p.region_id, p.province_id, p.city_id, p.barangay_id, p.house_address],
  );
}
