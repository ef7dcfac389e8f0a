import { randomBytes } from 'node:crypto';
import type { Config } from '../src/config';
import { createUser, uniqueEmail, waitForMail } from './support/accounts';
import { GENEROUS_RATE_LIMITS, startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

/** A window starts at its first attempt: 30-day windows keep a test from outliving one. */
const WINDOW = 30 * 86_400;

/** A client address (IPv6 documentation range) no other test or run uses; the app trusts the loopback proxy. */
function nextIp(): string {
  return `2001:db8:${Array.from(randomBytes(6), (b, i) => (i % 2 ? '' : ':') + b.toString(16).padStart(2, '0')).join('').slice(1)}::1`;
}

function limited(overrides: Partial<Config['rateLimits']>): Partial<Config> {
  return { trustProxy: 'loopback', rateLimits: { ...GENEROUS_RATE_LIMITS, ...overrides } };
}

async function expectTooMany(res: Response, maxRetryAfter: number): Promise<void> {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  // The text says when to come back, and agrees with Retry-After.
  const { error } = (await res.json()) as { error: string };
  const match = /^Too many attempts\. Please try again in (\d+) (second|minute|hour)s?\.$/.exec(error);
  expect(match).not.toBeNull();
  const unit = { second: 1, minute: 60, hour: 3600 }[match?.[2] as 'second' | 'minute' | 'hour'];
  const n = Number(match?.[1]);
  expect(retryAfter).toBeLessThanOrEqual(n * unit);
  expect(retryAfter).toBeGreaterThan((n - 1) * unit);
}

describe('rate limits (kept in PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = limited({
      // The account's own delay (login-limits.test.ts) stays out of the way here.
      loginPerAccount: { max: 1000, windowSeconds: WINDOW },
      loginPerAccountIp: { max: 3, windowSeconds: WINDOW },
      loginPerIp: { max: 5, windowSeconds: WINDOW },
      resetRequestPerAccount: { max: 3, windowSeconds: WINDOW },
      resetRequestPerIp: { max: 4, windowSeconds: WINDOW },
      resetVerifyPerIp: { max: 3, windowSeconds: WINDOW },
    });
    // Two API instances over one database, like two processes behind a load balancer.
    a = await startTestApp({ config });
    b = await startTestApp({ config, prepare: false });
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
  });

  it('login: per account and address, across two app instances, with Retry-After', async () => {
    const user = await createUser(a.db);
    const ip = nextIp();
    for (let i = 0; i < 3; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await app.post('/api/login.php', { email: user.email, password: 'wrong password' }, { 'X-Forwarded-For': ip });
      expect(res.status).toBe(401);
    }
    // From that address, on either instance, even with the right password and another case.
    await expectTooMany(await b.post('/api/login.php', { email: user.email.toUpperCase(), password: user.password }, { 'X-Forwarded-For': ip }), WINDOW);
    await expectTooMany(await a.post('/api/login.php', { email: user.email, password: user.password }, { 'X-Forwarded-For': ip }), WINDOW);
    // The owner, from another address, is not locked out.
    expect((await a.post('/api/login.php', { email: user.email, password: user.password }, { 'X-Forwarded-For': nextIp() })).status).toBe(200);
  });

  it('login: the same answer for an unknown email once over the limit', async () => {
    const email = uniqueEmail('ghost');
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await a.post('/api/login.php', { email, password: 'x' }, { 'X-Forwarded-For': ip })).status).toBe(401);
    await expectTooMany(await b.post('/api/login.php', { email, password: 'x' }, { 'X-Forwarded-For': ip }), WINDOW);
  });

  it('login: per IP, across accounts and instances', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? a : b).post('/api/login.php', { email: uniqueEmail('spray'), password: 'x' }, { 'X-Forwarded-For': ip });
      expect(res.status).toBe(401);
    }
    await expectTooMany(await a.post('/api/login.php', { email: uniqueEmail('spray'), password: 'x' }, { 'X-Forwarded-For': ip }), WINDOW);
    // Another address is not affected.
    expect((await a.post('/api/login.php', { email: uniqueEmail('spray'), password: 'x' }, { 'X-Forwarded-For': nextIp() })).status).toBe(401);
  });

  it('login: successful logins do not use up the budget', async () => {
    const user = await createUser(a.db);
    const ip = nextIp();
    for (let i = 0; i < 8; i++) {
      const res = await (i % 2 ? a : b).post('/api/login.php', { email: user.email, password: user.password }, { 'X-Forwarded-For': ip });
      expect(res.status).toBe(200);
    }
  });

  it('holds under concurrent attempts: no more than the limit gets through', async () => {
    const user = await createUser(a.db);
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).post('/api/login.php', { email: user.email, password: 'wrong' }, { 'X-Forwarded-For': ip })),
    );
    const statuses = answers.map((r) => r.status);
    // Each counter is exact, but an attempt counts on the address's and the account's at once, and
    // concurrent attempts may take their places in different orders: one among the account's first
    // three may be past the address's five and refused. So at most 3 get through, never more.
    const through = statuses.filter((s) => s === 401).length;
    expect(through).toBeGreaterThanOrEqual(1);
    expect(through).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - through);
  });

  it('password reset requests: 3 an hour per account (known or not), then per IP', async () => {
    const user = await createUser(a.db);
    for (const email of [user.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 3; i++) {
        const res = await (i % 2 ? a : b).post('/api/request-password-reset.php', { email }, { 'X-Forwarded-For': nextIp() });
        expect(res.status).toBe(200);
      }
      await expectTooMany(await a.post('/api/request-password-reset.php', { email: email.toUpperCase() }, { 'X-Forwarded-For': nextIp() }), WINDOW);
    }
    const ip = nextIp();
    for (let i = 0; i < 4; i++) expect((await b.post('/api/request-password-reset.php', { email: uniqueEmail('x') }, { 'X-Forwarded-For': ip })).status).toBe(200);
    await expectTooMany(await a.post('/api/request-password-reset.php', { email: uniqueEmail('x') }, { 'X-Forwarded-For': ip }), WINDOW);
    await waitForMail(a.db, user.email);
  });

  it('reset code checks: per IP, on both verify and reset', async () => {
    const ip = nextIp();
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) {
      const res = await (i % 2 ? a : b).post('/api/verify-reset-code.php', { email, code: '123456' }, { 'X-Forwarded-For': ip });
      expect(res.status).toBe(400);
    }
    await expectTooMany(await a.post('/api/verify-reset-code.php', { email, code: '123456' }, { 'X-Forwarded-For': ip }), WINDOW);
    await expectTooMany(await b.post('/api/reset-password.php', { email, code: '123456', password: 'a new password' }, { 'X-Forwarded-For': ip }), WINDOW);
  });

  it('uses the socket address when no proxy is trusted (X-Forwarded-For ignored)', async () => {
    const direct = await startTestApp({ prepare: false, config: { rateLimits: { ...GENEROUS_RATE_LIMITS, loginPerAccountIp: { max: 2, windowSeconds: WINDOW } } } });
    try {
      const user = await createUser(direct.db);
      const { rows: before } = await direct.db.query("SELECT count(*)::int AS n FROM rate_limit_points WHERE key LIKE '%198.51.100.77%'");
      for (let i = 0; i < 2; i++) expect((await direct.post('/api/login.php', { email: user.email, password: 'x' }, { 'X-Forwarded-For': '198.51.100.77' })).status).toBe(401);
      await expectTooMany(await direct.post('/api/login.php', { email: user.email, password: 'x' }), WINDOW);
      const { rows: after } = await direct.db.query("SELECT count(*)::int AS n FROM rate_limit_points WHERE key LIKE '%198.51.100.77%'");
      expect(after).toEqual(before);
    } finally {
      await direct.stop();
    }
  });

  it('keeps account keys hashed, never the email', async () => {
    const email = uniqueEmail('private');
    await a.post('/api/login.php', { email, password: 'x' }, { 'X-Forwarded-For': nextIp() });
    const { rows } = await a.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_points WHERE key LIKE $1', [`%${email}%`]);
    expect(rows[0]?.n).toBe(0);
  });
});
