import type { Config } from '../config';
import { tooManyAttempts } from '../errors';
import { accountKey, ipKey } from './rate-limiter';
import type { Count, Limit, RateLimiter } from './rate-limiter';

export interface LoginAttempt {
  email: string;
  ip: string;
  /** The id of a valid device cookie of the account signing in (see auth/device-cookie.ts), else null. */
  device: string | null;
}

/** What the login does once it knows whether the password was right. */
export interface AdmittedLogin {
  /** The attempt is given back: successful logins use up no budget. */
  succeeded(): Promise<void>;
  /** The attempt stays counted; an account past its free failures makes the next untrusted attempt wait. */
  failed(): Promise<void>;
}

/**
 * How long an attempt without the account's device cookie waits after the k-th failure beyond the
 * free ones (k >= 1): firstSeconds, then twice as long with each further failure, at most maxSeconds.
 */
export function loginDelaySeconds(k: number, delay: Config['loginDelay']): number {
  return Math.min(delay.maxSeconds, delay.firstSeconds * 2 ** Math.min(Math.max(k, 1) - 1, 30));
}

const overBy = (counts: readonly Count[]): number => {
  const over = counts.filter((c) => c.count > c.limit.max);
  return over.length ? Math.max(...over.map((c) => c.retryAfter)) : 0;
};

/**
 * The login limits (OWASP: slow down online guessing with device cookies), before the password is
 * checked; throws the 429 of the first limit that refuses.
 *
 * - Every attempt counts per address (loginPerIp).
 * - With a valid device cookie of the account (a browser that signed in to it before) the attempt
 *   counts per device cookie (loginPerDevice) and nothing else: failures elsewhere do not reach it.
 * - Without one (unknown emails the same way) it counts per account and address
 *   (loginPerAccountIp), and per account from anywhere (loginPerAccount): past that many, attempts
 *   pass one at a time, each after a delay that doubles with every further failure (capped), so an
 *   attacker slows down without locking the owner out.
 *
 * Counting comes first and atomically (concurrent attempts cannot all slip under a limit); what
 * turns out fine is given back. One round trip to the database before the check, one after a success.
 */
export async function admitLogin(limiter: RateLimiter, config: Pick<Config, 'rateLimits' | 'loginDelay'>, attempt: LoginAttempt): Promise<AdmittedLogin> {
  const limits = config.rateLimits;
  const perIp: Limit = { key: ipKey('login', attempt.ip), limit: limits.loginPerIp };
  if (attempt.device !== null) {
    const counted = await limiter.consume([perIp, { key: `login:device:${attempt.device}`, limit: limits.loginPerDevice }]);
    return { succeeded: () => limiter.giveBack(counted), failed: () => Promise.resolve() };
  }

  const account = accountKey('login', attempt.email);
  const perAccountIp: Limit = { key: `${account}:ip:${attempt.ip.slice(0, 100)}`, limit: limits.loginPerAccountIp };
  const perAccount: Limit = { key: account, limit: limits.loginPerAccount };
  const counts = await limiter.count([perIp, perAccountIp, perAccount]);
  // Failures of the account beyond the free ones (with the attempts in flight), this one included.
  const beyond = (counts[2]?.count ?? 0) - limits.loginPerAccount.max;
  const gate = accountKey('login-delay', attempt.email);
  let wait = overBy(counts.slice(0, 2));
  if (wait === 0 && beyond > 0) wait = await limiter.pass(gate, loginDelaySeconds(beyond, config.loginDelay));
  if (wait > 0) {
    // Not checked, so not a failure of the account: its delay grows only with real failures.
    await limiter.giveBack([perAccount]);
    throw tooManyAttempts(wait);
  }
  return {
    succeeded: () => limiter.giveBack([perIp, perAccountIp, perAccount]),
    async failed() {
      if (beyond >= 0) await limiter.shut(gate, loginDelaySeconds(beyond + 1, config.loginDelay));
    },
  };
}
