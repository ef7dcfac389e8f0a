import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimit } from '../config';
import type { Queryable } from '../db';
import { tooManyAttempts } from '../errors';
import type { Logger } from '../logger';
import { deleteEnded, RATE_LIMIT_TABLE } from './rate-limit.repository';

/** One limit to apply: a bucket key (e.g. `login:ip:203.0.113.7`) and its figures. */
export interface Limit {
  key: string;
  limit: RateLimit;
}

/** What consume counted, to give back when the attempt turns out fine. */
export type Counted = readonly Limit[];

/** One bucket after an attempt was counted in it. */
export interface Count extends Limit {
  /** Attempts in the bucket's window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts the attempt in every bucket; over any limit: AppError 429 with Retry-After. */
  consume(limits: readonly Limit[]): Promise<Counted>;
  giveBack(counted: Counted): Promise<void>;
  /** Counts the attempt in every bucket and says where each one stands, refusing nothing. */
  count(limits: readonly Limit[]): Promise<Count[]>;
  /**
   * One attempt at a time through the gate `key`: 0 when this attempt passes (the gate then stays
   * shut for `seconds`, or until shut again), else the seconds until it opens.
   */
  pass(key: string, seconds: number): Promise<number>;
  /** Shuts the gate `key` for `seconds` from now. */
  shut(key: string, seconds: number): Promise<void>;
}

/** Account keys (emails) are kept only as hashes. */
export const accountKey = (scope: string, email: string): string =>
  `${scope}:account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
export const ipKey = (scope: string, ip: string): string => `${scope}:ip:${ip.slice(0, 100)}`;

/** How often (1 in N counts) ended windows are swept away. */
const SWEEP_ONE_IN = 200;

/** The library's query object, run through our pool (its error mapping and timeouts included). */
interface StoreQuery {
  name?: string;
  text: string;
  values?: unknown[];
}

const secondsOf = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * The limits, counted by rate-limiter-flexible's PostgreSQL store in one table shared by every API
 * process (migration 0310 creates it). A limiter per figure (max, window); every key lives in the
 * same table. Each count is one atomic upsert; several limits go to the database at once.
 */
export function createRateLimiter(db: Queryable, logger: Logger): RateLimiter {
  const storeClient = {
    query: (q: StoreQuery) => db.query(q.name ? { name: q.name, text: q.text } : q.text, q.values),
  };
  const limiters = new Map<string, RateLimiterPostgres>();
  const limiterFor = (limit: RateLimit): RateLimiterPostgres => {
    const id = `${limit.max}/${limit.windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: '',
        points: limit.max,
        duration: limit.windowSeconds,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  /** The gate: one point, its window given on each pass. */
  const gate = limiterFor({ max: 1, windowSeconds: 1 });

  /** The library resolves under the limit and rejects with a RateLimiterRes over it (with an Error when the store failed). */
  const settle = <T>(attempt: Promise<RateLimiterRes>, read: (res: RateLimiterRes) => T): Promise<T> =>
    attempt.then(read, (rejection: unknown) => {
      if (rejection instanceof RateLimiterRes) return read(rejection);
      throw rejection;
    });

  const count = async (limits: readonly Limit[]): Promise<Count[]> => {
    const counts = await Promise.all(
      limits.map((l) => settle(limiterFor(l.limit).consume(l.key), (res) => ({ ...l, count: res.consumedPoints, retryAfter: secondsOf(res.msBeforeNext) }))),
    );
    if (Math.random() * SWEEP_ONE_IN < 1) {
      deleteEnded(db).catch((err: unknown) => logger.warn({ err }, 'could not sweep rate-limit windows'));
    }
    return counts;
  };

  return {
    count,
    async consume(limits) {
      const counts = await count(limits);
      const over = counts.filter((c) => c.count > c.limit.max);
      if (over.length) throw tooManyAttempts(Math.max(...over.map((c) => c.retryAfter)));
      return limits;
    },
    async giveBack(counted) {
      await Promise.all(
        counted.map(async (c) => {
          const limiter = limiterFor(c.limit);
          // A window that ended meanwhile would start the next one below zero.
          if ((await limiter.reward(c.key)).consumedPoints < 0) await limiter.delete(c.key);
        }),
      );
    },
    pass(key, seconds) {
      return settle(gate.consume(key, 1, { customDuration: seconds }), (res) => (res.consumedPoints > 1 ? secondsOf(res.msBeforeNext) : 0));
    },
    async shut(key, seconds) {
      await gate.block(key, seconds);
    },
  };
}
