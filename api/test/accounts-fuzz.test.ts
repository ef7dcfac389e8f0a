import { login } from './support/accounts';
import { TEST_GOOGLE_CLIENT_ID } from './support/google';
import { closedPort, startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

/** Values a careless or hostile client may put in any field. */
const VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  '',
  ' ',
  'x'.repeat(20_000),
  '\u0000',
  '🎟️ñ',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  [],
  ['a@b.ph'],
  {},
  { $gt: '' },
];

const ENDPOINTS: Record<string, string[]> = {
  '/api/login.php': ['email', 'password'],
  '/api/google-login.php': ['credential'],
  '/api/register.php': ['first_name', 'last_name', 'middle_initial', 'suffix', 'gender', 'region_id', 'province_id', 'city_id', 'barangay_id', 'house_address', 'email', 'password'],
  '/api/request-password-reset.php': ['email'],
  '/api/verify-reset-code.php': ['email', 'code'],
  '/api/reset-password.php': ['email', 'code', 'password'],
  '/api/logout.php': [],
  '/api/auth/confirm-email': ['token'],
  '/api/auth/resend-confirmation': ['email'],
};

describe('accounts endpoints under fuzzed input', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Social sign-in configured, its key set unreachable: every credential is checked and refused.
    const port = await closedPort();
    app = await startTestApp({ config: { google: { clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: `http://127.0.0.1:${port}/certs`, jwksRefetchCooldownMs: 0 } } });
  });
  afterAll(async () => {
    await app.stop();
  });

  it('answer every malformed body with a 4xx and a clear error, never a 5xx', async () => {
    for (const [path, fields] of Object.entries(ENDPOINTS)) {
      const bodies: unknown[] = [[], 'text', 42, null, { __proto__: { admin: true } }, JSON.parse('{"__proto__": {"x": 1}}')];
      for (const field of fields) for (const value of VALUES) bodies.push({ [field]: value });
      for (const body of bodies) {
        const res = await app.post(path, body);
        const text = await res.text();
        if (path === '/api/logout.php' && res.status === 200) continue;
        expect([path, JSON.stringify(body)?.slice(0, 60), res.status < 500 && res.status >= 400]).toEqual([path, JSON.stringify(body)?.slice(0, 60), true]);
        const parsed = JSON.parse(text) as { success: boolean; error: string };
        expect(parsed.success).toBe(false);
        expect(parsed.error.length).toBeGreaterThan(0);
      }
    }
    // Other suites create users in the same database at the same time, so look for what a fuzzed body could have stored.
    const fuzzStrings = VALUES.flatMap((value) => (typeof value === 'string' ? [value] : Array.isArray(value) ? value : [])).filter((value) => !value.includes('\u0000'));
    const stored = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = ANY($1::text[]) OR first_name = ANY($1::text[])', [fuzzStrings]);
    expect(stored.rows).toEqual([{ n: 0 }]);
  });

  it('answer malformed queries with a 4xx or an empty list, never a 5xx', async () => {
    const { cookie } = await login(app, 'admin@demo.local', 'demo-pass-2025');
    const nul = await app.get('/api/admin/accounts?search=%00', { headers: { Cookie: cookie } });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ success: false, error: 'Text must not contain NUL characters' });
    const queries = ['type=provinces&id=%00', 'type=regions&id=%00', 'type[]=regions', 'type=provinces&id=' + 'x'.repeat(5000), 'type=%F0%9F%8E%9F', 'type=cities&id[a]=1'];
    for (const q of queries) {
      const res = await app.get(`/api/locations.php?${q}`);
      expect([q, res.status < 500]).toEqual([q, true]);
      if (res.status === 200) expect(await res.json()).toEqual([]);
    }
    for (const q of ['page=99999999999', 'page=1e3', 'search=%00', 'search[]=a', 'page=%F0%9F', `search=${encodeURIComponent("' OR 1=1 --")}`]) {
      const res = await app.get(`/api/admin/accounts?${q}`, { headers: { Cookie: cookie } });
      expect([q, res.status < 500]).toEqual([q, true]);
    }
  });
});
