import type { Queryable } from '../db';

export async function findUserId(db: Queryable, provider: string, subject: string): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM user_identities WHERE provider = $1 AND subject = $2', [provider, subject]);
  return rows[0]?.user_id ?? null;
}

export async function insertIdentity(db: Queryable, identity: { provider: string; subject: string; userId: number; email: string }): Promise<void> {
  await db.query('INSERT INTO user_identities (provider, subject, user_id, email) VALUES ($1, $2, $3, $4)', [
    identity.provider,
    identity.subject,
    identity.userId,
    identity.email,
  ]);
}
