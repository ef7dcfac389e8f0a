import { codeIn, createUser, login, mailsFor, registration, TEST_PASSWORD, uniqueEmail, waitForMail, whoIs } from './support/accounts';
import type { Mailer } from '../src/mail/mailer';
import { GENEROUS_RATE_LIMITS, startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

describe('password reset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  async function requestCode(email: string, afterId = 0): Promise<string> {
    const res = await app.post('/api/request-password-reset.php', { email });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const mail = await waitForMail(app.db, email, { afterId });
    return codeIn(mail.text);
  }

  const verify = (email: string, code: string) => app.post('/api/verify-reset-code.php', { email, code });
  const reset = (email: string, code: string, password: string) => app.post('/api/reset-password.php', { email, code, password });

  async function expectInvalid(res: Response): Promise<void> {
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'Invalid code.' });
  }

  it('runs the whole flow: mail with a 6-digit code, verify, new password, old one dead', async () => {
    const user = await createUser(app.db, { firstName: 'Rosa' });
    const res = await app.post('/api/request-password-reset.php', { email: user.email.toUpperCase() });
    expect(await res.json()).toEqual({ success: true });
    const mail = await waitForMail(app.db, user.email);
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe('Your password reset code');
    expect(mail.text).toMatch(/^Hello Rosa,/);
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);

    // Only a hash is stored.
    const { rows } = await app.db.query<{ code_hash: string; expires_in: number }>(
      "SELECT code_hash, extract(epoch FROM expires_at - created_at)::int AS expires_in FROM password_reset_codes WHERE user_id = $1",
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(rows[0]?.expires_in).toBe(600);

    const ok = await verify(user.email, code);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true });
    // Verifying does not spend the code.
    expect((await verify(user.email, code)).status).toBe(200);

    const done = await reset(user.email, code, 'a brand new password');
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true });
    expect((await app.post('/api/login.php', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await app.post('/api/login.php', { email: user.email, password: 'a brand new password' })).status).toBe(200);

    // One use.
    await expectInvalid(await verify(user.email, code));
    await expectInvalid(await reset(user.email, code, 'another new password'));
  });

  it('confirms the address of an account that never used its confirmation link: the code proved it', async () => {
    const email = uniqueEmail('reset-confirms');
    expect((await app.post('/api/register.php', await registration(app.db, { email }))).status).toBe(201);
    const confirmed = async (): Promise<boolean> =>
      (await app.db.query<{ confirmed: boolean }>('SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE lower(email) = lower($1)', [email])).rows[0]?.confirmed ?? false;
    expect(await confirmed()).toBe(false);
    const signUpMail = await waitForMail(app.db, email);
    const code = await requestCode(email, signUpMail.id);
    await expectInvalid(await reset(email, code === '000000' ? '111111' : '000000', 'a brand new password'));
    expect(await confirmed()).toBe(false);
    expect((await reset(email, code, 'a brand new password')).status).toBe(200);
    expect(await confirmed()).toBe(true);
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    const user = await createUser(app.db);
    const nobody = uniqueEmail('nobody');
    const known = await app.post('/api/request-password-reset.php', { email: user.email });
    const unknown = await app.post('/api/request-password-reset.php', { email: nobody });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect([...unknown.headers.keys()].filter((h) => !['date', 'x-request-id', 'content-length', 'etag'].includes(h)).sort()).toEqual(
      [...known.headers.keys()].filter((h) => !['date', 'x-request-id', 'content-length', 'etag'].includes(h)).sort(),
    );
    await waitForMail(app.db, user.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsFor(app.db, nobody)).toEqual([]);
  });

  it('answers before the mail goes out: a slow mail server does not show which emails exist', async () => {
    // The mail server answers only when the test lets it: an answer that waited for the mail
    // would never come (no timing thresholds, which a busy machine could break).
    const sent: string[] = [];
    let letMailThrough!: () => void;
    const mailServer = new Promise<void>((resolve) => {
      letMailThrough = resolve;
    });
    const slowMailer: Mailer = {
      kind: 'smtp',
      async send(message) {
        await mailServer;
        sent.push(message.to);
      },
      close() {},
    };
    const slow = await startTestApp({ prepare: false, mailer: slowMailer });
    try {
      const ask = async (email: string): Promise<void> => {
        const res = await slow.post('/api/request-password-reset.php', { email });
        expect(await res.json()).toEqual({ success: true });
      };
      const user = await createUser(slow.db);
      await ask(user.email);
      await ask(uniqueEmail('nobody'));
      expect(sent).toEqual([]);
    } finally {
      letMailThrough();
      // Stopping waits for the mail still being sent.
      await slow.stop();
    }
    expect(sent).toHaveLength(1);
  });

  it('kills the code after 5 wrong tries, even for the right code afterwards', async () => {
    const user = await createUser(app.db);
    const code = await requestCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await expectInvalid(await verify(user.email, wrong));
    const { rows } = await app.db.query('SELECT attempts FROM password_reset_codes WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ attempts: 5 }]);
    await expectInvalid(await verify(user.email, code));
    await expectInvalid(await reset(user.email, code, 'a brand new password'));
    expect((await app.post('/api/login.php', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('counts wrong codes given to reset-password too', async () => {
    const user = await createUser(app.db);
    const code = await requestCode(user.email);
    const wrong = code === '999999' ? '888888' : '999999';
    await expectInvalid(await reset(user.email, wrong, 'a brand new password'));
    const { rows } = await app.db.query('SELECT attempts FROM password_reset_codes WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ attempts: 1 }]);
    expect((await verify(user.email, code)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await createUser(app.db);
    const code = await requestCode(user.email);
    await app.db.query("UPDATE password_reset_codes SET created_at = now() - interval '11 minutes', expires_at = now() - interval '1 minute' WHERE user_id = $1", [user.id]);
    await expectInvalid(await verify(user.email, code));
    await expectInvalid(await reset(user.email, code, 'a brand new password'));
  });

  it("refuses a code for another account, and codes for unknown emails", async () => {
    const a = await createUser(app.db);
    const b = await createUser(app.db);
    const codeA = await requestCode(a.email);
    const codeB = await requestCode(b.email);
    if (codeA !== codeB) await expectInvalid(await verify(b.email, codeA));
    await expectInvalid(await verify(uniqueEmail('nobody'), codeA));
    // b's failed try cost b's code one attempt; a's code is untouched.
    expect((await verify(a.email, codeA)).status).toBe(200);
  });

  it('only the newest code counts', async () => {
    const user = await createUser(app.db);
    const first = await requestCode(user.email);
    const firstMail = (await mailsFor(app.db, user.email))[0]?.id ?? 0;
    const second = await requestCode(user.email, firstMail);
    if (first !== second) await expectInvalid(await verify(user.email, first));
    expect((await verify(user.email, second)).status).toBe(200);
  });

  it('checks the new password like registration does', async () => {
    const user = await createUser(app.db);
    const code = await requestCode(user.email);
    for (const [password, error] of [
      ['abc', 'Password must be at least 6 characters.'],
      ['', 'Password must be at least 6 characters.'],
      ['password', 'This password is too common. Please choose a less common password.'],
      ['Qwerty123', 'This password is too common. Please choose a less common password.'],
    ]) {
      const res = await reset(user.email, code, password as string);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error });
    }
    // A refused password does not cost a try of the code.
    const { rows } = await app.db.query('SELECT attempts, used_at FROM password_reset_codes WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ attempts: 0, used_at: null }]);
  });

  it('validates the bodies with SPEC messages', async () => {
    for (const [path, body, error] of [
      ['/api/request-password-reset.php', {}, 'Email is required'],
      ['/api/request-password-reset.php', { email: 'nope' }, 'Invalid email format'],
      ['/api/verify-reset-code.php', { email: 'a@b.ph', code: '12345' }, 'Invalid code.'],
      ['/api/verify-reset-code.php', { email: 'a@b.ph', code: '12a456' }, 'Invalid code.'],
      ['/api/verify-reset-code.php', { email: 'a@b.ph', code: 123456 }, 'Invalid code.'],
      ['/api/verify-reset-code.php', { email: 'a@b.ph' }, 'Invalid code.'],
      ['/api/reset-password.php', { email: 'a@b.ph', code: '123456' }, 'Password is required'],
      ['/api/reset-password.php', { email: 'a@b.ph', code: '123456', password: 'long enough pw', extra: 1 }, 'Unexpected field: extra'],
    ] as const) {
      const res = await app.post(path, body);
      expect([path, res.status]).toEqual([path, 400]);
      expect(await res.json()).toEqual({ success: false, error });
    }
  });

  it('ends every session of the account after a reset', async () => {
    const user = await createUser(app.db);
    const phone = (await login(app, user.email, user.password)).cookie;
    const laptop = (await login(app, user.email, user.password)).cookie;
    const code = await requestCode(user.email);
    expect((await reset(user.email, code, 'a brand new password')).status).toBe(200);
    expect((await whoIs(app, phone)).user).toBeNull();
    expect((await whoIs(app, laptop)).user).toBeNull();
    const { rows } = await app.db.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [user.id]);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('mails nothing to Inactive or Restricted accounts', async () => {
    for (const status of ['Inactive', 'Restricted'] as const) {
      const user = await createUser(app.db, { status });
      expect((await app.post('/api/request-password-reset.php', { email: user.email })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(await mailsFor(app.db, user.email)).toEqual([]);
    }
  });
});

describe('password reset: 3 codes an hour per account (RATE_LIMIT_RESET_ACCOUNT)', () => {
  it('past the budget a request answers as any other (never 429) and mails nothing; an hour later a code again', async () => {
    const app = await startTestApp({ prepare: false, config: { rateLimits: { ...GENEROUS_RATE_LIMITS, resetRequestPerAccount: { max: 3, windowSeconds: 3600 } } } });
    try {
      const user = await createUser(app.db);
      const answers: string[] = [];
      let last = 0;
      for (let i = 0; i < 3; i++) {
        const res = await app.post('/api/request-password-reset.php', { email: user.email });
        answers.push(`${res.status} ${await res.text()}`);
        last = (await waitForMail(app.db, user.email, { afterId: last })).id;
      }
      const fourth = await app.post('/api/request-password-reset.php', { email: user.email });
      expect(`${fourth.status} ${await fourth.text()}`).toBe(answers[0]);
      expect(fourth.headers.get('retry-after')).toBeNull();
      expect(answers).toEqual(Array(3).fill('200 {"success":true}'));
      await new Promise((r) => setTimeout(r, 400));
      expect(await mailsFor(app.db, user.email)).toHaveLength(3);
      const { rows } = await app.db.query('SELECT count(*)::int AS n FROM password_reset_codes WHERE user_id = $1', [user.id]);
      expect(rows).toEqual([{ n: 3 }]);
      // An hour later, a new code is made again.
      await app.db.query("UPDATE password_reset_codes SET created_at = created_at - interval '61 minutes', expires_at = expires_at - interval '61 minutes' WHERE user_id = $1", [user.id]);
      expect((await app.post('/api/request-password-reset.php', { email: user.email })).status).toBe(200);
      await waitForMail(app.db, user.email, { afterId: last });
    } finally {
      await app.stop();
    }
  });
});
