import type { AdminAccountsResponse, OrganizerEventsResponse } from '@sports/contracts';
import { createApp } from '../src/app';
import { createLogger } from '../src/logger';
import { createUser, getWith, login, uniqueEmail } from './support/accounts';
import type { Db } from '../src/db';
import { startTestApp, testConfig } from './support/helpers';
import type { TestApp } from './support/helpers';
import { registeredRoutes } from './support/routes';

type Who = 'anonymous' | 'Participant' | 'Organizer' | 'Admin';

describe('roles enforced by the server', () => {
  let app: TestApp;
  const cookies: Record<Who, string | null> = { anonymous: null, Participant: null, Organizer: null, Admin: null };

  beforeAll(async () => {
    app = await startTestApp();
    cookies.Participant = (await login(app, 'visitor@demo.local', 'demo-pass-2025')).cookie;
    cookies.Organizer = (await login(app, 'organizer@demo.local', 'demo-pass-2025')).cookie;
    cookies.Admin = (await login(app, 'admin@demo.local', 'demo-pass-2025')).cookie;
  });
  afterAll(async () => {
    await app.stop();
  });

  // Read from the real app's router, so a new /api/admin or /api/organizer endpoint is covered here at once.
  // (An app that never listens nor queries: only its router is read.)
  const routes = registeredRoutes(createApp(testConfig(), { db: {} as Db, logger: createLogger('silent') })).filter((r) =>
    /^\/api\/(admin|organizer)\//.test(r.path),
  );

  it('finds the admin and organizer routes in the router', () => {
    expect(routes).toEqual(expect.arrayContaining([
      { method: 'GET', path: '/api/admin/accounts' },
      { method: 'GET', path: '/api/organizer/events' },
    ]));
  });

  const matrix = routes.flatMap((route) => (['anonymous', 'Participant', 'Organizer', 'Admin'] as Who[]).map((who) => [route.method, route.path, who] as const));

  it.each(matrix)('%s %s as %s', async (method, path, who) => {
    const owner: Who = path.startsWith('/api/admin/') ? 'Admin' : 'Organizer';
    const url = path.replace(/:[A-Za-z_]+/g, '1');
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const cookie = cookies[who];
    if (cookie) headers.Cookie = cookie;
    const res = await app.get(url, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : '{}' });
    // Errors are always JSON; an answer may be a file (the attendees' CSV).
    const body = (res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : { success: res.ok }) as { success: boolean; error?: string };
    if (who === 'anonymous') {
      expect([res.status, body]).toEqual([401, { success: false, error: 'Please log in.' }]);
    } else if (who !== owner) {
      expect([res.status, body]).toEqual([403, { success: false, error: 'You do not have access to this.' }]);
    } else if (method === 'GET' && !path.includes(':')) {
      expect(res.status).toBe(200);
      expect(body.success).toBe(true);
    } else {
      // Right role: the route itself answers (validation, not found, ...), never 401/403/5xx.
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    }
  });

  it('guards unknown paths under /api/admin and /api/organizer too', async () => {
    expect((await app.get('/api/admin/nope')).status).toBe(401);
    expect((await getWith(app, '/api/admin/nope', cookies.Organizer)).status).toBe(403);
    expect((await getWith(app, '/api/admin/nope', cookies.Admin)).status).toBe(404);
    expect((await getWith(app, '/api/organizer/nope', cookies.Admin)).status).toBe(403);
  });

  describe('GET /api/admin/accounts', () => {
    it('pages accounts 10 at a time with the SPEC columns', async () => {
      const first = (await (await getWith(app, '/api/admin/accounts', cookies.Admin)).json()) as AdminAccountsResponse;
      const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(first.total).toBeGreaterThanOrEqual((rows[0] as { n: number }).n - 50);
      expect(first.page).toBe(1);
      expect(first.totalPages).toBe(Math.max(1, Math.ceil(first.total / 10)));
      expect(first.accounts.length).toBe(Math.min(10, first.total));
      const admin = first.accounts.find((a) => a.email === 'admin@demo.local');
      expect(admin).toMatchObject({ name: 'Ana M. Reyes', role: 'Admin', status: 'Active' });
      for (const a of first.accounts) {
        expect(a.accountNo).toMatch(/^\d{12}$/);
        expect(a.dateCreated).toMatch(/^\d{2}-\d{2}-\d{4}$/);
        if (a.lastLogin !== null) expect(a.lastLogin).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      }
      expect(admin?.lastLogin).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      const second = (await (await getWith(app, '/api/admin/accounts?page=2', cookies.Admin)).json()) as AdminAccountsResponse;
      expect(second.page).toBe(2);
      expect(second.accounts.map((a) => a.id).every((id) => !first.accounts.some((f) => f.id === id))).toBe(true);
      const beyond = (await (await getWith(app, `/api/admin/accounts?page=${first.totalPages + 1}`, cookies.Admin)).json()) as AdminAccountsResponse;
      expect(beyond.accounts).toEqual([]);
    });

    it('searches by name, email or account number, server-side, LIKE wildcards taken literally', async () => {
      const tag = uniqueEmail('findme').split('@')[0] as string;
      const users = await Promise.all([0, 1, 2].map(() => createUser(app.db, { email: `${tag}-${Math.random().toString(36).slice(2, 8)}@example.test` })));
      const found = (await (await getWith(app, `/api/admin/accounts?search=${encodeURIComponent(tag.toUpperCase())}`, cookies.Admin)).json()) as AdminAccountsResponse;
      expect(found.total).toBe(3);
      expect(found.totalPages).toBe(1);
      expect(found.accounts.map((a) => a.id).sort()).toEqual(users.map((u) => u.id).sort());
      const byName = (await (await getWith(app, '/api/admin/accounts?search=Ramon%20Dela', cookies.Admin)).json()) as AdminAccountsResponse;
      expect(byName.accounts.map((a) => a.email)).toContain('organizer@demo.local');
      const accountNo = found.accounts[0]?.accountNo as string;
      const byNo = (await (await getWith(app, `/api/admin/accounts?search=${accountNo}`, cookies.Admin)).json()) as AdminAccountsResponse;
      expect(byNo.accounts.map((a) => a.accountNo)).toEqual([accountNo]);
      const all = (await (await getWith(app, '/api/admin/accounts', cookies.Admin)).json()) as AdminAccountsResponse;
      for (const wildcard of ['%', '_', '\\']) {
        const res = (await (await getWith(app, `/api/admin/accounts?search=${encodeURIComponent(wildcard)}`, cookies.Admin)).json()) as AdminAccountsResponse;
        expect([wildcard, res.total < all.total]).toEqual([wildcard, true]);
      }
    });

    it('refuses a bad page or search with 400', async () => {
      for (const query of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'page=1&page=2', `search=${'x'.repeat(101)}`]) {
        const res = await getWith(app, `/api/admin/accounts?${query}`, cookies.Admin);
        expect([query, res.status]).toEqual([query, 400]);
      }
    });
  });

  describe('GET /api/organizer/events', () => {
    it("lists the demo organizer's own events only", async () => {
      const res = await getWith(app, '/api/organizer/events', cookies.Organizer);
      const body = (await res.json()) as OrganizerEventsResponse;
      expect(body.success).toBe(true);
      const { rows } = await app.db.query<{ id: number }>(
        "SELECT e.id FROM events e JOIN users u ON u.id = e.organizer_user_id WHERE u.email = 'organizer@demo.local' ORDER BY e.starts_at, e.id",
      );
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(body.events.map((e) => e.id)).toEqual(rows.map((r) => r.id));
      for (const e of body.events) {
        expect(e).toMatchObject({ name: expect.any(String), genre: expect.stringMatching(/^(sports|concert|community)$/), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
        expect(e.capacity).toBeGreaterThan(0);
      }
    });

    it('shows another organizer none of them', async () => {
      const other = await createUser(app.db, { role: 'Organizer' });
      const { cookie } = await login(app, other.email, other.password);
      const body = (await (await getWith(app, '/api/organizer/events', cookie)).json()) as OrganizerEventsResponse;
      expect(body).toMatchObject({ success: true, events: [], total: 0 });
    });
  });
});
