import { request } from 'node:http';
import { uniqueEmail } from './support/accounts';
import { baseUrl } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(120_000);

/** The API's default login limit per address (RATE_LIMIT_LOGIN_IP 50/15m): the stack runs with it. */
const LOGIN_PER_IP = 50;

/**
 * A loopback address of this test alone (Linux routes all of 127.0.0.0/8 to loopback): the client
 * connects to the shell from it, so its login budget is not the one the browser tests share (127.0.0.1).
 */
const CLIENT_ADDRESS = `127.${50 + Math.floor(Math.random() * 200)}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** POST through the shell's proxy, from CLIENT_ADDRESS, with the headers given (forged ones included). */
function post(path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(path, baseUrl());
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: CLIENT_ADDRESS,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A made-up public address (TEST-NET-3), another one each call. */
let forged = 0;
const forgedAddress = () => `203.0.113.${(forged++ % 254) + 1}`;

describe("client addresses through the shell's proxy", () => {
  afterAll(async () => {
    await queryDb("DELETE FROM rate_limit_points WHERE key LIKE '%' || $1", [`:ip:${CLIENT_ADDRESS}`]);
  });

  it('a forged X-Forwarded-For changes no per-address limit: the login limit still trips', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_PER_IP + 1; i++) {
      // Another account each time (its own limit never trips), another made-up address, and a forged Forwarded/X-Real-IP too.
      const address = forgedAddress();
      const res = await post(
        '/api/login.php',
        { email: uniqueEmail('forged-xff'), password: 'wrong password' },
        { 'X-Forwarded-For': `${address}, ${forgedAddress()}`, 'X-Real-IP': address, Forwarded: `for=${address}` },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LOGIN_PER_IP)).toEqual(Array<number>(LOGIN_PER_IP).fill(401));
    expect(statuses[LOGIN_PER_IP]).toBe(429);
    // Every attempt was counted for the address the client connected from, none for a made-up one.
    const buckets = await queryDb<{ bucket: string; count: number }>("SELECT key AS bucket, points AS count FROM rate_limit_points WHERE key LIKE 'login:ip:%' AND (key LIKE '%203.0.113.%' OR key = $1)", [`login:ip:${CLIENT_ADDRESS}`]);
    expect(buckets).toEqual([{ bucket: `login:ip:${CLIENT_ADDRESS}`, count: LOGIN_PER_IP + 1 }]);
  });

  it('a forged X-Forwarded-Host does not make a cross-site Origin the host the request was made to', async () => {
    const res = await post('/api/login.php', { email: uniqueEmail('forged-host'), password: 'wrong password' }, { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(403);
  });
});
