// Sign-up proves the address: the mailed link confirms it once, an unconfirmed account cannot buy,
// a new link can be asked for (same answer whatever the address), and sign-ups are limited per client address.
import { confirmationTokenFor, countUsersByEmail, mailsFor, registration, sessionCookieOf, TEST_PASSWORD, uniqueEmail } from './support/accounts';
import { book, createEvent, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { googleClaims, rsaKey, signIdToken, startJwks, TEST_GOOGLE_CLIENT_ID } from './support/google';
import type { LocalJwks, TestKey } from './support/google';
import { GENEROUS_RATE_LIMITS } from './support/helpers';

const LINK_DEAD = { success: false, error: 'This confirmation link has expired or was already used.' };
const UNCONFIRMED = { success: false, error: 'Confirm your email address before buying tickets. We sent you a link.' };

describe('email confirmation', () => {
  let app: BookingApp;
  let jwks: LocalJwks;
  let key: TestKey;
  let eventId: number;
  beforeAll(async () => {
    key = rsaKey();
    jwks = await startJwks([key]);
    app = await startBookingApp({ config: { google: { clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: jwks.url, jwksRefetchCooldownMs: 0 } } });
    eventId = await createEvent(app.db);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await jwks?.close();
  });

  async function post(path: string, body: unknown, cookie?: string): Promise<{ status: number; body: unknown }> {
    const res = await app.request('POST', path, { body, ...(cookie ? { cookie } : {}) });
    return { status: res.status, body: await res.json() };
  }

  /** Registers a new address and logs it in: its email and session cookie. */
  async function signUp(): Promise<{ email: string; cookie: string }> {
    const record = await registration(app.db);
    expect((await post('/api/register.php', record)).status).toBe(201);
    const res = await app.request('POST', '/api/login.php', { body: { email: record.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    return { email: record.email as string, cookie: sessionCookieOf(res) as string };
  }

  const confirmedAt = async (email: string): Promise<Date | null> =>
    (await app.db.query<{ at: Date | null }>('SELECT email_confirmed_at AS at FROM users WHERE lower(email) = lower($1)', [email])).rows[0]?.at ?? null;

  it('an unconfirmed account logs in but cannot hold seats (403, nothing stored); after its link it can, and the link works once', async () => {
    const { email, cookie } = await signUp();
    expect(await confirmedAt(email)).toBeNull();
    const refused = await book(app, cookie, eventId, 1, [1]);
    expect(refused).toEqual({ status: 403, body: UNCONFIRMED });
    const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE lower(u.email) = lower($1)', [email]);
    expect(rows).toEqual([{ n: 0 }]);

    const token = await confirmationTokenFor(app.db, email);
    // Only a hash of the token is kept.
    const stored = await app.db.query<{ token_hash: string }>('SELECT t.token_hash FROM email_confirmation_tokens t JOIN users u ON u.id = t.user_id WHERE lower(u.email) = lower($1)', [email]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]?.token_hash).not.toContain(token);

    expect(await post('/api/auth/confirm-email', { token })).toEqual({ status: 200, body: { success: true } });
    expect(await confirmedAt(email)).toBeInstanceOf(Date);
    expect(await post('/api/auth/confirm-email', { token })).toEqual({ status: 400, body: LINK_DEAD });

    // The session that was refused now holds seats.
    const held = await book(app, cookie, eventId, 1, [1]);
    expect(held.status).toBe(200);
    expect(held.body.success).toBe(true);
  });

  it('refuses an expired link, an unknown one and a malformed one alike, confirming nothing', async () => {
    const { email } = await signUp();
    const token = await confirmationTokenFor(app.db, email);
    await app.db.query(
      `UPDATE email_confirmation_tokens SET created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour'
       WHERE user_id = (SELECT id FROM users WHERE lower(email) = lower($1))`,
      [email],
    );
    expect(await post('/api/auth/confirm-email', { token })).toEqual({ status: 400, body: LINK_DEAD });
    expect(await post('/api/auth/confirm-email', { token: 'A'.repeat(43) })).toEqual({ status: 400, body: LINK_DEAD });
    for (const bad of ['', 'short', `${token}x`, 42, null]) expect(await post('/api/auth/confirm-email', { token: bad })).toEqual({ status: 400, body: LINK_DEAD });
    expect(await confirmedAt(email)).toBeNull();
  });

  it('a new link answers the same for an unconfirmed, a confirmed and an unknown address, and mails only the unconfirmed one', async () => {
    const { email, cookie } = await signUp();
    const first = await confirmationTokenFor(app.db, email);
    const before = (await mailsFor(app.db, email))[0]?.id ?? 0;
    const answers = [];
    for (const who of [email.toUpperCase(), 'visitor@demo.local', uniqueEmail('nobody')]) answers.push(await post('/api/auth/resend-confirmation', { email: who }));
    expect(answers).toEqual(Array(3).fill({ status: 200, body: { success: true } }));
    const fresh = await confirmationTokenFor(app.db, email, { afterId: before });
    expect(fresh).not.toBe(first);
    expect(await post('/api/auth/confirm-email', { token: fresh })).toEqual({ status: 200, body: { success: true } });
    expect((await book(app, cookie, eventId, 1, [2])).status).toBe(200);
    // Give the background work of the other two addresses time to (not) mail.
    await new Promise((r) => setTimeout(r, 300));
    expect((await mailsFor(app.db, 'visitor@demo.local')).filter((m) => m.subject === 'Confirm your email address')).toEqual([]);
    expect(await post('/api/auth/resend-confirmation', { email: 'not-an-email' })).toEqual({ status: 400, body: { success: false, error: 'Invalid email format' } });
  });

  it('a Google account is confirmed at once and can buy; seeded accounts are confirmed', async () => {
    const res = await app.request('POST', '/api/google-login.php', { body: { credential: signIdToken(key, googleClaims()) } });
    expect(res.status).toBe(200);
    const { email } = (await res.json()) as { email: string };
    expect(await confirmedAt(email)).toBeInstanceOf(Date);
    expect((await book(app, sessionCookieOf(res) as string, eventId, 1, [3])).status).toBe(200);
    for (const seeded of ['admin@demo.local', 'organizer@demo.local', 'visitor@demo.local']) expect([seeded, await confirmedAt(seeded)]).toEqual([seeded, expect.any(Date)]);
  });
});

describe('a new confirmation link for an address others asked for', () => {
  it('answers the owner as anyone after strangers spent the account\'s budget: only the mails are capped', async () => {
    const app = await startBookingApp({ prepare: false, config: { trustProxy: 'loopback', rateLimits: { ...GENEROUS_RATE_LIMITS, resetRequestPerAccount: { max: 2, windowSeconds: 3600 }, resetRequestPerIp: { max: 5, windowSeconds: 3600 } } } });
    try {
      const email = uniqueEmail('resend');
      expect((await app.request('POST', '/api/register.php', { body: await registration(app.db, { email }) })).status).toBe(201);
      await confirmationTokenFor(app.db, email);
      const linksSent = async () => (await mailsFor(app.db, email)).filter((m) => m.subject === 'Confirm your email address').length;
      const resend = async (from: string) => {
        const res = await app.request('POST', '/api/auth/resend-confirmation', { body: { email }, headers: { 'X-Forwarded-For': from } });
        return { status: res.status, body: (await res.json()) as unknown };
      };
      const stranger = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      for (let i = 0; i < 3; i += 1) expect(await resend(stranger())).toEqual({ status: 200, body: { success: true } });
      // The owner, from their own address, is answered as anyone: no 429.
      expect(await resend(`203.0.113.${Math.floor(Math.random() * 250) + 1}`)).toEqual({ status: 200, body: { success: true } });
      await new Promise((r) => setTimeout(r, 300));
      // The sign-up's link and two more: the account's budget of 2 capped the rest.
      expect(await linksSent()).toBe(3);
      // One address sending too many is still refused.
      const busy = stranger();
      const answers = [];
      for (let i = 0; i < 6; i += 1) answers.push((await resend(busy)).status);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await app.stop();
    }
  });
});

describe('sign-ups per client address', () => {
  it('refuses the sign-up over RATE_LIMIT_REGISTER_IP with a 429 and stores nothing, known address or new', async () => {
    const app = await startBookingApp({ prepare: false, config: { trustProxy: 'loopback', rateLimits: { ...GENEROUS_RATE_LIMITS, registerPerIp: { max: 3, windowSeconds: 3600 } } } });
    try {
      const from = { 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
      const signUp = async (email: string) => {
        const res = await app.request('POST', '/api/register.php', { body: await registration(app.db, { email }), headers: from });
        return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get('retry-after') };
      };
      for (const email of [uniqueEmail('limited'), 'visitor@demo.local', uniqueEmail('limited')]) expect((await signUp(email)).status).toBe(201);
      const extra = uniqueEmail('limited');
      const refused = await signUp(extra);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, error: expect.stringMatching(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/) });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(await countUsersByEmail(app.db, extra)).toBe(0);
      expect((await signUp('visitor@demo.local')).status).toBe(429);
      // Another client address is counted on its own.
      const elsewhere = await app.request('POST', '/api/register.php', { body: await registration(app.db), headers: { 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250) + 1}` } });
      expect(elsewhere.status).toBe(201);
    } finally {
      await app.stop();
    }
  });
});
