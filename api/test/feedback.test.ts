// The visitor forms (feedback, inquiries), their flood limits, and what admins do with them:
// Feedback pages newest first, Respond mails the answer and takes the inquiry off the pending list.
import { randomBytes } from 'node:crypto';
import type { AdminFeedbackResponse, AdminInquiriesResponse, AdminInquiry, AdminDashboardResponse, RespondInquiryResponse } from '@sports/contracts';
import type { Mailer } from '../src/mail/mailer';
import { createUser, login, mailsFor } from './support/accounts';
import type { TestUser } from './support/accounts';
import { GENEROUS_RATE_LIMITS, startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

// Argon2 logins and a first migration are slow on a busy machine.
jest.setTimeout(30_000);

interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** A client address of its own (the app trusts X-Forwarded-For from loopback), so limits are per test. */
const newIp = (): string => `10.${[...randomBytes(3)].join('.')}`;

async function call<T = { success: boolean; error?: string }>(app: TestApp, method: string, path: string, options: { cookie?: string | null; body?: unknown; ip?: string } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.ip ?? newIp() };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.get(path, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

describe('feedback and inquiries', () => {
  let app: TestApp;
  let visitor: TestUser;
  let visitorCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    app = await startTestApp({ config: { trustProxy: 'loopback' } });
    visitor = await createUser(app.db, { firstName: 'Feedbacker' });
    const admin = await createUser(app.db, { role: 'Admin' });
    [visitorCookie, adminCookie] = [(await login(app, visitor.email, visitor.password)).cookie, (await login(app, admin.email, admin.password)).cookie];
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  describe('POST /api/feedback', () => {
    it('needs a signed-in account', async () => {
      expect(await call(app, 'POST', '/api/feedback', { body: { rating: 5, comment: 'Great' } })).toMatchObject({ status: 401, body: { success: false, error: 'Please log in.' } });
    });

    it("stores it under the account's name; admins see it first on page 1, newest first", async () => {
      const comment = `Loved it ${randomBytes(4).toString('hex')}`;
      const sent = await call<{ success: boolean; id: number; createdAt: string }>(app, 'POST', '/api/feedback', { cookie: visitorCookie, body: { rating: 4, comment: `  ${comment} ` } });
      expect(sent.status).toBe(201);
      expect(sent.body).toEqual({ success: true, id: expect.any(Number), createdAt: expect.any(String) });
      const page = await call<AdminFeedbackResponse>(app, 'GET', '/api/admin/feedback', { cookie: adminCookie });
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ page: 1, pageSize: 10 });
      const card = page.body.feedback.find((f) => f.id === sent.body.id);
      expect(card).toMatchObject({ name: 'Feedbacker Tester', rating: 4, comment, date: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/), time: expect.stringMatching(/^\d{1,2}:\d{2} (AM|PM)$/) });
      const times = page.body.feedback.map((f) => Date.parse(f.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const beyond = await call<AdminFeedbackResponse>(app, 'GET', `/api/admin/feedback?page=${page.body.totalPages + 1}`, { cookie: adminCookie });
      expect([beyond.body.feedback, beyond.body.total >= page.body.total]).toEqual([[], true]);
    });

    it('refuses what is not a 1-5 rating with a comment (400) and stores nothing', async () => {
      const before = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE user_id = $1', [visitor.id])).rows[0]?.n;
      for (const [body, error] of [
        [{ comment: 'x' }, 'Rating must be a whole number from 1 to 5'],
        [{ rating: 0, comment: 'x' }, 'Rating must be a whole number from 1 to 5'],
        [{ rating: 6, comment: 'x' }, 'Rating must be a whole number from 1 to 5'],
        [{ rating: 2.5, comment: 'x' }, 'Rating must be a whole number from 1 to 5'],
        [{ rating: '5', comment: 'x' }, 'Rating must be a whole number from 1 to 5'],
        [{ rating: 5 }, 'Comment is required'],
        [{ rating: 5, comment: '   ' }, 'Comment is required'],
        [{ rating: 5, comment: ['a'] }, 'Comment must be text'],
        [{ rating: 5, comment: 'x'.repeat(1001) }, 'Comment is too long (at most 1000 characters)'],
        [{ rating: 5, comment: 'ok', name: 'Someone else' }, 'Unexpected field: name'],
        [{ rating: 5, comment: 'nul \u0000' }, 'Text must not contain NUL characters'],
        [[5, 'x'], 'The request body must be a JSON object'],
      ] as const) {
        expect(await call(app, 'POST', '/api/feedback', { cookie: visitorCookie, body })).toMatchObject({ status: 400, body: { success: false, error } });
      }
      const after = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE user_id = $1', [visitor.id])).rows[0]?.n;
      expect(after).toBe(before);
    });
  });

  describe('POST /api/inquiries', () => {
    it('takes one from anyone; a signed-in sender is linked to their account', async () => {
      const anonymous = await call<{ success: boolean; id: number }>(app, 'POST', '/api/inquiries', { body: { name: 'Juan Dela Cruz', email: 'juan@example.test', message: 'Is there parking?' } });
      expect(anonymous.status).toBe(201);
      const signedIn = await call<{ success: boolean; id: number }>(app, 'POST', '/api/inquiries', { cookie: visitorCookie, body: { name: 'Feedbacker', email: visitor.email, message: 'Can I change seats?' } });
      expect(signedIn.status).toBe(201);
      const { rows } = await app.db.query<{ id: number; user_id: number | null; responded_at: Date | null }>('SELECT id, user_id, responded_at FROM inquiries WHERE id = ANY ($1::int[]) ORDER BY id', [[anonymous.body.id, signedIn.body.id]]);
      expect(rows).toEqual([
        { id: anonymous.body.id, user_id: null, responded_at: null },
        { id: signedIn.body.id, user_id: visitor.id, responded_at: null },
      ]);
    });

    it('refuses a form without a name, a valid email or a message (400)', async () => {
      const ok = { name: 'Ana', email: 'ana@example.test', message: 'Hello' };
      for (const [body, error] of [
        [{ ...ok, name: '' }, 'Name is required'],
        [{ ...ok, email: undefined }, 'Email is required'],
        [{ ...ok, email: 'not-an-email' }, 'Invalid email format'],
        [{ ...ok, message: ' ' }, 'Message is required'],
        [{ ...ok, message: 'm'.repeat(2001) }, 'Message is too long (at most 2000 characters)'],
        [{ ...ok, name: 'n'.repeat(101) }, 'Name is too long (at most 100 characters)'],
      ] as const) {
        expect(await call(app, 'POST', '/api/inquiries', { body })).toMatchObject({ status: 400, body: { success: false, error } });
      }
    });
  });

  describe('flood limits', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startTestApp({
        prepare: false,
        config: { trustProxy: 'loopback', rateLimits: { ...GENEROUS_RATE_LIMITS, feedbackPerIp: { max: 3, windowSeconds: 3600 }, inquiryPerIp: { max: 2, windowSeconds: 3600 } } },
      });
    }, 60_000);
    afterAll(async () => {
      await limited.stop();
    });

    it('stops an address sending more inquiries than the limit (429 with Retry-After); other addresses go on', async () => {
      const ip = newIp();
      const body = { name: 'Flood', email: 'flood@example.test', message: 'Again' };
      for (let i = 0; i < 2; i += 1) expect((await call(limited, 'POST', '/api/inquiries', { ip, body })).status).toBe(201);
      const refused = await call(limited, 'POST', '/api/inquiries', { ip, body });
      expect([refused.status, refused.body]).toEqual([429, { success: false, error: expect.stringMatching(/^Too many attempts\. Please try again/) }]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call(limited, 'POST', '/api/inquiries', { body })).status).toBe(201);
    });

    it('stops an address, and an account, sending more feedback than the limit', async () => {
      const ip = newIp();
      const body = { rating: 1, comment: 'Spam' };
      const [flooder, other] = await Promise.all([createUser(limited.db), createUser(limited.db)]);
      const cookie = (await login(limited, flooder.email, flooder.password)).cookie;
      for (let i = 0; i < 3; i += 1) expect((await call(limited, 'POST', '/api/feedback', { ip, cookie, body })).status).toBe(201);
      expect((await call(limited, 'POST', '/api/feedback', { ip, cookie, body })).status).toBe(429);
      // The same account from another address: still limited. Another account there: fine.
      expect((await call(limited, 'POST', '/api/feedback', { cookie, body })).status).toBe(429);
      const otherCookie = (await login(limited, other.email, other.password)).cookie;
      expect((await call(limited, 'POST', '/api/feedback', { cookie: otherCookie, body })).status).toBe(201);
    });
  });

  describe('Respond', () => {
    const newInquiry = async (): Promise<{ id: number; email: string }> => {
      const email = `asker-${randomBytes(5).toString('hex')}@example.test`;
      const sent = await call<{ id: number }>(app, 'POST', '/api/inquiries', { body: { name: 'Maria Asker', email, message: 'What time do gates open?' } });
      expect(sent.status).toBe(201);
      return { id: sent.body.id, email };
    };
    const pendingIds = async (): Promise<number[]> => {
      const ids: number[] = [];
      for (let page = 1; ; page += 1) {
        const res = await call<AdminInquiriesResponse>(app, 'GET', `/api/admin/inquiries?status=pending&page=${page}`, { cookie: adminCookie });
        ids.push(...res.body.inquiries.map((i) => i.id));
        if (page >= res.body.totalPages) return ids;
      }
    };
    const respond = (id: number | string, body: unknown): Promise<Answer<RespondInquiryResponse & { error?: string }>> =>
      call(app, 'POST', `/api/admin/inquiries/${id}/respond`, { cookie: adminCookie, body });

    it('mails the answer to the sender and marks the inquiry handled: it leaves the pending list', async () => {
      const inquiry = await newInquiry();
      expect(await pendingIds()).toContain(inquiry.id);
      const before = (await call<AdminDashboardResponse>(app, 'GET', '/api/admin/dashboard', { cookie: adminCookie })).body.inquiries.total;

      const res = await respond(inquiry.id, { message: 'Gates open 90 minutes before the start.' });
      expect(res.status).toBe(200);
      expect(res.body.inquiry).toMatchObject<Partial<AdminInquiry>>({ id: inquiry.id, status: 'Answered', response: 'Gates open 90 minutes before the start.' });
      const mails = await mailsFor(app.db, inquiry.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Re: your inquiry to Sports Complex Tickets');
      expect(mails[0]?.text).toContain('Gates open 90 minutes before the start.');
      expect(mails[0]?.text).toContain('What time do gates open?');

      expect(await pendingIds()).not.toContain(inquiry.id);
      const answered = await call<AdminInquiriesResponse>(app, 'GET', '/api/admin/inquiries?status=answered', { cookie: adminCookie });
      expect(answered.body.inquiries.map((i) => i.id)).toContain(inquiry.id);
      const dashboard = (await call<AdminDashboardResponse>(app, 'GET', '/api/admin/dashboard', { cookie: adminCookie })).body;
      expect(dashboard.inquiries.pending.map((i) => i.id)).not.toContain(inquiry.id);
      expect(dashboard.inquiries.total).toBeLessThan(before + 5);
      const { rows } = await app.db.query<{ action: string }>('SELECT action FROM audit_trail WHERE inquiry_id = $1', [inquiry.id]);
      expect(rows).toEqual([{ action: 'inquiry.responded' }]);
    });

    it('answers a second Respond with 409 and mails nothing more, also when both come at once', async () => {
      const inquiry = await newInquiry();
      const both = await Promise.all([respond(inquiry.id, { message: 'First' }), respond(inquiry.id, { message: 'Second' })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)?.body).toEqual({ success: false, error: 'This inquiry has already been answered.' });
      expect(await respond(inquiry.id, { message: 'Third' })).toMatchObject({ status: 409 });
      expect(await mailsFor(app.db, inquiry.email)).toHaveLength(1);
    });

    it('refuses an empty answer (400) or an unknown inquiry (404)', async () => {
      const inquiry = await newInquiry();
      expect(await respond(inquiry.id, { message: '  ' })).toMatchObject({ status: 400, body: { success: false, error: 'A response message is required' } });
      expect(await respond(inquiry.id, {})).toMatchObject({ status: 400 });
      expect(await respond(2_147_483_647, { message: 'Hi' })).toMatchObject({ status: 404, body: { success: false, error: 'Inquiry not found.' } });
      expect(await respond('x', { message: 'Hi' })).toMatchObject({ status: 400 });
      expect(await pendingIds()).toContain(inquiry.id);
    });

    it('keeps the inquiry pending when the mail cannot be sent (502), with no audit row', async () => {
      const failing: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('SMTP down')), close: () => undefined };
      const broken = await startTestApp({ prepare: false, mailer: failing, config: { trustProxy: 'loopback' } });
      try {
        const inquiry = await newInquiry();
        const res = await call(broken, 'POST', `/api/admin/inquiries/${inquiry.id}/respond`, { cookie: adminCookie, body: { message: 'Hello' } });
        expect([res.status, res.body]).toEqual([502, { success: false, error: 'The answer could not be mailed, so the inquiry is still pending. Please try again.' }]);
        expect(await pendingIds()).toContain(inquiry.id);
        const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_trail WHERE inquiry_id = $1', [inquiry.id]);
        expect(rows[0]?.n).toBe(0);
      } finally {
        await broken.stop();
      }
    });
  });
});
