import type { Queryable } from '../db';

export async function insertFeedback(db: Queryable, f: { userId: number; rating: number; comment: string }): Promise<{ id: number; created_at: Date }> {
  const { rows } = await db.query<{ id: number; created_at: Date }>(
    'INSERT INTO feedback (user_id, rating, comment) VALUES ($1, $2, $3) RETURNING id, created_at',
    [f.userId, f.rating, f.comment],
  );
  return rows[0] as { id: number; created_at: Date };
}

export async function insertInquiry(db: Queryable, i: { name: string; email: string; message: string; userId: number | null }): Promise<{ id: number; created_at: Date }> {
  const { rows } = await db.query<{ id: number; created_at: Date }>(
    'INSERT INTO inquiries (name, email, message, user_id) VALUES ($1, $2, $3, $4) RETURNING id, created_at',
    [i.name, i.email, i.message, i.userId],
  );
  return rows[0] as { id: number; created_at: Date };
}
