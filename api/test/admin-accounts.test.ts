// Admin Accounts (PRODUCT §6): paging, search and filters on the server, status changes that reach
// the user's next request, the self and last-admin rules, and the audit log behind them.
import { randomBytes } from 'node:crypto';
import type { AccountStatusResponse, AdminAccountsResponse, AuditResponse } from '@sports/contracts';
import { setAccountStatus } from '../src/admin/accounts.service';
import { migrate } from '../src/db';
import { createUser, getWith, login, uniqueEmail } from './support/accounts';
import type { TestUser } from './support/accounts';
import { freshSchema, startTestApp } from './support/helpers';
import type { FreshSchema, TestApp } from './support/helpers';

// Argon2 logins and a first migration are slow on a busy machine.
jest.setTimeout(30_000);

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T = { success: boolean; error?: string }>(app: TestApp, method: string, path: string, cookie: string | null, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.get(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as T };
}

const setStatus = (app: TestApp, cookie: string, id: number, status: string, reason?: string): Promise<Answer<AccountStatusResponse & { error?: string }>> =>
  call(app, 'POST', `/api/admin/accounts/${id}/status`, cookie, { status, ...(reason ? { reason } : {}) });

describe('admin accounts', () => {
  let app: TestApp;
  let admin: TestUser;
  let adminCookie: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await createUser(app.db, { role: 'Admin' });
    adminCookie = (await login(app, admin.email, admin.password)).cookie;
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const list = async (query: string): Promise<AdminAccountsResponse> => {
    const res = await getWith(app, `/api/admin/accounts?${query}`, adminCookie);
    expect([query, res.status]).toEqual([query, 200]);
    return (await res.json()) as AdminAccountsResponse;
  };

  describe('GET /api/admin/accounts', () => {
    let tag: string;
    let made: TestUser[];
    beforeAll(async () => {
      tag = `acct${randomBytes(4).toString('hex')}`;
      made = [];
      for (let i = 0; i < 12; i += 1) {
        made.push(await createUser(app.db, { email: `${tag}-${String(i).padStart(2, '0')}@example.test`, role: i < 3 ? 'Organizer' : 'Participant', status: i === 5 ? 'Restricted' : 'Active' }));
      }
    }, 60_000);

    it('pages 10 at a time: the last page holds the rest, a page past the end is empty, totals say so', async () => {
      const first = await list(`search=${tag}`);
      expect([first.page, first.pageSize, first.totalPages, first.total]).toEqual([1, 10, 2, 12]);
      expect(first.accounts.map((a) => a.email)).toEqual(made.slice(0, 10).map((u) => u.email));
      const last = await list(`search=${tag}&page=2`);
      expect(last.accounts.map((a) => a.email)).toEqual(made.slice(10).map((u) => u.email));
      const beyond = await list(`search=${tag}&page=3`);
      expect([beyond.accounts, beyond.page, beyond.totalPages, beyond.total]).toEqual([[], 3, 2, 12]);
    });

    it('answers a search that matches nothing with an empty first page of one', async () => {
      const none = await list(`search=${tag}-no-such-account`);
      expect(none).toEqual({ success: true, accounts: [], page: 1, pageSize: 10, totalPages: 1, total: 0 });
    });

    it('filters by role and status on the server, with the search', async () => {
      const organizers = await list(`search=${tag}&role=Organizer`);
      expect(organizers.accounts.map((a) => a.email)).toEqual(made.slice(0, 3).map((u) => u.email));
      expect(organizers.accounts.every((a) => a.role === 'Organizer')).toBe(true);
      const restricted = await list(`search=${tag}&status=Restricted`);
      expect(restricted.accounts.map((a) => [a.email, a.status])).toEqual([[made[5]?.email, 'Restricted']]);
      expect((await list(`search=${tag}&role=Organizer&status=Restricted`)).total).toBe(0);
      const everyone = await list('role=Admin&status=Active');
      expect(everyone.accounts.every((a) => a.role === 'Admin' && a.status === 'Active')).toBe(true);
      expect(everyone.total).toBeGreaterThanOrEqual(2);
    });

    it('finds an account by its name as the table shows it, middle initial and suffix included', async () => {
      const user = await createUser(app.db, { email: uniqueEmail(tag), firstName: 'Ana' });
      const last = `Reyes${tag}`;
      await app.db.query("UPDATE users SET last_name = $2, middle_initial = 'M', suffix = 'Jr' WHERE id = $1", [user.id, last]);
      const shown = `Ana M. ${last} Jr`;
      expect((await list(`search=${encodeURIComponent(last)}`)).accounts.map((a) => a.name)).toEqual([shown]);
      for (const typed of [shown, `Ana M ${last}`, `ana ${last} jr.`, `  Ana   M.  ${last}  `]) {
        const found = await list(`search=${encodeURIComponent(typed)}`);
        expect([typed, found.accounts.map((a) => a.id)]).toEqual([typed, [user.id]]);
      }
      // Still the person's name: another first name finds nothing.
      expect((await list(`search=${encodeURIComponent(`Ben M. ${last} Jr`)}`)).total).toBe(0);
    });

    it('reads dates as MM-DD-YYYY in Asia/Manila, and a never-used account has no last login', async () => {
      const user = await createUser(app.db, { email: uniqueEmail(tag) });
      await app.db.query(`UPDATE users SET created_at = '2024-03-09T17:30:00Z', last_login_at = '2025-12-31T15:59:00Z' WHERE id = $1`, [user.id]);
      const [row] = (await list(`search=${encodeURIComponent(user.email)}`)).accounts;
      expect(row).toMatchObject({ dateCreated: '03-10-2024', lastLogin: '12-31-2025', accountNo: String(100000000000 + user.id), name: 'Test Tester' });
      await app.db.query('UPDATE users SET last_login_at = NULL WHERE id = $1', [user.id]);
      expect((await list(`search=${encodeURIComponent(user.email)}`)).accounts[0]?.lastLogin).toBeNull();
    });

    it('refuses a bad role, status or page with a 400 that says why', async () => {
      expect((await call(app, 'GET', '/api/admin/accounts?role=Guest', adminCookie)).body).toEqual({ success: false, error: 'role: role must be one of: Admin, Organizer, Participant' });
      expect((await call(app, 'GET', '/api/admin/accounts?status=active', adminCookie)).status).toBe(400);
      expect((await call(app, 'GET', '/api/admin/accounts?status=Active&status=Inactive', adminCookie)).status).toBe(400);
      expect((await call(app, 'GET', '/api/admin/accounts?page=0', adminCookie)).status).toBe(400);
    });
  });

  describe('POST /api/admin/accounts/:id/status', () => {
    it("reaches the user's very next request: signed out while not Active, their login says why, old sessions end", async () => {
      const user = await createUser(app.db);
      const { cookie } = await login(app, user.email, user.password);
      const myOrders = async (c: string): Promise<number> => (await getWith(app, '/api/my/orders', c)).status;
      expect(await myOrders(cookie)).toBe(200);

      const restricted = await setStatus(app, adminCookie, user.id, 'Restricted', 'Chargebacks');
      expect(restricted.status).toBe(200);
      expect(restricted.body).toMatchObject({ success: true, changed: true, account: { id: user.id, status: 'Restricted' } });
      expect(await myOrders(cookie)).toBe(401);
      expect(await call(app, 'POST', '/api/login.php', null, { email: user.email, password: user.password })).toEqual({
        status: 403,
        body: { success: false, error: 'This account is restricted. Please contact support.' },
      });

      expect((await setStatus(app, adminCookie, user.id, 'Inactive')).body.account.status).toBe('Inactive');
      expect(await myOrders(cookie)).toBe(401);
      expect((await call(app, 'POST', '/api/login.php', null, { email: user.email, password: user.password })).body).toEqual({
        success: false,
        error: 'This account is inactive. Please contact support.',
      });

      expect((await setStatus(app, adminCookie, user.id, 'Active')).body.account.status).toBe('Active');
      // Active again: the sessions from before are over; a new login works.
      const { rows } = await app.db.query<{ live: number }>('SELECT count(*)::int AS live FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [user.id]);
      expect(rows[0]?.live).toBe(0);
      expect(await myOrders(cookie)).toBe(401);
      const again = await login(app, user.email, user.password);
      expect(await myOrders(again.cookie)).toBe(200);
    });

    it('writes who, which account, before, after, when and from where to the audit log, newest first', async () => {
      const user = await createUser(app.db);
      const started = Date.now();
      await setStatus(app, adminCookie, user.id, 'Inactive', 'Asked to close the account');
      await setStatus(app, adminCookie, user.id, 'Active');
      const res = await call<AuditResponse>(app, 'GET', `/api/admin/accounts/${user.id}/audit`, adminCookie);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, page: 1, pageSize: 20, totalPages: 1, total: 2 });
      const [second, first] = res.body.entries;
      expect(first).toMatchObject({
        action: 'account.status',
        actor: { id: admin.id, email: admin.email, name: 'Test Tester' },
        before: { status: 'Active' },
        after: { status: 'Inactive', reason: 'Asked to close the account' },
        date: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
        time: expect.stringMatching(/^\d{1,2}:\d{2} (AM|PM)$/),
      });
      expect(first?.ip).toMatch(/127\.0\.0\.1$/);
      expect(Date.parse(first?.at ?? '')).toBeGreaterThanOrEqual(started - 5_000);
      expect(second).toMatchObject({ before: { status: 'Inactive' }, after: { status: 'Active' } });
      const { rows } = await app.db.query<{ actor_user_id: number; target_user_id: number }>("SELECT actor_user_id, account_id AS target_user_id FROM audit_trail WHERE account_id = $1 AND action = 'account.status_changed'", [user.id]);
      expect(rows).toEqual([
        { actor_user_id: admin.id, target_user_id: user.id },
        { actor_user_id: admin.id, target_user_id: user.id },
      ]);
    });

    it('changes and writes nothing when the account already has that status', async () => {
      const user = await createUser(app.db);
      const same = await setStatus(app, adminCookie, user.id, 'Active');
      expect([same.status, same.body.changed, same.body.account.status]).toEqual([200, false, 'Active']);
      expect((await call<AuditResponse>(app, 'GET', `/api/admin/accounts/${user.id}/audit`, adminCookie)).body.total).toBe(0);
    });

    it('refuses to let an admin deactivate or restrict themself (409)', async () => {
      for (const status of ['Restricted', 'Inactive']) {
        expect(await setStatus(app, adminCookie, admin.id, status)).toEqual({ status: 409, body: { success: false, error: 'You cannot deactivate or restrict your own account.' } });
      }
      expect((await getWith(app, '/api/me', adminCookie)).status).toBe(200);
      expect((await setStatus(app, adminCookie, admin.id, 'Active')).body.changed).toBe(false);
    });

    it('refuses bad input with a 400 or 404, and changes nothing', async () => {
      const user = await createUser(app.db);
      expect((await setStatus(app, adminCookie, user.id, 'Banned')).body).toEqual({ success: false, error: 'Status must be one of: Active, Inactive, Restricted' });
      expect((await call(app, 'POST', `/api/admin/accounts/${user.id}/status`, adminCookie, {})).status).toBe(400);
      expect((await call(app, 'POST', `/api/admin/accounts/${user.id}/status`, adminCookie, { status: 'Inactive', role: 'Admin' })).body).toEqual({ success: false, error: 'Unexpected field: role' });
      expect((await setStatus(app, adminCookie, user.id, 'Inactive', 'x'.repeat(501))).status).toBe(400);
      for (const id of ['abc', '0', '-1', '1e3', '0x10', '99999999999']) {
        expect([id, (await setStatus(app, adminCookie, id as unknown as number, 'Inactive')).status]).toEqual([id, 400]);
      }
      expect(await setStatus(app, adminCookie, 2_147_483_647, 'Inactive')).toEqual({ status: 404, body: { success: false, error: 'Account not found.' } });
      expect((await call(app, 'GET', '/api/admin/accounts/2147483647/audit', adminCookie)).status).toBe(404);
      const { rows } = await app.db.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [user.id]);
      expect(rows[0]?.status).toBe('Active');
    });
  });

  describe('the audit log', () => {
    it('cannot be changed or emptied, even by the database owner', async () => {
      const user = await createUser(app.db);
      await setStatus(app, adminCookie, user.id, 'Inactive');
      await expect(app.db.query(`UPDATE audit_trail SET data = '{"after": {"status": "Active"}}' WHERE account_id = $1`, [user.id])).rejects.toThrow(/append-only/);
      await expect(app.db.query('DELETE FROM audit_trail WHERE account_id = $1', [user.id])).rejects.toThrow(/append-only/);
      await expect(app.db.query('TRUNCATE audit_trail CASCADE')).rejects.toThrow(/append-only/);
      const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_trail WHERE account_id = $1', [user.id]);
      expect(rows[0]?.n).toBe(1);
    });

    it('has no way to be written through the API but the changes themselves', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        expect([method, (await call(app, method, '/api/admin/accounts/1/audit', adminCookie, {})).status]).toEqual([method, 404]);
      }
    });
  });
});

describe('the last active admin', () => {
  let s: FreshSchema;
  let app: TestApp;
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    s = await freshSchema();
    await migrate(s.db);
    app = await startTestApp({ databaseUrl: s.url, prepare: false });
    a = await createUser(s.db, { role: 'Admin' });
    b = await createUser(s.db, { role: 'Admin' });
  }, 60_000);
  afterAll(async () => {
    await app.stop();
    await s.drop();
  });

  it('survives two admins restricting each other at the same moment: one wins, the other is refused', async () => {
    for (let round = 0; round < 4; round += 1) {
      await s.db.query("UPDATE users SET status = 'Active' WHERE id = ANY ($1::int[])", [[a.id, b.id]]);
      const [ca, cb] = await Promise.all([login(app, a.email, a.password), login(app, b.email, b.password)]);
      const results = await Promise.all([setStatus(app, ca.cookie, b.id, 'Restricted'), setStatus(app, cb.cookie, a.id, 'Restricted')]);
      const statuses = results.map((r) => r.status).sort();
      // The loser is refused: by the last-admin rule when it got there first, or signed out (401)
      // when the winner's change had already reached it.
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const loser = results.find((r) => r.status === 409);
      if (loser) expect(loser.body.error).toBe('This is the last active admin account: it cannot be deactivated or restricted.');
      const { rows } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE role_id = 1 AND status = 'Active'");
      expect(rows[0]?.n).toBe(1);
    }
  });

  it('refuses to leave no active admin even for a request that was let in just before its admin was restricted', async () => {
    await s.db.query("UPDATE users SET status = 'Active' WHERE id = $1", [a.id]);
    await s.db.query("UPDATE users SET status = 'Restricted' WHERE id = $1", [b.id]);
    await expect(setAccountStatus(s.db, { id: b.id, ip: '127.0.0.1' }, a.id, { status: 'Inactive' })).rejects.toMatchObject({
      status: 409,
      message: 'This is the last active admin account: it cannot be deactivated or restricted.',
    });
    const { rows } = await s.db.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [a.id]);
    expect(rows[0]?.status).toBe('Active');
    // Another admin still active: then it is allowed.
    await s.db.query("UPDATE users SET status = 'Active' WHERE id = $1", [b.id]);
    expect((await setAccountStatus(s.db, { id: b.id, ip: '127.0.0.1' }, a.id, { status: 'Inactive' })).changed).toBe(true);
  });
});
