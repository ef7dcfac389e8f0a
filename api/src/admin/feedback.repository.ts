// The Feedback screen's reading of what visitors sent (feedback/ writes it).
import type { Queryable } from '../db';
import { manilaDateSql, manilaTimeSql, personNameSql } from '../db/sql';

export interface FeedbackRow {
  id: number;
  name: string;
  rating: number;
  comment: string;
  created_at: Date;
  date: string;
  time: string;
}

export async function countFeedback(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback');
  return rows[0]?.n ?? 0;
}

/** One page of feedback, newest first, with the sender's name. */
export async function findFeedback(db: Queryable, limit: number, offset: number): Promise<FeedbackRow[]> {
  const { rows } = await db.query<FeedbackRow>(
    `SELECT f.id, ${personNameSql('u')} AS name, f.rating, f.comment, f.created_at,
            ${manilaDateSql('f.created_at')} AS date, ${manilaTimeSql('f.created_at')} AS time
     FROM (SELECT id FROM feedback ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2) AS page
     JOIN feedback f ON f.id = page.id JOIN users u ON u.id = f.user_id
     ORDER BY f.created_at DESC, f.id DESC`,
    [limit, offset],
  );
  return rows;
}
