// Nobody locks out the owner: failed logins count per address and per account and address; past
// an account's free failures, attempts without its device cookie wait a delay that doubles with
// each further failure (capped); a browser with the account's device cookie is not slowed by
// failures elsewhere and has its own small limit. Over HTTP against the running app.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../src/config';
import { signDeviceCookie } from '../src/auth/device-cookie';
import { createUser, uniqueEmail } from './support/accounts';
import type { TestUser } from './support/accounts';
import { GENEROUS_RATE_LIMITS, startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

jest.setTimeout(60_000);

const WINDOW = 30 * 86_400;
const FREE_FAILURES = 3;

/** A client address (IPv6 documentation range) no other test uses; the app trusts the loopback proxy. */
function nextIp(): string {
  return `2001:db8:${Array.from(randomBytes(6), (b, i) => (i % 2 ? '' : ':') + b.toString(16).padStart(2, '0')).join('').slice(1)}::2`;
}

function limits(delay: Config['loginDelay'], overrides: Partial<Config['rateLimits']> = {}): Partial<Config> {
  return {
    trustProxy: 'loopback',
    loginDelay: delay,
    rateLimits: {
      ...GENEROUS_RATE_LIMITS,
      loginPerAccount: { max: FREE_FAILURES, windowSeconds: WINDOW },
      loginPerAccountIp: { max: 100, windowSeconds: WINDOW },
      loginPerIp: { max: 1000, windowSeconds: WINDOW },
      loginPerDevice: { max: 3, windowSeconds: WINDOW },
      ...overrides,
    },
  };
}

/** The `name=value` pair of the device cookie a response sets, or null. */
function deviceCookieSet(res: Response): string | null {
  const header = res.headers.getSetCookie().find((c) => /^(__Host-)?device=/.test(c));
  return header ? (header.split(';')[0] as string) : null;
}

function attempt(app: TestApp, email: string, password: string, from: string, cookie?: string): Promise<Response> {
  return app.post('/api/login.php', { email, password }, { 'X-Forwarded-For': from, ...(cookie ? { Cookie: cookie } : {}) });
}

/** Signs the owner in from `from`; the device cookie the browser then keeps. */
async function deviceOf(app: TestApp, user: TestUser, from: string): Promise<string> {
  const res = await attempt(app, user.email, user.password, from);
  expect(res.status).toBe(200);
  const cookie = deviceCookieSet(res);
  expect(cookie).not.toBeNull();
  return cookie as string;
}

/** Retry-After of a 429 (whole seconds), after checking the answer is one. */
async function retryAfterOf(res: Response): Promise<number> {
  expect(res.status).toBe(429);
  const { error } = (await res.json()) as { error: string };
  expect(error).toMatch(/^Too many attempts\. Please try again in \d+ (second|minute|hour)s?\.$/);
  return Number(res.headers.get('retry-after'));
}

describe('login limits with device cookies', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: limits({ firstSeconds: 1, maxSeconds: 4 }) });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('sets a signed, HttpOnly, SameSite=Lax device cookie for 180 days at sign-in', async () => {
    const user = await createUser(app.db);
    const res = await attempt(app, user.email, user.password, nextIp());
    const header = res.headers.getSetCookie().find((c) => c.startsWith('device='));
    expect(header).toMatch(new RegExp(`^device=${user.id}\\.[A-Za-z0-9_-]{22}\\.\\d+\\.[A-Za-z0-9_-]{43};`));
    expect(header).toMatch(/; Max-Age=15552000;/);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
  });

  it("an attacker's 30 failures from one address do not keep the owner's device out", async () => {
    const owner = await createUser(app.db, { role: 'Admin' });
    const home = nextIp();
    const device = await deviceOf(app, owner, home);
    const attacker = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await attempt(app, owner.email, 'guess-' + i, attacker)).status);
    expect(statuses.slice(0, FREE_FAILURES)).toEqual([401, 401, 401]);
    // Past the free failures the attacker mostly waits (429); very few guesses get checked.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(FREE_FAILURES + 3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - FREE_FAILURES - 3);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // The owner's browser, at once, with the right password.
    expect((await attempt(app, owner.email, owner.password, home, device)).status).toBe(200);
  });

  it("without the cookie the owner waits only the growing delay; the attacker's Retry-After doubles per failure, capped", async () => {
    const owner = await createUser(app.db);
    const attacker = nextIp();
    for (let i = 0; i < FREE_FAILURES; i++) expect((await attempt(app, owner.email, 'wrong', attacker)).status).toBe(401);
    const waits: number[] = [];
    for (let k = 0; k < 4; k++) {
      const wait = await retryAfterOf(await attempt(app, owner.email, 'wrong', attacker));
      waits.push(wait);
      await sleep(wait * 1000 + 100);
      expect((await attempt(app, owner.email, 'wrong', attacker)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 4]);
    // The owner from elsewhere without the cookie: the same short wait, then in.
    const home = nextIp();
    const wait = await retryAfterOf(await attempt(app, owner.email, owner.password, home));
    expect(wait).toBeLessThanOrEqual(4);
    await sleep(wait * 1000 + 100);
    expect((await attempt(app, owner.email, owner.password, home)).status).toBe(200);
  });

  it('an unknown email gets the same answers as a known one', async () => {
    const answers = async (email: string): Promise<string[]> => {
      const attacker = nextIp();
      const seen: string[] = [];
      for (let i = 0; i < FREE_FAILURES + 1; i++) {
        const res = await attempt(app, email, 'wrong', i === FREE_FAILURES ? nextIp() : attacker);
        seen.push(`${res.status} ${res.headers.get('retry-after') ?? '-'} ${await res.text()}`);
      }
      return seen;
    };
    const known = await answers((await createUser(app.db)).email);
    expect(await answers(uniqueEmail('ghost'))).toEqual(known);
    expect(known[FREE_FAILURES]).toMatch(/^429 1 /);
  });

  it('concurrent guesses from many addresses: at most one passes beyond the free failures', async () => {
    const owner = await createUser(app.db);
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt(app, owner.email, 'wrong', nextIp())));
    const failed = answers.filter((r) => r.status === 401).length;
    expect(failed).toBeGreaterThanOrEqual(FREE_FAILURES);
    expect(failed).toBeLessThanOrEqual(FREE_FAILURES + 1);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(12 - failed);
  });

  it('a device cookie has its own small failure limit, and its failures do not slow the account', async () => {
    const owner = await createUser(app.db);
    const home = nextIp();
    const device = await deviceOf(app, owner, home);
    for (let i = 0; i < 3; i++) expect((await attempt(app, owner.email, 'wrong', home, device)).status).toBe(401);
    await retryAfterOf(await attempt(app, owner.email, owner.password, home, device));
    expect((await attempt(app, owner.email, owner.password, nextIp())).status).toBe(200);
  });
});

describe('device cookies that are no bypass', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A long first delay: the account stays slowed for the whole test.
    app = await startTestApp({ prepare: false, config: limits({ firstSeconds: 60, maxSeconds: 60 }) });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('a forged, tampered, expired or other account\'s device cookie gives no bypass; the genuine one does', async () => {
    const owner = await createUser(app.db);
    const other = await createUser(app.db);
    const home = nextIp();
    const device = await deviceOf(app, owner, home);
    const otherDevice = await deviceOf(app, other, home);
    const attacker = nextIp();
    for (let i = 0; i < FREE_FAILURES; i++) expect((await attempt(app, owner.email, 'wrong', attacker)).status).toBe(401);

    const value = device.slice('device='.length);
    const [, deviceId, expires] = value.split('.') as [string, string, string, string];
    const secret = app.config.deviceCookie.secret;
    const inAYear = new Date(Date.now() + 365 * 86_400_000);
    const candidates = {
      none: undefined,
      forged: `device=${owner.id}.${'A'.repeat(22)}.${expires}.${'B'.repeat(43)}`,
      otherSecret: `device=${signDeviceCookie('some other secret of at least 32 characters', owner.id, deviceId, inAYear)}`,
      expired: `device=${signDeviceCookie(secret, owner.id, deviceId, new Date(Date.now() - 1000))}`,
      longerLife: `device=${owner.id}.${deviceId}.${Math.floor(inAYear.getTime() / 1000)}.${value.split('.')[3] ?? ''}`,
      otherAccount: otherDevice,
      otherAccountRenamed: `device=${owner.id}.${otherDevice.slice('device='.length).split('.').slice(1).join('.')}`,
    };
    for (const [what, cookie] of Object.entries(candidates)) {
      const res = await attempt(app, owner.email, owner.password, home, cookie);
      expect({ what, status: res.status }).toEqual({ what, status: 429 });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(50);
    }
    expect((await attempt(app, owner.email, owner.password, home, device)).status).toBe(200);
  });

  it('over HTTPS the cookie is Secure and named __Host-device', async () => {
    const secure = await startTestApp({ prepare: false, config: { ...limits({ firstSeconds: 1, maxSeconds: 1 }), cookieSecure: true } });
    try {
      const user = await createUser(secure.db);
      const res = await attempt(secure, user.email, user.password, nextIp());
      const header = res.headers.getSetCookie().find((c) => /^(__Host-)?device=/.test(c));
      expect(header).toMatch(/^__Host-device=/);
      expect(header).toMatch(/; Secure/);
      expect(header).not.toMatch(/; Domain=/i);
    } finally {
      await secure.stop();
    }
  });
});
