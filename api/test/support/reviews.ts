import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db';

/** `count` reviewers of `eventId` made straight in the database (paid, reviewed an hour apart). */
export async function reviewsInDb(db: Db, eventId: number, count: number, start: Date): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const { rows } = await db.query<{ id: number }>(
    `WITH u AS (
       INSERT INTO users (email, first_name, last_name)
       SELECT 'reviewer-' || $1 || '-' || g || '@test.local', 'Reviewer' || lpad(g::text, 2, '0'), 'Tester' FROM generate_series(1, $2) g
       RETURNING id, email
     ), o AS (
       INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, ticket_id)
       SELECT u.id, $3, 1, 'paid', 1, 0, $4::timestamptz - interval '2 days', $4::timestamptz - interval '2 days' + interval '10 minutes', 'gcash', 'full', $4::timestamptz - interval '2 days',
              substr(md5(u.email), 1, 22)
       FROM u RETURNING id, user_id
     )
     INSERT INTO reviews (event_id, user_id, order_id, rating, body, created_at)
     SELECT $3, o.user_id, o.id, (row_number() OVER (ORDER BY o.id) % 5) + 1, 'Review number ' || row_number() OVER (ORDER BY o.id),
            $4::timestamptz + (row_number() OVER (ORDER BY o.id)) * interval '1 hour'
     FROM o
     RETURNING id`,
    [tag, count, eventId, start],
  );
  return rows.map((r) => r.id);
}
