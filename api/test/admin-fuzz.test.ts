// PRODUCT §8 "bad input": fuzzed bodies and queries to the admin endpoints and the visitor forms
// get a 4xx with a clear error (or an empty/valid list), never a 5xx, and change nothing.
import { createUser, login } from './support/accounts';
import { ADMIN_ACTIONS_SQL } from './support/audit';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

// Argon2 logins and a first migration are slow on a busy machine.
jest.setTimeout(60_000);

const VALUES: unknown[] = [null, true, 0, -1, 1e308, '', ' ', 'x'.repeat(20_000), '\u0000', '🎟️ñ', "' OR 1=1 --", '<script>alert(1)</script>', [], ['a'], {}, { $gt: '' }];

/** Bodies with one field at a time (never a complete valid form), on targets that do not exist. */
const BODIES: Record<string, string[]> = {
  '/api/feedback': ['rating', 'comment'],
  '/api/inquiries': ['name', 'email', 'message'],
  '/api/admin/accounts/2147483647/status': ['status', 'reason'],
  '/api/admin/events/2147483647/reject': ['reason'],
  '/api/admin/inquiries/2147483647/respond': ['message'],
  '/api/organizer-applications': ['organization', 'contactPerson', 'phone', 'description'],
  '/api/admin/organizer-applications/2147483647/decline': ['reason'],
};

const QUERIES: Record<string, string[]> = {
  '/api/admin/accounts': ['page', 'search', 'role', 'status'],
  '/api/admin/events': ['page', 'search', 'status'],
  '/api/admin/feedback': ['page'],
  '/api/admin/inquiries': ['page', 'status'],
  '/api/admin/dashboard/sales': ['year'],
  '/api/admin/accounts/1/audit': ['page'],
  '/api/admin/organizer-applications': ['page', 'status'],
};
const QUERY_VALUES = ['%00', '-1', '0', '1e3', '99999999999', 'abc', '%F0%9F%8E%9F', encodeURIComponent("' OR 1=1 --"), 'x'.repeat(3000)];

describe('admin and visitor-form endpoints under fuzzed input', () => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp();
    const admin = await createUser(app.db, { role: 'Admin' });
    cookie = (await login(app, admin.email, admin.password)).cookie;
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const counts = async (): Promise<unknown> =>
    (
      await app.db.query(
        `SELECT (SELECT count(*) FROM feedback)::int AS feedback, (SELECT count(*) FROM audit_trail WHERE action IN ${ADMIN_ACTIONS_SQL})::int AS audit,
                (SELECT count(*) FROM inquiries WHERE email = ANY ($1::text[]) OR name = ANY ($1::text[]))::int AS fuzz_inquiries`,
        [VALUES.filter((v): v is string => typeof v === 'string' && !v.includes('\u0000'))],
      )
    ).rows[0];

  it('answer every malformed body with a 4xx and a clear error, storing nothing', async () => {
    const before = await counts();
    for (const [path, fields] of Object.entries(BODIES)) {
      const bodies: unknown[] = [[], 'text', 42, null, JSON.parse('{"__proto__": {"x": 1}}')];
      for (const field of fields) for (const value of VALUES) bodies.push({ [field]: value });
      for (const body of bodies) {
        const res = await app.post(path, body, { Cookie: cookie });
        const text = await res.text();
        expect([path, JSON.stringify(body)?.slice(0, 60), res.status >= 400 && res.status < 500]).toEqual([path, JSON.stringify(body)?.slice(0, 60), true]);
        const parsed = JSON.parse(text) as { success: boolean; error: string };
        expect([parsed.success, parsed.error.length > 0]).toEqual([false, true]);
      }
    }
    // Other suites write feedback and audit rows at the same time: only what a fuzzed body could have stored is compared.
    const after = (await counts()) as { fuzz_inquiries: number };
    expect(after.fuzz_inquiries).toBe((before as { fuzz_inquiries: number }).fuzz_inquiries);
  });

  it('answer malformed queries with a 4xx or a list, never a 5xx', async () => {
    for (const [path, params] of Object.entries(QUERIES)) {
      for (const param of params) {
        for (const value of QUERY_VALUES) {
          for (const query of [`${param}=${value}`, `${param}[]=${value}`, `${param}=${value}&${param}=1`]) {
            const res = await app.get(`${path}?${query}`, { headers: { Cookie: cookie } });
            const body = (await res.json()) as { success: boolean; error?: string };
            expect([path, query.slice(0, 40), res.status < 500, res.status === 200 || (res.status >= 400 && typeof body.error === 'string')]).toEqual([path, query.slice(0, 40), true, true]);
          }
        }
      }
    }
  });
});
