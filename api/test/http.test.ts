import { memoryLogger, startTestApp, urlWithSearchPath } from './support/helpers';
import type { TestApp } from './support/helpers';

describe('HTTP behaviour shared by every route', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  it('answers malformed JSON with a 400 error body', async () => {
    const res = await app.get('/api/events', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"genre": ' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'Malformed JSON in request body' });
  });

  it('answers a body over the limit with 413', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(200_000) });
    const res = await app.get('/api/events', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, error: 'Request body too large' });
  });

  it('answers unknown routes with a 404 error body', async () => {
    for (const path of ['/api/nope', '/nope', '/api/events/1/nope']) {
      const res = await app.get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await res.json()) as { success: boolean; error: string };
      expect(body.success).toBe(false);
      expect(body.error).toMatch(/^Not found/);
    }
  });

  it('answers a malformed URL with 400', async () => {
    const res = await app.get('/api/events/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'Malformed URL' });
  });

  it('echoes an allowed origin with credentials', async () => {
    const res = await app.get('/api/events/featured', { headers: { Origin: 'http://localhost:3000' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toMatch(/Origin/);
  });

  it('answers a preflight from an allowed origin', async () => {
    const res = await app.get('/api/events', {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:3001', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3001');
    expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(/content-type/);
  });

  it('gives a foreign origin no CORS permission', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3000.evil.example', 'null']) {
      const res = await app.get('/api/events/featured', { headers: { Origin: origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('echoes a request id, or makes one', async () => {
    const given = await app.get('/api/health', { headers: { 'X-Request-Id': 'test-req-42' } });
    expect(given.headers.get('x-request-id')).toBe('test-req-42');
    const made = await app.get('/api/health');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await app.get('/api/health', { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    for (const path of ['/api/health', '/api/nope', '/api/events/1/image.svg']) {
      const res = await app.get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      // Posters are public images any of our origins may show; everything else stays same-site.
      expect(res.headers.get('cross-origin-resource-policy')).toBe(path.endsWith('.svg') ? 'cross-origin' : 'same-site');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });
});

describe('access log', () => {
  it('writes one line per request with its id, status and time: info for 2xx, warn for 4xx, never the cookie', async () => {
    const { logger, lines } = memoryLogger();
    const logged = await startTestApp({ logger });
    try {
      await logged.get('/api/health', { headers: { 'X-Request-Id': 'log-ok-1' } });
      await logged.get('/api/no-such-route?x=1', { headers: { 'X-Request-Id': 'log-404-1', Cookie: 'session=secret-cookie-value' } });
      // The line is written when the response has finished; give the event loop a turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const access = lines().filter((l) => l.msg === 'request completed');
      expect(access.find((l) => l.reqId === 'log-ok-1')).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
      const notFound = access.find((l) => l.reqId === 'log-404-1');
      expect(notFound).toMatchObject({ level: 40, req: { method: 'GET', url: '/api/no-such-route?x=1' }, res: { statusCode: 404 } });
      expect(typeof notFound?.responseTime).toBe('number');
      expect(JSON.stringify(lines())).not.toContain('secret-cookie-value');
    } finally {
      await logged.stop();
    }
  });
});

describe('unexpected errors', () => {
  it('are logged with the request id and answered 500 without internals', async () => {
    // A real database whose session sees an empty schema: every query about events fails.
    const { logger, lines } = memoryLogger();
    const broken = await startTestApp({ databaseUrl: urlWithSearchPath('no_such_schema'), prepare: false, logger });
    try {
      const res = await broken.get('/api/events', { headers: { 'X-Request-Id': 'boom-1' } });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ success: false, error: 'Internal server error' });
      expect(text).not.toMatch(/relation|events|stack|at /i);
      const logged = lines().find((l) => l.msg === 'unhandled error');
      expect(logged).toMatchObject({ level: 50, reqId: 'boom-1' });
      expect((logged?.err as { message?: string } | undefined)?.message).toBe('relation "events" does not exist');
    } finally {
      await broken.stop();
    }
  });
});
