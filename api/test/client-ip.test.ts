import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import type { Config } from '../src/config';
import { registration, uniqueEmail } from './support/accounts';
import { GENEROUS_RATE_LIMITS, memoryLogger, startTestApp, TEST_PROXY_SECRET } from './support/helpers';
import type { TestApp } from './support/helpers';

/** Long fixed windows: a test never straddles a window's end in practice. */
const WINDOW = 30 * 86_400;
const LOGIN_PER_IP = 3;

/**
 * A loopback address of this test alone (Linux routes all of 127.0.0.0/8 to loopback): requests
 * come from it, so the socket's address is one no other test's requests have.
 */
const loopbackAddress = () => `127.${randomInt(50, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;
/** A made-up public address (TEST-NET-3 for forged ones, TEST-NET-2 for the proxy's). */
const forged = () => `203.0.113.${randomInt(1, 255)}`;
const proxied = () => `198.51.100.${randomInt(1, 255)}`;

/** A POST of `body` from the local address `from` over a connection of its own, with exactly the headers given. */
function postFrom(app: TestApp, path: string, from: string, headers: Record<string, string>, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.url}${path}`, { method: 'POST', localAddress: from, agent: false, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** A failed login (another account each time) from `from`, with the headers given. */
function failedLogin(app: TestApp, from: string, headers: Record<string, string>): Promise<number> {
  return postFrom(app, '/api/login.php', from, headers, { email: uniqueEmail('client-ip'), password: 'wrong password' });
}

async function buckets(app: TestApp, scope: string, addresses: readonly string[]): Promise<{ bucket: string; count: number }[]> {
  const { rows } = await app.db.query<{ bucket: string; count: number }>('SELECT key AS bucket, points AS count FROM rate_limit_points WHERE key = ANY($1::text[]) ORDER BY key', [
    addresses.map((a) => `${scope}:ip:${a}`),
  ]);
  return rows;
}
const loginBuckets = (app: TestApp, addresses: readonly string[]) => buckets(app, 'login', addresses);

function config(trustProxy: Config['trustProxy'], proxySecret: string | null = TEST_PROXY_SECRET): Partial<Config> {
  return { trustProxy, proxySecret, rateLimits: { ...GENEROUS_RATE_LIMITS, loginPerIp: { max: LOGIN_PER_IP, windowSeconds: WINDOW } } };
}

/** LOGIN_PER_IP + 1 failed logins from `socket`, each claiming another forged address in every forwarding header. */
async function forgedLogins(app: TestApp, socket: string, extra: Record<string, string> = {}): Promise<{ statuses: number[]; claimed: string[] }> {
  const claimed: string[] = [];
  const statuses: number[] = [];
  for (let i = 0; i <= LOGIN_PER_IP; i++) {
    const address = forged();
    claimed.push(address);
    statuses.push(await failedLogin(app, socket, { 'X-Forwarded-For': address, 'X-Real-IP': address, Forwarded: `for=${address}`, ...extra }));
  }
  return { statuses, claimed };
}

/** Failed logins from a new loopback address sending `extra`: refused at the limit, every one counted under that socket. */
async function expectCountedAsSocket(app: TestApp, extra: Record<string, string>): Promise<void> {
  const socket = loopbackAddress();
  const { statuses, claimed } = await forgedLogins(app, socket, extra);
  expect([extra, statuses]).toEqual([extra, [...Array<number>(LOGIN_PER_IP).fill(401), 429]]);
  expect(await loginBuckets(app, [socket, ...claimed])).toEqual([{ bucket: `login:ip:${socket}`, count: LOGIN_PER_IP + 1 }]);
}

describe('the client address the per-address limits count', () => {
  it('TRUST_PROXY off: X-Forwarded-For is ignored, the socket address counts', async () => {
    const app = await startTestApp({ config: config(false) });
    try {
      // Even with the proxy's secret: no proxy is trusted.
      await expectCountedAsSocket(app, { 'X-Proxy-Secret': TEST_PROXY_SECRET });
    } finally {
      await app.stop();
    }
  });

  it('TRUST_PROXY=loopback: only the address the proxy (with PROXY_SECRET) added counts, not what the client put before it', async () => {
    const app = await startTestApp({ prepare: false, config: config('loopback') });
    try {
      // The test is the proxy on loopback; the client it saw is `client`, whatever the client claimed.
      const proxy = loopbackAddress();
      const client = proxied();
      const claimed: string[] = [];
      const statuses: number[] = [];
      for (let i = 0; i <= LOGIN_PER_IP; i++) {
        const address = forged();
        claimed.push(address);
        statuses.push(await failedLogin(app, proxy, { 'X-Forwarded-For': `${address}, ${client}`, 'X-Proxy-Secret': TEST_PROXY_SECRET }));
      }
      expect(statuses).toEqual([...Array<number>(LOGIN_PER_IP).fill(401), 429]);
      expect(await loginBuckets(app, [proxy, client, ...claimed])).toEqual([{ bucket: `login:ip:${client}`, count: LOGIN_PER_IP + 1 }]);
      // Another client behind the same proxy has its own budget.
      expect(await failedLogin(app, proxy, { 'X-Forwarded-For': `${client}, 192.0.2.${randomInt(1, 255)}`, 'X-Proxy-Secret': TEST_PROXY_SECRET })).toBe(401);
    } finally {
      await app.stop();
    }
  });

  it('TRUST_PROXY=loopback: a loopback caller without the secret, or with a wrong one, is counted under its socket address', async () => {
    const app = await startTestApp({ prepare: false, config: config('loopback') });
    try {
      const attempts: Record<string, string>[] = [{}, { 'X-Proxy-Secret': `${TEST_PROXY_SECRET}x` }, { 'X-Proxy-Secret': '' }];
      for (const extra of attempts) await expectCountedAsSocket(app, extra);
    } finally {
      await app.stop();
    }
  });

  it('TRUST_PROXY=loopback without PROXY_SECRET: no loopback caller may name the client', async () => {
    const app = await startTestApp({ prepare: false, config: config('loopback', null) });
    try {
      await expectCountedAsSocket(app, { 'X-Proxy-Secret': TEST_PROXY_SECRET });
    } finally {
      await app.stop();
    }
  });

  it('sign-ups: a direct caller forging X-Forwarded-For meets the per-address limit; the same through the proxy counts each client', async () => {
    const REGISTER_PER_IP = 2;
    const app = await startTestApp({ prepare: false, config: { trustProxy: 'loopback', proxySecret: TEST_PROXY_SECRET, rateLimits: { ...GENEROUS_RATE_LIMITS, registerPerIp: { max: REGISTER_PER_IP, windowSeconds: WINDOW } } } });
    try {
      const signUp = async (from: string, headers: Record<string, string>) => postFrom(app, '/api/register.php', from, headers, await registration(app.db));
      const direct = loopbackAddress();
      const statuses: number[] = [];
      for (let i = 0; i <= REGISTER_PER_IP; i++) statuses.push(await signUp(direct, { 'X-Forwarded-For': forged() }));
      expect(statuses).toEqual([...Array<number>(REGISTER_PER_IP).fill(201), 429]);
      expect(await buckets(app, 'register', [direct])).toEqual([{ bucket: `register:ip:${direct}`, count: REGISTER_PER_IP + 1 }]);

      const proxy = loopbackAddress();
      const clients = Array.from({ length: REGISTER_PER_IP + 1 }, proxied);
      const viaProxy: number[] = [];
      for (const client of clients) viaProxy.push(await signUp(proxy, { 'X-Forwarded-For': client, 'X-Proxy-Secret': TEST_PROXY_SECRET }));
      expect(viaProxy).toEqual(clients.map(() => 201));
      expect(await buckets(app, 'register', [proxy])).toEqual([]);
    } finally {
      await app.stop();
    }
  });

  it('a direct caller cannot name the host or scheme either; the secret never reaches a log line', async () => {
    const { logger, lines } = memoryLogger();
    const app = await startTestApp({ prepare: false, logger, config: config('loopback') });
    try {
      const socket = loopbackAddress();
      // A cross-site Origin passes the CSRF check only when it is the host the request was made to.
      const forgedHost = { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
      expect(await failedLogin(app, socket, forgedHost)).toBe(403);
      expect(await failedLogin(app, socket, { ...forgedHost, 'X-Proxy-Secret': TEST_PROXY_SECRET })).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lines().some((line) => line.msg === 'request completed')).toBe(true);
      expect(JSON.stringify(lines())).not.toContain(TEST_PROXY_SECRET);
    } finally {
      await app.stop();
    }
  });
});
