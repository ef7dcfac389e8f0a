import jwt from 'jsonwebtoken';
import { createUser, getWith, login, sessionCookieOf, TEST_PASSWORD, uniqueEmail, whoIs } from './support/accounts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

interface LoginBody {
  success: boolean;
  user?: Record<string, unknown>;
  error?: string;
}

describe('login, sessions and logout', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  it('logs in: the session object, an httpOnly SameSite=Lax cookie on /, a sessions row and last_login_at', async () => {
    const user = await createUser(app.db, { firstName: 'Maria' });
    const before = Date.now();
    const res = await app.post('/api/login.php', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as LoginBody;
    expect(body).toEqual({
      success: true,
      user: { user_id: user.id, email: user.email, first_name: 'Maria', last_name: 'Tester', role_id: 3, role_name: 'Participant' },
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('session=')) as string;
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/; Secure/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]);
    expect(maxAge).toBeGreaterThan(12 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);

    const token = decodeURIComponent((sessionCookieOf(res) as string).slice('session='.length));
    const decoded = jwt.decode(token, { complete: true }) as jwt.Jwt;
    expect(decoded.header.alg).toBe('HS256');
    const claims = decoded.payload as jwt.JwtPayload;
    expect(claims.sub).toBe(String(user.id));
    expect(jwt.verify(token, app.config.jwtSecret, { algorithms: ['HS256'] })).toBeTruthy();
    const { rows } = await app.db.query<{ user_id: number; expires_at: Date; revoked_at: Date | null; last_login_at: Date }>(
      'SELECT s.user_id, s.expires_at, s.revoked_at, u.last_login_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1',
      [claims.sid],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revoked_at).toBeNull();
    expect(Math.abs((rows[0]?.expires_at.getTime() ?? 0) / 1000 - (claims.exp ?? 0))).toBeLessThanOrEqual(1);
    expect(rows[0]?.last_login_at.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const me = await getWith(app, '/api/me', sessionCookieOf(res));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ success: true, user: body.user });
  });

  it('logs in each demo role with its SPEC session object', async () => {
    for (const [email, role_id, role_name] of [
      ['admin@demo.local', 1, 'Admin'],
      ['organizer@demo.local', 2, 'Organizer'],
      ['visitor@demo.local', 3, 'Participant'],
    ] as const) {
      const { res } = await login(app, email, 'demo-pass-2025');
      const body = (await res.json()) as LoginBody;
      expect(body.user).toMatchObject({ email, role_id, role_name });
      expect(Object.keys(body.user ?? {}).sort()).toEqual(['email', 'first_name', 'last_name', 'role_id', 'role_name', 'user_id']);
    }
  });

  it('answers an unknown email and a wrong password the same way', async () => {
    const user = await createUser(app.db);
    const unknown = await app.post('/api/login.php', { email: uniqueEmail('nobody'), password: TEST_PASSWORD });
    const wrong = await app.post('/api/login.php', { email: user.email, password: 'not the password' });
    for (const res of [unknown, wrong]) {
      expect(res.status).toBe(401);
      expect(sessionCookieOf(res)).toBeNull();
    }
    expect(await unknown.json()).toEqual({ success: false, error: 'Invalid email or password.' });
    expect(await wrong.json()).toEqual({ success: false, error: 'Invalid email or password.' });
  });

  it('spends about as long on an unknown email as on a wrong password', async () => {
    const user = await createUser(app.db);
    const time = async (email: string): Promise<number> => {
      const started = process.hrtime.bigint();
      await (await app.post('/api/login.php', { email, password: 'wrong password here' })).text();
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    // Both pay for one argon2 verification (tens of ms); without the dummy one, unknown would take ~2 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    expect(median(unknown)).toBeLessThan(median(known) * 2.5);
  });

  it('refuses Inactive and Restricted accounts with a clear message, only after a right password', async () => {
    const inactive = await createUser(app.db, { status: 'Inactive' });
    const restricted = await createUser(app.db, { status: 'Restricted' });
    const a = await app.post('/api/login.php', { email: inactive.email, password: TEST_PASSWORD });
    expect(a.status).toBe(403);
    expect(await a.json()).toEqual({ success: false, error: 'This account is inactive. Please contact support.' });
    const b = await app.post('/api/login.php', { email: restricted.email, password: TEST_PASSWORD });
    expect(b.status).toBe(403);
    expect(await b.json()).toEqual({ success: false, error: 'This account is restricted. Please contact support.' });
    expect(sessionCookieOf(a)).toBeNull();
    const wrong = await app.post('/api/login.php', { email: inactive.email, password: 'nope nope' });
    expect(wrong.status).toBe(401);
  });

  it('refuses a Google-only account (no password) like an unknown email', async () => {
    const email = uniqueEmail('social');
    await app.db.query(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'G', 'User')`, [email]);
    const res = await app.post('/api/login.php', { email, password: 'anything at all' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: 'Invalid email or password.' });
  });

  it('validates the login body', async () => {
    for (const [body, error] of [
      [{ email: '', password: 'x' }, 'Email is required'],
      [{ password: 'x' }, 'Email is required'],
      [{ email: 'a@b.c', password: '' }, 'Password is required'],
      [{ email: 'a@b.c' }, 'Password is required'],
      [{ email: 42, password: 'x' }, 'Email must be text'],
      [{ email: 'a@b.c', password: 'x', admin: true }, 'Unexpected field: admin'],
    ] as const) {
      const res = await app.post('/api/login.php', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error });
    }
  });

  it('logout revokes the session: a copied cookie stops working', async () => {
    const user = await createUser(app.db);
    const { cookie } = await login(app, user.email, user.password);
    const copy = cookie;
    expect((await whoIs(app, copy)).user?.user_id).toBe(user.id);
    const out = await app.post('/api/logout.php', {}, { Cookie: cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true });
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith('session=')) as string;
    expect(cleared).toMatch(/^session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await whoIs(app, copy)).toEqual({ success: true, user: null, refusal: 'Your session has ended. Please log in again.' });
    const orders = await getWith(app, '/api/my/orders', copy);
    expect(orders.status).toBe(401);
    expect(await orders.json()).toEqual({ success: false, error: 'Your session has ended. Please log in again.' });
    const anonymous = await app.get('/api/my/orders');
    expect(await anonymous.json()).toEqual({ success: false, error: 'Please log in.' });
    const { rows } = await app.db.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NOT NULL', [user.id]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('logout without a session, or with a broken cookie, still answers { success: true }', async () => {
    for (const headers of [{}, { Cookie: 'session=garbage' }, { Cookie: 'other=1' }] as Record<string, string>[]) {
      const res = await app.post('/api/logout.php', {}, headers);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    }
  });

  it('GET /api/me says nobody (200, user null, no refusal) without a session', async () => {
    const res = await app.get('/api/me');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, user: null });
  });

  it('applies a role change on the next request', async () => {
    const user = await createUser(app.db, { role: 'Participant' });
    const { cookie } = await login(app, user.email, user.password);
    expect((await getWith(app, '/api/admin/accounts', cookie)).status).toBe(403);
    await app.db.query('UPDATE users SET role_id = 1 WHERE id = $1', [user.id]);
    expect((await getWith(app, '/api/admin/accounts', cookie)).status).toBe(200);
    const me = (await (await getWith(app, '/api/me', cookie)).json()) as { user: { role_name: string; role_id: number } };
    expect(me.user).toMatchObject({ role_id: 1, role_name: 'Admin' });
    await app.db.query('UPDATE users SET role_id = 3 WHERE id = $1', [user.id]);
    expect((await getWith(app, '/api/admin/accounts', cookie)).status).toBe(403);
  });

  it('ends the sessions of an account that becomes Inactive or Restricted, on the next request, saying why', async () => {
    for (const [status, error] of [
      ['Inactive', 'This account is inactive. Please contact support.'],
      ['Restricted', 'This account is restricted. Please contact support.'],
    ]) {
      const user = await createUser(app.db);
      const { cookie } = await login(app, user.email, user.password);
      expect((await whoIs(app, cookie)).user?.user_id).toBe(user.id);
      await app.db.query('UPDATE users SET status = $2 WHERE id = $1', [user.id, status]);
      expect(await whoIs(app, cookie)).toEqual({ success: true, user: null, refusal: error });
      const orders = await getWith(app, '/api/my/orders', cookie);
      expect(orders.status).toBe(401);
      expect(await orders.json()).toEqual({ success: false, error });
    }
  });

  it('refuses expired sessions, forged and tampered tokens', async () => {
    const user = await createUser(app.db);
    const { cookie } = await login(app, user.email, user.password);
    const token = decodeURIComponent(cookie.slice('session='.length));
    const claims = jwt.decode(token) as jwt.JwtPayload;
    const sid = claims.sid as string;

    const forged = jwt.sign({ sub: String(user.id), sid }, 'some other secret', { algorithm: 'HS256', expiresIn: 3600 });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(user.id), sid, exp: claims.exp })).toString('base64url')}.`;
    const [h, , s] = token.split('.') as [string, string, string];
    const otherUser = await createUser(app.db);
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: String(otherUser.id) })).toString('base64url')}.${s}`;
    const wrongUser = jwt.sign({ sub: String(otherUser.id), sid }, app.config.jwtSecret, { algorithm: 'HS256', expiresIn: 3600 });
    const expiredJwt = jwt.sign({ sub: String(user.id), sid, exp: Math.floor(Date.now() / 1000) - 10 }, app.config.jwtSecret, { algorithm: 'HS256' });
    for (const bad of [forged, none, tampered, wrongUser, expiredJwt, 'x'.repeat(5000)]) {
      expect([bad.slice(0, 20), (await whoIs(app, `session=${bad}`)).user]).toEqual([bad.slice(0, 20), null]);
      expect([bad.slice(0, 20), (await getWith(app, '/api/my/orders', `session=${bad}`)).status]).toEqual([bad.slice(0, 20), 401]);
    }
    // The row's expiry counts too, whatever the token says.
    expect((await whoIs(app, cookie)).user?.user_id).toBe(user.id);
    await app.db.query("UPDATE sessions SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = $1", [sid]);
    expect(await whoIs(app, cookie)).toEqual({ success: true, user: null, refusal: 'Your session has ended. Please log in again.' });
  });

  it('over HTTPS the cookie is Secure and named __Host-session (Path=/, no Domain), and only that name is read', async () => {
    const secure = await startTestApp({ prepare: false, config: { cookieSecure: true, publicOrigin: 'https://tickets.example.ph' } });
    try {
      const user = await createUser(secure.db);
      const res = await secure.post('/api/login.php', { email: user.email, password: user.password });
      expect(res.status).toBe(200);
      // One session cookie (the other one a sign-in sets is the device cookie, login-limits.test.ts).
      const setCookies = res.headers.getSetCookie().filter((c) => !c.startsWith('__Host-device='));
      expect(setCookies).toHaveLength(1);
      const setCookie = setCookies[0] as string;
      expect(setCookie).toMatch(/^__Host-session=[^;]+;/);
      expect(setCookie).toMatch(/; Secure/i);
      expect(setCookie).toMatch(/; Path=\/(;|$)/);
      expect(setCookie).not.toMatch(/; Domain=/i);
      expect(setCookie).toMatch(/; HttpOnly/i);
      expect(setCookie).toMatch(/; SameSite=Lax/i);
      const cookie = setCookie.split(';')[0] as string;
      const token = cookie.slice('__Host-session='.length);
      expect((await whoIs(secure, cookie)).user?.user_id).toBe(user.id);
      // The same token under the plain-HTTP name is not read here.
      expect((await whoIs(secure, `session=${token}`)).user).toBeNull();
      expect((await getWith(secure, '/api/my/orders', `session=${token}`)).status).toBe(401);
      // Cross-site writes are still refused, the cookie notwithstanding.
      const crossSite = await secure.post('/api/logout.php', {}, { Cookie: cookie, Origin: 'https://evil.example' });
      expect(crossSite.status).toBe(403);
      expect((await whoIs(secure, cookie)).user?.user_id).toBe(user.id);
      // Logout reads the cookie under the same name: it ends the session and clears that cookie.
      const out = await secure.post('/api/logout.php', {}, { Cookie: cookie });
      expect(out.status).toBe(200);
      const cleared = out.headers.getSetCookie();
      expect(cleared).toHaveLength(1);
      expect(cleared[0]).toMatch(/^__Host-session=;/);
      expect(cleared[0]).toMatch(/; Secure/i);
      expect(cleared[0]).toMatch(/; Path=\/(;|$)/);
      expect(await whoIs(secure, cookie)).toEqual({ success: true, user: null, refusal: 'Your session has ended. Please log in again.' });
    } finally {
      await secure.stop();
    }
  });

  it('over plain HTTP the cookie is session, not Secure, and a __Host-session cookie is not read', async () => {
    expect(app.config.cookieSecure).toBe(false);
    const user = await createUser(app.db);
    const res = await app.post('/api/login.php', { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    const setCookies = res.headers.getSetCookie().filter((c) => !c.startsWith('device='));
    expect(setCookies).toHaveLength(1);
    expect(setCookies[0]).toMatch(/^session=[^;]+;/);
    expect(setCookies[0]).not.toMatch(/; Secure/i);
    expect(setCookies[0]).not.toMatch(/; Domain=/i);
    const cookie = (setCookies[0] as string).split(';')[0] as string;
    expect((await whoIs(app, cookie)).user?.user_id).toBe(user.id);
    expect((await whoIs(app, `__Host-session=${cookie.slice('session='.length)}`)).user).toBeNull();
    expect((await app.post('/api/logout.php', {}, { Cookie: cookie, Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('honours the configured session lifetime', async () => {
    const short = await startTestApp({ prepare: false, config: { sessionTtlSeconds: 120 } });
    try {
      const user = await createUser(short.db);
      const { res, cookie } = await login(short, user.email, user.password);
      expect(Number(/Max-Age=(\d+)/i.exec(res.headers.getSetCookie().join(';'))?.[1])).toBeLessThanOrEqual(120);
      const claims = jwt.decode(decodeURIComponent(cookie.slice(8))) as jwt.JwtPayload;
      expect((claims.exp ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(121);
    } finally {
      await short.stop();
    }
  });
});
