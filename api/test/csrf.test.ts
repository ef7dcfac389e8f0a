import { createUser, login, sessionCookieOf } from './support/accounts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

describe('cross-site request protection', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  const WRITES = ['/api/login.php', '/api/logout.php', '/api/register.php', '/api/request-password-reset.php', '/api/google-login.php', '/api/nope'];

  it('refuses a state-changing request from a foreign Origin (403), even with a valid session', async () => {
    const user = await createUser(app.db);
    const { cookie } = await login(app, user.email, user.password);
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example', 'http://localhost:9999']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await app.get('/api/logout.php', { method, headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie }, body: '{}' });
        expect([origin, method, res.status]).toEqual([origin, method, 403]);
        expect(await res.json()).toEqual({ success: false, error: 'Cross-site request refused.' });
      }
    }
    // The session survived every refused logout.
    expect((await app.get('/api/me', { headers: { Cookie: cookie } })).status).toBe(200);
    const foreignLogin = await app.post('/api/login.php', { email: user.email, password: user.password }, { Origin: 'https://evil.example' });
    expect(foreignLogin.status).toBe(403);
    expect(sessionCookieOf(foreignLogin)).toBeNull();
  });

  it('lets a page write through its own server\'s proxy under any host name, trusting X-Forwarded-Host only from a trusted proxy', async () => {
    const user = await createUser(app.db);
    const lan = { Origin: 'http://gym-box.lan:3000', 'X-Forwarded-Host': 'gym-box.lan:3000' };
    // Not configured to trust a proxy: the forwarded host counts for nothing.
    expect((await app.post('/api/login.php', { email: user.email, password: user.password }, lan)).status).toBe(403);
    const proxied = await startTestApp({ prepare: false, config: { trustProxy: 'loopback' } });
    try {
      expect((await proxied.post('/api/login.php', { email: user.email, password: user.password }, lan)).status).toBe(200);
      // Another site's page still cannot post, whatever host it names.
      const foreign = { Origin: 'https://evil.example', 'X-Forwarded-Host': 'gym-box.lan:3000' };
      expect((await proxied.post('/api/login.php', { email: user.email, password: user.password }, foreign)).status).toBe(403);
    } finally {
      await proxied.stop();
    }
  });

  it('refuses a state-changing request whose body is not JSON (415)', async () => {
    for (const path of WRITES) {
      for (const [type, body] of [
        ['text/plain', '{"email":"a@b.c","password":"x"}'],
        ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x'],
        ['multipart/form-data; boundary=x', '--x--'],
        [undefined, undefined],
      ] as const) {
        const headers: Record<string, string> = { Origin: 'http://localhost:3000' };
        if (type) headers['Content-Type'] = type;
        const res = await app.get(path, { method: 'POST', headers, body });
        expect([path, type, res.status]).toEqual([path, type, 415]);
        expect(await res.json()).toEqual({ success: false, error: 'Content-Type must be application/json.' });
      }
    }
  });

  it('lets same-site JSON writes through, with an allowed Origin or none', async () => {
    const user = await createUser(app.db);
    for (const headers of [{ Origin: 'http://localhost:3000' }, { Origin: 'http://127.0.0.1:3002' }, {}] as Record<string, string>[]) {
      const res = await app.post('/api/login.php', { email: user.email, password: user.password }, headers);
      expect(res.status).toBe(200);
    }
    const charset = await app.get('/api/login.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(charset.status).toBe(200);
  });

  it('never blocks reads, from any origin', async () => {
    for (const path of ['/api/events', '/api/locations.php?type=regions', '/api/auth-config']) {
      const res = await app.get(path, { headers: { Origin: 'https://evil.example' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
