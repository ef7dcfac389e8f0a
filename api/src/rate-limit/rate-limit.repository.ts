import type { Queryable } from '../db';

/** rate-limiter-flexible's table of counters (migration 0310). */
export const RATE_LIMIT_TABLE = 'rate_limit_points';

/** Forgets windows that ended over a minute ago (`expire` is epoch milliseconds). */
export async function deleteEnded(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM ${RATE_LIMIT_TABLE} WHERE expire < $1`, [Date.now() - 60_000]);
}
