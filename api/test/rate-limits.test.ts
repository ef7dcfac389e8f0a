import { randomBytes } from 'node:crypto';
import type { Config } from '../src/config';
import { codeIn, createUser, mailsFor, uniqueEmail, waitForMail } from './support/accounts';
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

  /** A reset request as a browser sends it: its own address, and the cookies it keeps. */
  const askReset = (app: TestApp, email: string, from: string, cookie?: string): Promise<Response> =>
    app.post('/api/request-password-reset.php', { email }, { 'X-Forwarded-For': from, ...(cookie ? { Cookie: cookie } : {}) });

  /** The device cookie a sign-in from `from` leaves in the browser. */
  async function signedInDevice(app: TestApp, email: string, password: string, from: string): Promise<string> {
    const res = await app.post('/api/login.php', { email, password }, { 'X-Forwarded-For': from });
    expect(res.status).toBe(200);
    const header = res.headers.getSetCookie().find((c) => c.startsWith('device='));
    return (header as string).split(';')[0] as string;
  }

  /** Lets the mails of requests already answered go out, then lists the account's. */
  async function settledMails(app: TestApp, email: string): Promise<number> {
    await new Promise((r) => setTimeout(r, 400));
    return (await mailsFor(app.db, email)).length;
  }

  it("password reset requests: strangers who spend the account's 3 mails do not make the owner's request fail", async () => {
    const owner = await createUser(a.db);
    const home = nextIp();
    const device = await signedInDevice(a, owner.email, owner.password, home);
    // Three strangers, from three addresses: each answered as usual, each mailing a code.
    const normal: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await askReset(i % 2 ? a : b, owner.email, nextIp());
      normal.push(`${res.status} ${await res.text()}`);
    }
    expect(normal).toEqual(Array(3).fill('200 {"success":true}'));
    expect(await settledMails(a, owner.email)).toBe(3);
    const strangersLast = (await waitForMail(a.db, owner.email)).id;

    // The owner from home without the cookie (another browser): the same answer, no 4th mail.
    const bare = await askReset(a, owner.email.toUpperCase(), home);
    expect(`${bare.status} ${await bare.text()}`).toBe(normal[0]);
    expect(bare.headers.get('retry-after')).toBeNull();
    expect(await settledMails(a, owner.email)).toBe(3);

    // The owner's browser that signed in before: the same answer, and a code.
    const trusted = await askReset(b, owner.email, home, device);
    expect(`${trusted.status} ${await trusted.text()}`).toBe(normal[0]);
    const mail = await waitForMail(a.db, owner.email, { afterId: strangersLast });
    expect(codeIn(mail.text)).toMatch(/^\d{6}$/);
    // That code works.
    expect((await a.post('/api/verify-reset-code.php', { email: owner.email, code: codeIn(mail.text) }, { 'X-Forwarded-For': home })).status).toBe(200);
  });

  it('password reset requests: a device cookie has a budget of its own (3 too), and only for its own account', async () => {
    const owner = await createUser(a.db);
    const other = await createUser(a.db);
    const home = nextIp();
    const device = await signedInDevice(a, owner.email, owner.password, home);
    const othersDevice = await signedInDevice(a, other.email, other.password, nextIp());
    for (let i = 0; i < 4; i++) expect((await askReset(i % 2 ? a : b, owner.email, nextIp(), device)).status).toBe(200);
    expect(await settledMails(a, owner.email)).toBe(3);
    // Another account's cookie (or a forged one) spends the account's budget like none at all.
    for (const cookie of [othersDevice, `device=${owner.id}.${'A'.repeat(22)}.9999999999.${'B'.repeat(43)}`]) {
      expect((await askReset(a, owner.email, nextIp(), cookie)).status).toBe(200);
    }
    expect(await settledMails(a, owner.email)).toBe(5);
    expect((await askReset(b, owner.email, nextIp())).status).toBe(200);
    expect(await settledMails(a, owner.email)).toBe(6);
    expect((await askReset(b, owner.email, nextIp())).status).toBe(200);
    expect(await settledMails(a, owner.email)).toBe(6);
  });

  it('password reset requests: known and unknown emails alike past any budget; per IP the sender hears 429', async () => {
    const user = await createUser(a.db);
    for (const email of [user.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 4; i++) {
        const res = await askReset(i % 2 ? a : b, email, nextIp());
        expect(`${res.status} ${await res.text()}`).toBe('200 {"success":true}');
      }
    }
    const ip = nextIp();
    for (let i = 0; i < 4; i++) expect((await askReset(b, uniqueEmail('x'), ip)).status).toBe(200);
    await expectTooMany(await askReset(a, uniqueEmail('x'), ip), WINDOW);
    // Even for the owner with the account's device cookie: the limit is about the address.
    const device = await signedInDevice(a, user.email, user.password, nextIp());
    await expectTooMany(await askReset(a, user.email, ip, device), WINDOW);
    // Other addresses are not affected.
    expect((await askReset(a, uniqueEmail('x'), nextIp())).status).toBe(200);
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
