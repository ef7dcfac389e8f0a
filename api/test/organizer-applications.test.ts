// "Ticket your Event": a signed-in visitor applies to become an organizer; an admin approves
// (the account becomes an Organizer, audited) or declines (with an optional reason); the
// applicant is mailed either way.
import type {
  AdminOrganizerApplicationsResponse,
  AuditResponse,
  MyOrganizerApplicationResponse,
  OrganizerApplicationDecisionResponse,
  OrganizerApplicationSentResponse,
} from '@sports/contracts';
import { createUser, login, waitForMail, whoIs } from './support/accounts';
import type { TestUser } from './support/accounts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

jest.setTimeout(30_000);

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T = { success: boolean; error?: string }>(app: TestApp, method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.get(path, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
  return { status: res.status, body: (await res.json()) as T };
}

const FORM = {
  organization: 'Quezon City Runners Club',
  contactPerson: 'Maria Santos',
  phone: '0917 123 4567',
  description: 'Monthly fun runs and a yearly half marathon for about 800 runners.',
};

describe('organizer applications', () => {
  let app: TestApp;
  let admin: TestUser;
  let adminCookie: string;

  /** A new visitor, signed in. */
  async function visitor(): Promise<{ user: TestUser; cookie: string }> {
    const user = await createUser(app.db, { firstName: 'Applicant' });
    return { user, cookie: (await login(app, user.email, user.password)).cookie };
  }

  async function applyAs(cookie: string, body: unknown = FORM): Promise<Answer<OrganizerApplicationSentResponse>> {
    return call<OrganizerApplicationSentResponse>(app, 'POST', '/api/organizer-applications', { cookie, body });
  }

  const countOf = async (userId: number): Promise<number> =>
    (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizer_applications WHERE user_id = $1', [userId])).rows[0]?.n ?? 0;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await createUser(app.db, { role: 'Admin' });
    adminCookie = (await login(app, admin.email, admin.password)).cookie;
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  describe('applying', () => {
    it('needs a session (401) and a visitor account (403 for organizers and admins)', async () => {
      expect(await call(app, 'POST', '/api/organizer-applications', { body: FORM })).toMatchObject({ status: 401, body: { success: false, error: 'Please log in.' } });
      expect(await call(app, 'GET', '/api/my/organizer-application')).toMatchObject({ status: 401 });
      const organizer = await createUser(app.db, { role: 'Organizer' });
      const organizerCookie = (await login(app, organizer.email, organizer.password)).cookie;
      for (const [cookie, id] of [
        [organizerCookie, organizer.id],
        [adminCookie, admin.id],
      ] as const) {
        expect(await applyAs(cookie)).toMatchObject({ status: 403, body: { success: false, error: 'Only visitor accounts can apply to become an organizer.' } });
        expect(await countOf(id)).toBe(0);
      }
    });

    it('refuses bad fields with a clear message (400) and stores nothing', async () => {
      const { user, cookie } = await visitor();
      for (const [change, error] of [
        [{ organization: undefined }, 'Organization is required'],
        [{ organization: '   ' }, 'Organization is required'],
        [{ organization: 'A' }, 'Organization must be at least 2 characters'],
        [{ organization: 'x'.repeat(151) }, 'Organization is too long (at most 150 characters)'],
        [{ organization: 42 }, 'Organization must be text'],
        [{ contactPerson: '' }, 'Contact person is required'],
        [{ contactPerson: 'x'.repeat(101) }, 'Contact person is too long (at most 100 characters)'],
        [{ phone: '' }, 'Phone is required'],
        [{ phone: '12345' }, 'Phone must be a Philippine number, like 0917 123 4567 or +63 2 8123 4567'],
        [{ phone: '+1 415 555 0100' }, 'Phone must be a Philippine number, like 0917 123 4567 or +63 2 8123 4567'],
        [{ phone: '0917 123 456' }, 'Phone must be a Philippine number, like 0917 123 4567 or +63 2 8123 4567'],
        [{ description: 'Fun runs' }, 'Tell us a little more about what you run (at least 20 characters)'],
        [{ description: 'x'.repeat(2001) }, 'What you run is too long (at most 2000 characters)'],
        [{ role: 'Organizer' }, 'Unexpected field: role'],
      ] as const) {
        const answer = await applyAs(cookie, { ...FORM, ...change });
        expect([answer.status, answer.body]).toEqual([400, { success: false, error }]);
      }
      expect(await countOf(user.id)).toBe(0);
    });

    it('stores one pending application (phone as +63), reads it back, and refuses a second while it is pending (409)', async () => {
      const { user, cookie } = await visitor();
      expect(await call<MyOrganizerApplicationResponse>(app, 'GET', '/api/my/organizer-application', { cookie })).toEqual({ status: 200, body: { success: true, application: null } });
      const sent = await applyAs(cookie, { ...FORM, organization: '  Quezon City Runners Club ' });
      expect(sent.status).toBe(201);
      expect(sent.body.application).toEqual({
        id: expect.any(Number),
        ...FORM,
        phone: '+639171234567',
        status: 'pending',
        declineReason: null,
        createdAt: expect.any(String),
        decidedAt: null,
      });
      expect((await call<MyOrganizerApplicationResponse>(app, 'GET', '/api/my/organizer-application', { cookie })).body.application).toEqual(sent.body.application);
      expect(await applyAs(cookie, { ...FORM, phone: '+63 2 8123 4567' })).toMatchObject({ status: 409, body: { success: false, error: 'You already have an application waiting for a decision.' } });
      expect(await countOf(user.id)).toBe(1);
    });

    it('lets only one of two simultaneous applications in', async () => {
      const { user, cookie } = await visitor();
      const answers = await Promise.all([applyAs(cookie), applyAs(cookie), applyAs(cookie)]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      expect(await countOf(user.id)).toBe(1);
    });
  });

  describe('deciding', () => {
    it('is for admins only (401, 403)', async () => {
      const { cookie } = await visitor();
      const id = (await applyAs(cookie)).body.application.id;
      expect(await call(app, 'GET', '/api/admin/organizer-applications')).toMatchObject({ status: 401 });
      expect(await call(app, 'GET', '/api/admin/organizer-applications', { cookie })).toMatchObject({ status: 403 });
      expect(await call(app, 'POST', `/api/admin/organizer-applications/${id}/approve`, { cookie, body: {} })).toMatchObject({ status: 403 });
      expect(await call(app, 'POST', `/api/admin/organizer-applications/${id}/decline`, { cookie, body: {} })).toMatchObject({ status: 403 });
      expect((await call<MyOrganizerApplicationResponse>(app, 'GET', '/api/my/organizer-application', { cookie })).body.application?.status).toBe('pending');
    });

    it('lists pending applications oldest first with the applicant; 400 for a bad filter, 404 for an unknown id', async () => {
      const first = await visitor();
      const second = await visitor();
      const a = (await applyAs(first.cookie)).body.application.id;
      const b = (await applyAs(second.cookie, { ...FORM, organization: 'Marikina Chess Society' })).body.application.id;
      const list = await call<AdminOrganizerApplicationsResponse>(app, 'GET', '/api/admin/organizer-applications?status=pending', { cookie: adminCookie });
      expect(list.status).toBe(200);
      const ids = list.body.applications.map((x) => x.id);
      expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
      expect(list.body.applications.find((x) => x.id === b)).toMatchObject({
        organization: 'Marikina Chess Society',
        applicant: { id: second.user.id, name: 'Applicant Tester', email: second.user.email },
        date: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
        status: 'pending',
        decidedBy: null,
      });
      expect(list.body.applications.every((x) => x.status === 'pending')).toBe(true);
      expect(await call(app, 'GET', '/api/admin/organizer-applications?status=maybe', { cookie: adminCookie })).toMatchObject({
        status: 400,
        body: { error: 'status: status must be one of: pending, approved, declined, all' },
      });
      expect(await call(app, 'POST', '/api/admin/organizer-applications/999999/approve', { cookie: adminCookie, body: {} })).toMatchObject({ status: 404, body: { error: 'Application not found.' } });
      expect(await call(app, 'POST', '/api/admin/organizer-applications/abc/approve', { cookie: adminCookie, body: {} })).toMatchObject({ status: 400 });
    });

    it('approval makes the visitor an Organizer at once (audited, mailed); deciding again is a 409', async () => {
      const { user, cookie } = await visitor();
      const id = (await applyAs(cookie)).body.application.id;
      const approved = await call<OrganizerApplicationDecisionResponse>(app, 'POST', `/api/admin/organizer-applications/${id}/approve`, { cookie: adminCookie, body: {} });
      expect(approved.status).toBe(200);
      expect(approved.body.application).toMatchObject({ id, status: 'approved', decidedAt: expect.any(String), decidedBy: { id: admin.id, email: admin.email } });

      // The applicant's session is an organizer's on its very next request.
      expect((await whoIs(app, cookie)).user).toMatchObject({ user_id: user.id, role_name: 'Organizer' });
      expect((await call(app, 'GET', '/api/organizer/dashboard', { cookie })).status).toBe(200);
      expect((await call<MyOrganizerApplicationResponse>(app, 'GET', '/api/my/organizer-application', { cookie })).body.application?.status).toBe('approved');

      const audit = await app.db.query<{ actor_user_id: number; data: unknown }>(
        "SELECT actor_user_id, data FROM audit_trail WHERE action = 'account.role_changed' AND account_id = $1",
        [user.id],
      );
      expect(audit.rows).toEqual([{ actor_user_id: admin.id, data: { before: { role: 'Participant' }, after: { role: 'Organizer' }, application_id: id } }]);
      const history = await call<AuditResponse>(app, 'GET', `/api/admin/accounts/${user.id}/audit`, { cookie: adminCookie });
      expect(history.body.entries[0]).toMatchObject({ action: 'account.role', actor: { id: admin.id }, before: { role: 'Participant' }, after: { role: 'Organizer' } });

      const mail = await waitForMail(app.db, user.email);
      expect(mail.subject).toBe('You are now an organizer on Sports Complex Tickets');
      expect(mail.text).toContain('Quezon City Runners Club');
      expect(mail.text).toContain('/organizer/dashboard');

      for (const decision of ['approve', 'decline']) {
        expect(await call(app, 'POST', `/api/admin/organizer-applications/${id}/${decision}`, { cookie: adminCookie, body: {} })).toMatchObject({
          status: 409,
          body: { success: false, error: 'This application has already been decided.' },
        });
      }
      expect((await app.db.query('SELECT 1 FROM audit_trail WHERE account_id = $1', [user.id])).rowCount).toBe(1);
      expect((await app.db.query('SELECT 1 FROM mail_outbox WHERE lower("to") = lower($1)', [user.email])).rowCount).toBe(1);
      // Now an organizer: no more applications.
      expect((await applyAs(cookie)).status).toBe(403);
    });

    it('decline keeps the role, mails the reason, shows it to the applicant, who may apply again', async () => {
      const { user, cookie } = await visitor();
      const id = (await applyAs(cookie)).body.application.id;
      expect(await call(app, 'POST', `/api/admin/organizer-applications/${id}/decline`, { cookie: adminCookie, body: { reason: 'x'.repeat(501) } })).toMatchObject({
        status: 400,
        body: { error: 'Reason is too long (at most 500 characters)' },
      });
      const declined = await call<OrganizerApplicationDecisionResponse>(app, 'POST', `/api/admin/organizer-applications/${id}/decline`, {
        cookie: adminCookie,
        body: { reason: '  Please tell us the venue and dates of your events. ' },
      });
      expect(declined.status).toBe(200);
      expect(declined.body.application).toMatchObject({ status: 'declined', declineReason: 'Please tell us the venue and dates of your events.' });
      expect((await whoIs(app, cookie)).user).toMatchObject({ role_name: 'Participant' });
      expect((await app.db.query('SELECT 1 FROM audit_trail WHERE account_id = $1', [user.id])).rowCount).toBe(0);
      const mail = await waitForMail(app.db, user.email);
      expect(mail.subject).toBe('Your organizer application on Sports Complex Tickets');
      expect(mail.text).toContain('Reason: Please tell us the venue and dates of your events.');
      expect(mail.text).toContain('/ticket-your-event');
      expect((await call<MyOrganizerApplicationResponse>(app, 'GET', '/api/my/organizer-application', { cookie })).body.application).toMatchObject({
        id,
        status: 'declined',
        declineReason: 'Please tell us the venue and dates of your events.',
      });
      const pending = await call<AdminOrganizerApplicationsResponse>(app, 'GET', '/api/admin/organizer-applications', { cookie: adminCookie });
      expect(pending.body.applications.some((x) => x.id === id)).toBe(false);

      const again = await applyAs(cookie, { ...FORM, description: 'Weekend basketball leagues at the Marikina Sports Center, March to May.' });
      expect(again.status).toBe(201);
      expect((await call<MyOrganizerApplicationResponse>(app, 'GET', '/api/my/organizer-application', { cookie })).body.application).toMatchObject({ id: again.body.application.id, status: 'pending' });
      expect(await call(app, 'POST', `/api/admin/organizer-applications/${id}/approve`, { cookie: adminCookie, body: {} })).toMatchObject({ status: 409 });
    });

    it('a decline without a reason mails no reason line', async () => {
      const { user, cookie } = await visitor();
      const id = (await applyAs(cookie)).body.application.id;
      const declined = await call<OrganizerApplicationDecisionResponse>(app, 'POST', `/api/admin/organizer-applications/${id}/decline`, { cookie: adminCookie, body: { reason: '  ' } });
      expect(declined.body.application).toMatchObject({ status: 'declined', declineReason: null });
      expect((await waitForMail(app.db, user.email)).text).not.toContain('Reason:');
    });

    it('of two admins deciding at once, one wins and the other gets a 409', async () => {
      const { user, cookie } = await visitor();
      const id = (await applyAs(cookie)).body.application.id;
      const answers = await Promise.all([
        call(app, 'POST', `/api/admin/organizer-applications/${id}/approve`, { cookie: adminCookie, body: {} }),
        call(app, 'POST', `/api/admin/organizer-applications/${id}/decline`, { cookie: adminCookie, body: {} }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect((await app.db.query('SELECT 1 FROM mail_outbox WHERE lower("to") = lower($1)', [user.email])).rowCount).toBeLessThanOrEqual(1);
    });
  });
});
