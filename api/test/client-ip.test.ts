import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import type { Config } from '../src/config';
import { uniqueEmail } from './support/accounts';
import { GENEROUS_RATE_LIMITS, startTestApp } from './support/helpers';
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

/** A failed login (another account each time) from `from`, with the headers given. */
function failedLogin(app: TestApp, from: string, headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify({ email: uniqueEmail('client-ip'), password: 'wrong password' });
  return new Promise((resolve, reject) => {
    const req = request(`${app.url}/api/login.php`, { method: 'POST', localAddress: from, agent: false, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function loginBuckets(app: TestApp, addresses: readonly string[]): Promise<{ bucket: string; count: number }[]> {
  const { rows } = await app.db.query<{ bucket: string; count: number }>('SELECT key AS bucket, points AS count FROM rate_limit_points WHERE key = ANY($1::text[]) ORDER BY key', [
    addresses.map((a) => `login:ip:${a}`),
  ]);
  return rows;
}

function config(trustProxy: Config['trustProxy']): Partial<Config> {
  return { trustProxy, rateLimits: { ...GENEROUS_RATE_LIMITS, loginPerIp: { max: LOGIN_PER_IP, windowSeconds: WINDOW } } };
}

describe('the client address the per-address limits count', () => {
  it('TRUST_PROXY off: X-Forwarded-For is ignored, the socket address counts', async () => {
    const app = await startTestApp({ config: config(false) });
    try {
      const socket = loopbackAddress();
      const claimed: string[] = [];
      const statuses: number[] = [];
      for (let i = 0; i <= LOGIN_PER_IP; i++) {
        const address = forged();
        claimed.push(address);
        statuses.push(await failedLogin(app, socket, { 'X-Forwarded-For': address, 'X-Real-IP': address, Forwarded: `for=${address}` }));
      }
      expect(statuses).toEqual([...Array<number>(LOGIN_PER_IP).fill(401), 429]);
      expect(await loginBuckets(app, [socket, ...claimed])).toEqual([{ bucket: `login:ip:${socket}`, count: LOGIN_PER_IP + 1 }]);
    } finally {
      await app.stop();
    }
  });

  it('TRUST_PROXY=loopback: only the address the loopback proxy added counts, not what the client put before it', async () => {
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
        statuses.push(await failedLogin(app, proxy, { 'X-Forwarded-For': `${address}, ${client}` }));
      }
      expect(statuses).toEqual([...Array<number>(LOGIN_PER_IP).fill(401), 429]);
      expect(await loginBuckets(app, [proxy, client, ...claimed])).toEqual([{ bucket: `login:ip:${client}`, count: LOGIN_PER_IP + 1 }]);
      // Another client behind the same proxy has its own budget.
      expect(await failedLogin(app, proxy, { 'X-Forwarded-For': `${client}, 192.0.2.${randomInt(1, 255)}` })).toBe(401);
    } finally {
      await app.stop();
    }
  });
});
