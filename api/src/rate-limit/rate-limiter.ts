import { createHash } from 'node:crypto';
import type { RateLimit } from '../config';
import type { Queryable } from '../db';
import { tooManyAttempts } from '../errors';
import type { Logger } from '../logger';
import * as repo from './rate-limit.repository';
import type { BucketCount } from './rate-limit.repository';

/** One limit to apply: a bucket key (e.g. `login:ip:203.0.113.7`) and its figures. */
export interface Limit {
  key: string;
  limit: RateLimit;
}

/** What consume counted, to give back when the attempt turns out fine. */
export type Counted = Pick<BucketCount, 'bucket' | 'windowStart'>[];

export interface RateLimiter {
  /** Counts the attempt in every bucket; over any limit: AppError 429 with Retry-After. */
  consume(limits: readonly Limit[]): Promise<Counted>;
  giveBack(counted: Counted): Promise<void>;
}

/** Account keys (emails) are kept only as hashes. */
export const accountKey = (scope: string, email: string): string =>
  `${scope}:account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
export const ipKey = (scope: string, ip: string): string => `${scope}:ip:${ip.slice(0, 100)}`;

/** How often (1 in N hits) finished windows are swept away. */
const SWEEP_ONE_IN = 200;

export function createRateLimiter(db: Queryable, logger: Logger): RateLimiter {
  return {
    async consume(limits) {
      const counts = await repo.hit(
        db,
        limits.map((l) => ({ bucket: l.key, windowSeconds: l.limit.windowSeconds })),
      );
      if (Math.random() * SWEEP_ONE_IN < 1) {
        repo.deleteFinished(db).catch((err: unknown) => logger.warn({ err }, 'could not sweep rate-limit windows'));
      }
      const over = counts.filter((c) => {
        const limit = limits.find((l) => l.key === c.bucket);
        return limit !== undefined && c.count > limit.limit.max;
      });
      if (over.length) throw tooManyAttempts(Math.max(...over.map((c) => c.retryAfter)));
      return counts.map((c) => ({ bucket: c.bucket, windowStart: c.windowStart }));
    },
    async giveBack(counted) {
      if (counted.length) await repo.giveBack(db, counted);
    },
  };
}
