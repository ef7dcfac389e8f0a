// Every /api/admin endpoint, named one by one, with each role: only Admin passes (PRODUCT §3).
// (access-control.test.ts walks the router; this list also fails when an endpoint goes missing.)
import { createUser, login } from './support/accounts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

// Argon2 logins and a first migration are slow on a busy machine.
jest.setTimeout(30_000);

type Who = 'anonymous' | 'Participant' | 'Organizer' | 'Admin';

const ENDPOINTS: readonly (readonly [method: 'GET' | 'POST', path: string, body?: unknown])[] = [
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/dashboard/sales?year=2024'],
  ['GET', '/api/admin/accounts?page=1&search=a&role=Participant&status=Active'],
  ['GET', '/api/admin/accounts/1/audit'],
  ['POST', '/api/admin/accounts/:self/status', { status: 'Active' }],
  ['GET', '/api/admin/events?status=Pending'],
  ['GET', '/api/admin/events/1'],
  ['GET', '/api/admin/events/1/audit'],
  ['POST', '/api/admin/events/1/approve', {}],
  ['POST', '/api/admin/events/2147483647/reject', { reason: 'No.' }],
  ['GET', '/api/admin/feedback'],
  ['GET', '/api/admin/inquiries?status=all'],
  ['POST', '/api/admin/inquiries/2147483647/respond', { message: 'Hello' }],
];

describe('admin endpoints by role', () => {
  let app: TestApp;
  const cookies: Record<Who, string | null> = { anonymous: null, Participant: null, Organizer: null, Admin: null };
  let adminId = 0;

  beforeAll(async () => {
    app = await startTestApp();
    for (const role of ['Participant', 'Organizer', 'Admin'] as const) {
      const user = await createUser(app.db, { role });
      if (role === 'Admin') adminId = user.id;
      cookies[role] = (await login(app, user.email, user.password)).cookie;
    }
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const cases = ENDPOINTS.flatMap(([method, path, body]) => (['anonymous', 'Participant', 'Organizer', 'Admin'] as Who[]).map((who) => [method, path, who, body] as const));

  it.each(cases)('%s %s as %s', async (method, path, who, body) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const cookie = cookies[who];
    if (cookie) headers.Cookie = cookie;
    const res = await app.get(path.replace(':self', String(adminId)), { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const answer = (await res.json()) as { success: boolean; error?: string };
    if (who === 'anonymous') expect([res.status, answer]).toEqual([401, { success: false, error: 'Please log in.' }]);
    else if (who !== 'Admin') expect([res.status, answer]).toEqual([403, { success: false, error: 'You do not have access to this.' }]);
    else if (path.includes('2147483647')) expect(res.status).toBe(404);
    else expect([res.status, answer.success]).toEqual([200, true]);
  });

  it('never caches an admin answer', async () => {
    const res = await app.get('/api/admin/dashboard', { headers: { Cookie: cookies.Admin as string } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
