import type { Queryable } from '../db';

export interface BucketHit {
  bucket: string;
  windowSeconds: number;
}

export interface BucketCount {
  bucket: string;
  windowStart: Date;
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

/**
 * Counts one attempt in each bucket's current fixed window, atomically (one INSERT ... ON
 * CONFLICT DO UPDATE ... RETURNING), on the database's clock so every API process agrees.
 */
export async function hit(db: Queryable, hits: readonly BucketHit[]): Promise<BucketCount[]> {
  const { rows } = await db.query<{ bucket: string; window_start: Date; count: number; retry_after: number }>(
    `INSERT INTO rate_limits AS r (bucket, window_start, window_end, count)
     SELECT b, ws, ws + make_interval(secs => w), 1
     FROM (SELECT b, w, to_timestamp(floor(extract(epoch FROM now()) / w) * w) AS ws
           FROM unnest($1::text[], $2::int[]) AS t (b, w)) AS s
     ON CONFLICT (bucket, window_start) DO UPDATE SET count = r.count + 1
     RETURNING bucket, window_start, count, GREATEST(1, ceil(extract(epoch FROM window_end - now())))::int AS retry_after`,
    [hits.map((h) => h.bucket), hits.map((h) => h.windowSeconds)],
  );
  return rows.map((r) => ({ bucket: r.bucket, windowStart: r.window_start, count: r.count, retryAfter: r.retry_after }));
}

/** Takes back one counted attempt per bucket (a login that succeeded does not use up the budget). */
export async function giveBack(db: Queryable, counted: readonly Pick<BucketCount, 'bucket' | 'windowStart'>[]): Promise<void> {
  await db.query(
    `UPDATE rate_limits SET count = count - 1
     WHERE (bucket, window_start) IN (SELECT * FROM unnest($1::text[], $2::timestamptz[])) AND count > 0`,
    [counted.map((c) => c.bucket), counted.map((c) => c.windowStart)],
  );
}

/** Forgets windows that ended. */
export async function deleteFinished(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM rate_limits WHERE window_end < now() - interval '1 minute'`);
}
