import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, remoteUrls } from './support/browser';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..');
const REMOTE_DIRS = { booking: 'booking-mfe', admin: 'admin-mfe', organizer: 'organizer-mfe' } as const;

/** `script-src 'self' http://a` -> { 'script-src': ["'self'", 'http://a'] } */
function parsePolicy(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  const directives: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name] = sources;
  }
  return directives;
}

const origin = (url: string) => new URL(url).origin;

/** A hashed file the stack serves from an app's dist folder. */
function hashedFile(dir: string, extension: 'js' | 'css'): string {
  const file = readdirSync(join(ROOT, dir, 'dist')).find((name) => new RegExp(`\\.[0-9a-f]{8}\\.${extension}$`).test(name));
  if (!file) throw new Error(`no hashed .${extension} file in ${dir}/dist: build first`);
  return file;
}

function expectBaseHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  // Plain HTTP, no trusted proxy: no HSTS, even if the request claims HTTPS.
  expect(response.headers.get('strict-transport-security')).toBeNull();
  const policy = parsePolicy(response.headers.get('content-security-policy'));
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'none'"]);
  return policy;
}

/** The policy of the shell's answers: scripts and styles only from the app's own origins, no Google without a client id. */
function expectShellPolicy(response: Response) {
  const policy = expectBaseHeaders(response);
  const remotes = Object.values(remoteUrls()).map(origin).sort();
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']?.slice(1).sort()).toEqual(remotes);
  expect(policy['script-src']?.[0]).toBe("'self'");
  expect(policy['style-src']?.slice(1).sort()).toEqual(remotes);
  expect(policy['style-src']?.[0]).toBe("'self'");
  // The pages reach the API through the shell's own origin (/api, /backend): 'self'.
  expect(policy['img-src']?.sort()).toEqual(["'self'", 'data:'].sort());
  expect(policy['connect-src']?.sort()).toEqual(["'self'", ...remotes].sort());
  expect(policy['frame-src']).toEqual(["'none'"]);
  expect(policy['form-action']).toEqual(["'self'"]);
  expect(Object.values(policy).flat().filter((source) => /unsafe|\*|accounts\.google\.com/.test(source))).toEqual([]);
}

function expectAssetPolicy(response: Response) {
  const policy = expectBaseHeaders(response);
  expect(policy['default-src']).toEqual(["'none'"]);
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { 'X-Forwarded-Proto': 'https', ...headers } });

describe("security headers of the shell's and the remotes' servers", () => {
  it.each(['/', '/login', '/events/1/checkout', '/admin/dashboard', '/organizer/reviews', '/no/such/page'])('the shell page %s', async (path) => {
    const response = await get(`${baseUrl()}${path}`, { Accept: 'text/html' });
    // A page nobody has is a 404, under the same policy.
    expect(response.status).toBe(path === '/no/such/page' ? 404 : 200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectShellPolicy(response);
    // The shell's files are read by its own page only.
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("the shell's runtime-config.json, scripts, stylesheets and 404s", async () => {
    const config = await get(`${baseUrl()}/runtime-config.json`);
    expect(config.status).toBe(200);
    expectShellPolicy(config);
    for (const file of [hashedFile('shell', 'js'), hashedFile('shell', 'css')]) {
      const response = await get(`${baseUrl()}/${file}`);
      expect(response.status).toBe(200);
      expectShellPolicy(response);
    }
    const missing = await get(`${baseUrl()}/missing.js`, { Accept: 'application/javascript' });
    expect(missing.status).toBe(404);
    expectShellPolicy(missing);
  });

  it.each(Object.entries(REMOTE_DIRS))("the %s remote's entry, chunks and 404s; CORS only for the shell's origin", async (name, dir) => {
    const remote = remoteUrls()[name as keyof typeof REMOTE_DIRS];
    for (const file of ['remoteEntry.js', hashedFile(dir, 'js'), hashedFile(dir, 'css')]) {
      const fromShell = await get(`${remote}/${file}`, { Origin: origin(baseUrl()) });
      expect(fromShell.status).toBe(200);
      expectAssetPolicy(fromShell);
      expect(fromShell.headers.get('access-control-allow-origin')).toBe(origin(baseUrl()));
      expect(fromShell.headers.get('vary')).toMatch(/Origin/);

      const fromElsewhere = await get(`${remote}/${file}`, { Origin: 'https://evil.example' });
      expect(fromElsewhere.status).toBe(200);
      expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    }
    // No page is served by a remote in production (its standalone page is for development).
    const page = await get(`${remote}/`, { Accept: 'text/html' });
    expect(page.status).toBe(404);
    expectAssetPolicy(page);
  });
});

/** A GET to the shell's server with the given Host header, which fetch() would not send. */
function getWithHost(path: string, host: string, accept = 'text/html'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET', headers: { Host: host, Accept: accept } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const varies = (headers: Record<string, string | string[] | undefined>, name: string) =>
  String(headers.vary ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .includes(name.toLowerCase());

describe("the shell's answers under the Host header of the request", () => {
  const forged = ['evil.example', 'evil.example:3001', `evil.example:${new URL(baseUrl()).port}`, 'EVIL.example'];

  it.each(forged)('Host %s: the pages and runtime-config.json are refused without naming it', async (host) => {
    const requests: [path: string, accept: string][] = [
      ['/', 'text/html'],
      ['/login', 'text/html'],
      ['/runtime-config.json', 'application/json'],
      [`/${hashedFile('shell', 'js')}`, '*/*'],
    ];
    for (const [path, accept] of requests) {
      const response = await getWithHost(path, host, accept);
      expect([400, 421]).toContain(response.status);
      expect(response.body.toLowerCase()).not.toContain('evil.example');
      expect(JSON.stringify(response.headers).toLowerCase()).not.toContain('evil.example');
      const policy = parsePolicy(String(response.headers['content-security-policy'] ?? ''));
      expect(policy['default-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(varies(response.headers, 'Host')).toBe(true);
    }
  });

  it.each(['127.0.0.1', 'localhost'])('Host %s: runtime-config.json and the policy name the remotes under that host', async (name) => {
    const host = `${name}:${new URL(baseUrl()).port}`;
    const remotes = Object.fromEntries(Object.entries(remoteUrls()).map(([remote, url]) => [remote, `http://${name}:${new URL(url).port}`]));

    const config = await getWithHost('/runtime-config.json', host, 'application/json');
    expect(config.status).toBe(200);
    expect(varies(config.headers, 'Host')).toBe(true);
    expect(JSON.parse(config.body).remotes).toEqual(Object.fromEntries(Object.entries(remotes).map(([remote, url]) => [remote, `${url}/remoteEntry.js`])));

    const page = await getWithHost('/login', host);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<div id="?root"?>/);
    expect(varies(page.headers, 'Host')).toBe(true);
    const policy = parsePolicy(String(page.headers['content-security-policy'] ?? ''));
    expect(policy['script-src']).toEqual(["'self'", ...Object.values(remotes)]);
    expect(policy['style-src']).toEqual(["'self'", ...Object.values(remotes)]);
    expect(policy['connect-src']).toEqual(["'self'", ...Object.values(remotes)]);
  });
});

describe('the policy in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['/login', '/events/1/checkout'])('%s cannot be framed by another site', async (path) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A page of another site (about:blank, no policy of its own) framing the shell's page.
    await page.setContent(`<iframe src="${baseUrl()}${path}" title="framed"></iframe>`);
    const child = page.frames().find((frame) => frame !== page.mainFrame());
    await child?.waitForLoadState('load');
    expect(child?.url()).toMatch(/^chrome-error:/);
    expect(await child?.locator('#root').count()).toBe(0);
    await context.close();
  });

  it('a script injected into a page does not run', async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await context.close();
  });
});

/**
 * The static server of `npm start` with options the test stack does not use (a trusted proxy, a
 * Google client id), in a child process: it is an ES module, jest here runs CommonJS.
 */
function startStaticServer(): Promise<{ url: string; child: ChildProcess }> {
  const script = `
    import { join } from 'node:path';
    import { createStaticApp, listen } from './scripts/lib/static-server.mjs';
    import { shellPolicy } from './scripts/lib/security-headers.cjs';
    const runtimeConfig = () => ({ apiUrl: 'https://api.example', remotes: { booking: 'https://booking.example/remoteEntry.js' } });
    const app = createStaticApp({ dir: join(process.cwd(), 'shell', 'dist'), spa: true, runtimeConfig,
      contentSecurityPolicy: () => shellPolicy({ ...runtimeConfig(), googleSignIn: true }), trustProxy: 'loopback' });
    const { port } = await listen(app, 0, '127.0.0.1');
    console.log('port ' + port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const port = /port (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child });
    });
    child.on('exit', (code) => reject(new Error(`static server exited with ${code}`)));
  });
}

describe('behind an HTTPS proxy, with Google sign-in configured', () => {
  let server: { url: string; child: ChildProcess };
  beforeAll(async () => {
    server = await startStaticServer();
  });
  afterAll(() => {
    server?.child.kill();
  });

  it('sends HSTS only when the trusted proxy says the request came over HTTPS', async () => {
    const overHttps = await fetch(`${server.url}/login`, { headers: { Accept: 'text/html', 'X-Forwarded-Proto': 'https' } });
    expect(overHttps.status).toBe(200);
    expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const overHttp = await fetch(`${server.url}/login`, { headers: { Accept: 'text/html' } });
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
  });

  it("allows Google Identity Services' script, style, frame and calls, and nothing else of Google's", async () => {
    const response = await fetch(`${server.url}/login`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    const policy = parsePolicy(response.headers.get('content-security-policy'));
    expect(policy['script-src']).toEqual(["'self'", 'https://booking.example', 'https://accounts.google.com/gsi/client']);
    expect(policy['style-src']).toEqual(["'self'", 'https://booking.example', 'https://accounts.google.com/gsi/style']);
    expect(policy['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.example', 'https://booking.example', 'https://accounts.google.com/gsi/']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://api.example']);
  });
});
