// The site behind Debian's nginx (scripts/behind-nginx.mjs, deploy/nginx/) over two API machines: two
// `node api/dist/server.js` on ports of their own against the test database. The booking scenarios run
// through it; then which machines served them, and what nginx does when a machine fails mid-request.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { registerParticipant, uniqueEmail } from './support/accounts';
import { describeBooking } from './support/booking';
import { queryDb } from './support/db';

jest.setTimeout(120_000);

const ROOT = path.join(__dirname, '..');
const BUYER_PASSWORD = 'buyer-pass-2025';
/** The API machines' PROXY_SECRET, which nginx is configured to send (docs/requests.md). */
const PROXY_SECRET = randomBytes(32).toString('hex');

/** A child process whose stdout lines are handed to `onLine`; resolves with the first `ready` match. */
function startChild(args: string[], env: NodeJS.ProcessEnv, ready: RegExp, onLine: (line: string) => void = () => undefined): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        output += `${line}\n`;
        onLine(line);
        const match = ready.exec(line);
        if (match) resolve({ child, match });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before it was ready:\n${output.slice(-3000)}`)));
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The API's environment as the test stack gives it (scripts/test.mjs), on a free port of its own. */
function apiEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, API_PORT: '0', TRUST_PROXY: 'loopback', PROXY_SECRET, LOG_LEVEL: 'info', RATE_LIMIT_REGISTER_IP: '100000/1h' };
  // jest's test environment; the stack's API runs as in development.
  delete env.NODE_ENV;
  return env;
}

/** One API machine, and the requests it served (`METHOD /path`), read from its access log. */
interface ApiMachine {
  child: ChildProcess;
  address: string;
  served: string[];
}

async function startApi(): Promise<ApiMachine> {
  const served: string[] = [];
  const onLine = (line: string) => {
    if (!line.startsWith('{')) return;
    const entry = JSON.parse(line) as { msg?: string; req?: { method: string; url: string } };
    if (entry.msg === 'request completed' && entry.req) served.push(`${entry.req.method} ${entry.req.url}`);
  };
  const { child, match } = await startChild([path.join(ROOT, 'api', 'dist', 'server.js')], apiEnv(), /API listening on http:\/\/([\d.]+:\d+)/, onLine);
  return { child, address: match[1] as string, served };
}

/** scripts/behind-nginx.mjs over `apiServers`, on free loopback ports; resolves with its URL. */
async function startSite(apiServers: string[]): Promise<{ child: ChildProcess; url: string }> {
  const env = { ...process.env, API_SERVERS: apiServers.join(','), NGINX_LISTEN: '127.0.0.1:0', NGINX_INTERNAL_PORT: '0', SHELL_PORT: '0', PUBLIC_HOSTS: '127.0.0.1', PROXY_SECRET };
  const { child, match } = await startChild([path.join(ROOT, 'scripts', 'behind-nginx.mjs')], env, /^Serving (http:\/\/\S+)/);
  return { child, url: match[1] as string };
}

/** A failed login POSTed to `url` from the local address `from`, with the headers given; resolves with the status. */
function failedLoginFrom(url: string, from: string, headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify({ email: uniqueEmail('nginx-address'), password: 'wrong password' });
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/api/login.php`, { method: 'POST', localAddress: from, agent: false, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A loopback address of one test alone (Linux routes all of 127.0.0.0/8 to loopback). */
const loopbackAddress = () => `127.${randomInt(50, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

/** The status of a GET sent with a Host header of our choosing (fetch sends the URL's). */
function statusUnderHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

let machines: ApiMachine[] = [];
let buyer: Promise<{ email: string; password: string }> | undefined;
let site: { child: ChildProcess; url: string } | undefined;
beforeAll(async () => {
  machines = await Promise.all([startApi(), startApi()]);
  site = await startSite(machines.map((machine) => machine.address));
});
afterAll(async () => {
  await stop(site?.child);
  await Promise.all(machines.map((machine) => stop(machine.child)));
});

const siteUrl = () => {
  if (!site) throw new Error('the site behind nginx did not start');
  return site.url;
};

describeBooking({
  name: 'booking through nginx over two API machines',
  baseUrl: siteUrl,
  apiUrl: siteUrl,
  seats: { pair: [13, 14], next: 15, single: 12, race: 41 },
  // One new account for the three (each is another event), as the demo visitor is for the other run, whose holds it has.
  buyer: (request) => (buyer ??= registerParticipant(request, BUYER_PASSWORD, 'lb-buyer').then((email) => ({ email, password: BUYER_PASSWORD }))),
});

describe('nginx in front of the API machines', () => {
  it('sent the booking to both API machines, the pages to the shell and no file to either', async () => {
    const [first, second] = machines.map((machine) => machine.served);
    for (const served of [first, second]) {
      expect(served?.filter((request) => /^(GET|POST|PUT) \/(api|backend)\//.test(request)).length).toBeGreaterThan(2);
      expect(served?.filter((request) => /\.(js|css)$|\/remoteEntry\.js/.test(request))).toEqual([]);
    }
    // The payments (POST .../pay) went somewhere, each once.
    const payments = [...(first ?? []), ...(second ?? [])].filter((request) => /^POST \/api\/orders\/\d+\/pay$/.test(request));
    expect(payments.length).toBe(1);
  });

  it('serves the builds with long caching for hashed files, revalidation for entries, and the policies of the Node servers', async () => {
    const entry = await fetch(`${siteUrl()}/remotes/booking/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await fetch(`${siteUrl()}/events/5`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The shell's Node server wrote the page's head and the runtime config naming the remotes under nginx.
    expect(html).toContain('"booking":"/remotes/booking/remoteEntry.js"');
    expect(html).toMatch(/<title>[^<]+\| Sports Complex<\/title>/);
    const script = /<link rel="preload" href="(\/[^"]+\.[0-9a-f]{8}\.js)"/.exec(html)?.[1];
    if (!script) throw new Error('the page preloads no hashed shell file');
    const file = await fetch(`${siteUrl()}${script}`);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'));
    expect(file.headers.get('x-frame-options')).toBe('DENY');
    const manifest = await fetch(`${siteUrl()}/gate.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(await statusUnderHost(`${siteUrl()}/remotes/booking/remoteEntry.js`, 'evil.example')).toBe(421);
    expect(await statusUnderHost(`${siteUrl()}/events/5`, 'evil.example')).toBe(421);
  });

  it('the API machines count the address nginx saw (it sends PROXY_SECRET), never a forged one; a direct caller counts as itself', async () => {
    const client = loopbackAddress();
    const direct = loopbackAddress();
    const forged = `203.0.113.${randomInt(1, 255)}`;
    expect(await failedLoginFrom(siteUrl(), client, { 'X-Forwarded-For': forged, 'X-Proxy-Secret': 'a guess' })).toBe(401);
    const machine = machines[0];
    if (!machine) throw new Error('no API machine');
    expect(await failedLoginFrom(`http://${machine.address}`, direct, { 'X-Forwarded-For': forged })).toBe(401);
    const buckets = await queryDb<{ key: string; points: number }>('SELECT key, points FROM rate_limit_points WHERE key = ANY($1::text[]) ORDER BY key', [
      [client, direct, forged].map((address) => `login:ip:${address}`),
    ]);
    expect(buckets).toEqual([client, direct].sort().map((address) => ({ key: `login:ip:${address}`, points: 1 })));
    await queryDb('DELETE FROM rate_limit_points WHERE key = ANY($1::text[])', [[client, direct].map((address) => `login:ip:${address}`)]);
  });

  it('a POST that reached a machine which then failed is not sent to another; a GET is', async () => {
    // Two machines that read a request whole, then drop the connection without an answer (a crash mid-request).
    const seen: string[] = [];
    const dying: Server[] = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<Server>((resolve) => {
            const server = createServer((req, res) => {
              req.resume();
              req.on('end', () => {
                seen.push(`${req.method} ${req.url}`);
                res.socket?.destroy();
              });
            });
            server.listen(0, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    const failing = await startSite(dying.map((server) => `127.0.0.1:${(server.address() as AddressInfo).port}`));
    try {
      const payment = await fetch(`${failing.url}/api/orders/1/pay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ method: 'gcash' }) });
      expect(payment.status).toBe(502);
      expect(await payment.json()).toEqual({ success: false, error: 'The ticketing server is not reachable right now. Please try again in a moment.' });
      expect(seen).toEqual(['POST /api/orders/1/pay']);

      seen.length = 0;
      const read = await fetch(`${failing.url}/api/events`);
      expect(read.status).toBe(502);
      expect(seen).toEqual(['GET /api/events', 'GET /api/events']);
    } finally {
      await stop(failing.child);
      await Promise.all(dying.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it('keeps answering when one API machine goes down, writes included: one it never received goes to the other', async () => {
    const gone = machines[1];
    if (!gone) throw new Error('no second API machine');
    const exited = new Promise((resolve) => gone.child.once('exit', resolve));
    gone.child.kill('SIGKILL');
    await exited;
    for (let i = 0; i < 4; i += 1) {
      expect((await fetch(`${siteUrl()}/api/events`)).status).toBe(200);
      const logout = await fetch(`${siteUrl()}/api/logout.php`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(logout.status).toBe(200);
    }
  });
});
