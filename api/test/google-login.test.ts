import { createUser, getWith, login, registration, sessionCookieOf, uniqueEmail, whoIs } from './support/accounts';
import { googleClaims, hs256Token, rsaKey, signIdToken, startJwks, TEST_GOOGLE_CLIENT_ID, unsignedToken } from './support/google';
import type { LocalJwks, TestKey } from './support/google';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

const FAILED = { success: false, error: 'Google login failed.' };

describe('POST /api/google-login.php', () => {
  let jwks: LocalJwks;
  let key: TestKey;
  let app: TestApp;

  beforeAll(async () => {
    key = rsaKey();
    jwks = await startJwks([key]);
    app = await startTestApp({ config: { google: { clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: jwks.url, jwksRefetchCooldownMs: 0 } } });
  });
  afterAll(async () => {
    await app.stop();
    await jwks.close();
  });

  const signIn = (credential: string) => app.post('/api/google-login.php', { credential });

  it('signs a new Google user in as a Participant, with the session cookie and the flat SPEC answer', async () => {
    const claims = googleClaims();
    const res = await signIn(signIdToken(key, claims));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      success: true,
      user_id: expect.any(Number),
      email: claims.email,
      first_name: 'Gina',
      last_name: 'Lopez',
      role_id: 3,
      role_name: 'Participant',
    });
    const cookie = sessionCookieOf(res);
    expect(res.headers.getSetCookie().join()).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);
    // The browser's device cookie for the account (login-limits.test.ts).
    expect(res.headers.getSetCookie().find((c) => c.startsWith('device='))).toMatch(new RegExp(`^device=${String(body.user_id)}\\.[^;]+; Max-Age=15552000; .*HttpOnly`));
    const me = (await (await getWith(app, '/api/me', cookie)).json()) as { user: { user_id: number } };
    expect(me.user.user_id).toBe(body.user_id);
    const { rows } = await app.db.query('SELECT provider, subject, user_id FROM user_identities WHERE subject = $1', [claims.sub]);
    expect(rows).toEqual([{ provider: 'google', subject: claims.sub, user_id: body.user_id }]);
    const user = await app.db.query('SELECT password_hash, status FROM users WHERE id = $1', [body.user_id]);
    expect(user.rows).toEqual([{ password_hash: null, status: 'Active' }]);
  });

  it('keeps the Google names cleaned as the register form cleans them: no invisible or bidirectional controls, NFC', async () => {
    const claims = googleClaims({ given_name: '\u200b', family_name: '\u202eLo\u0301pez\u200d', name: '\u2066Gina\u2069 Lo\u0301pez' });
    const res = await signIn(signIdToken(key, claims));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ first_name: 'Gina', last_name: 'López' });
  });

  it('finds the same account the second time, by subject (even when the email changed)', async () => {
    const claims = googleClaims();
    const first = (await (await signIn(signIdToken(key, claims))).json()) as { user_id: number };
    const again = (await (await signIn(signIdToken(key, { ...claims, iat: claims.iat! + 1 }))).json()) as { user_id: number };
    expect(again.user_id).toBe(first.user_id);
    const renamed = (await (await signIn(signIdToken(key, { ...claims, email: 'renamed-' + claims.email }))).json()) as { user_id: number };
    expect(renamed.user_id).toBe(first.user_id);
    const { rows } = await app.db.query('SELECT count(*)::int AS n FROM user_identities WHERE subject = $1', [claims.sub]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('gives one account when the same new user signs in twice at once', async () => {
    const claims = googleClaims();
    const answers = await Promise.all([0, 1, 2].map(() => signIn(signIdToken(key, claims))));
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { user_id: number }).user_id));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(ids).size).toBe(1);
  });

  it('never takes over a password account through a matching email (409)', async () => {
    const owner = await createUser(app.db);
    const res = await signIn(signIdToken(key, googleClaims({ email: owner.email.toUpperCase() })));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, error: 'An account with this email already exists. Log in with your password.' });
    expect(sessionCookieOf(res)).toBeNull();
    const { rows } = await app.db.query('SELECT count(*)::int AS n FROM user_identities WHERE user_id = $1', [owner.id]);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it("takes the account of an address whose sign-up was never confirmed: the sign-up's password, sessions and details end", async () => {
    const email = uniqueEmail('squatted');
    const squatter = await registration(app.db, { email, password: 'squatter-pass-1' });
    expect((await app.post('/api/register.php', squatter)).status).toBe(201);
    const { cookie: squatterCookie } = await login(app, email, 'squatter-pass-1');
    expect((await whoIs(app, squatterCookie)).user).not.toBeNull();

    const res = await signIn(signIdToken(key, googleClaims({ email: email.toUpperCase() })));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user_id: number; first_name: string };
    const { rows } = await app.db.query<Record<string, unknown>>(
      'SELECT id, password_hash, first_name, house_address, (email_confirmed_at IS NOT NULL) AS confirmed FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    expect(rows).toEqual([{ id: body.user_id, password_hash: null, first_name: 'Gina', house_address: null, confirmed: true }]);
    expect((await whoIs(app, squatterCookie)).user).toBeNull();
    expect((await app.post('/api/login.php', { email, password: 'squatter-pass-1' })).status).toBe(401);
    const linked = await app.db.query('SELECT user_id FROM user_identities WHERE user_id = $1', [body.user_id]);
    expect(linked.rows).toHaveLength(1);
  });

  it('refuses Inactive and Restricted Google accounts', async () => {
    const claims = googleClaims();
    const { user_id } = (await (await signIn(signIdToken(key, claims))).json()) as { user_id: number };
    await app.db.query("UPDATE users SET status = 'Restricted' WHERE id = $1", [user_id]);
    const res = await signIn(signIdToken(key, claims));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: 'This account is restricted. Please contact support.' });
  });

  describe('refuses every token that does not verify (401)', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const cases: Array<[string, () => string]> = [
      ['a wrong audience', () => signIdToken(key, googleClaims({ aud: 'someone-else.apps.googleusercontent.com' }))],
      ['an audience list with another client', () => signIdToken(key, googleClaims({ aud: [TEST_GOOGLE_CLIENT_ID, 'other'] }))],
      ['a wrong issuer', () => signIdToken(key, googleClaims({ iss: 'https://accounts.evil.example' }))],
      ['an expired token', () => signIdToken(key, googleClaims({ iat: now() - 7200, exp: now() - 3600 }))],
      ['a token issued in the future', () => signIdToken(key, googleClaims({ iat: now() + 600, exp: now() + 4000 }))],
      ['a lifetime over a day', () => signIdToken(key, googleClaims({ iat: now() - 10, exp: now() + 2 * 86_400 }))],
      ['no exp', () => signIdToken(key, googleClaims({ exp: undefined }))],
      ['an unverified email', () => signIdToken(key, googleClaims({ email_verified: false }))],
      ['no email', () => signIdToken(key, googleClaims({ email: undefined }))],
      ['no subject', () => signIdToken(key, googleClaims({ sub: '' }))],
      ['an unknown kid', () => signIdToken(key, googleClaims(), 'no-such-kid')],
      ['a foreign key with a known kid', () => signIdToken(rsaKey(key.kid), googleClaims())],
      ['alg none', () => unsignedToken(googleClaims(), key.kid)],
      ['HS256 signed with the public key text', () => hs256Token(key.publicKey.export({ type: 'spki', format: 'pem' }), googleClaims(), key.kid)],
      [
        'a tampered payload',
        () => {
          const [h, , s] = signIdToken(key, googleClaims()).split('.') as [string, string, string];
          return `${h}.${Buffer.from(JSON.stringify(googleClaims({ email: 'admin@demo.local' }))).toString('base64url')}.${s}`;
        },
      ],
      ['garbage', () => 'not.a.token'],
      ['no kid', () => signIdToken(key, googleClaims(), '')],
    ];
    it.each(cases)('%s', async (_name, token) => {
      const res = await signIn(token());
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(FAILED);
      expect(sessionCookieOf(res)).toBeNull();
    });

    it('and creates no account for any of them', async () => {
      const email = 'never-created@gmail.test';
      for (const claims of [googleClaims({ email, aud: 'x' }), googleClaims({ email, email_verified: 'false' })]) {
        expect((await signIn(signIdToken(key, claims))).status).toBe(401);
      }
      const { rows } = await app.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
      expect(rows).toEqual([{ n: 0 }]);
    });
  });

  it('accepts both Google issuers', async () => {
    for (const iss of ['accounts.google.com', 'https://accounts.google.com']) {
      expect((await signIn(signIdToken(key, googleClaims({ iss })))).status).toBe(200);
    }
  });

  it('caches the key set per max-age and fetches it once more for a new kid (key rotation)', async () => {
    const before = jwks.fetches;
    for (let i = 0; i < 3; i++) expect((await signIn(signIdToken(key, googleClaims()))).status).toBe(200);
    expect(jwks.fetches).toBe(before);
    const rotated = rsaKey();
    jwks.keys = [key, rotated];
    expect((await signIn(signIdToken(rotated, googleClaims()))).status).toBe(200);
    expect(jwks.fetches).toBe(before + 1);
    // An unknown kid costs at most one fetch per attempt.
    expect((await signIn(signIdToken(rotated, googleClaims(), 'still-unknown'))).status).toBe(401);
    expect(jwks.fetches).toBe(before + 2);
  });

  it('validates the body', async () => {
    for (const body of [{}, { credential: '' }, { credential: 42 }, { credential: 'x'.repeat(9000) }]) {
      const res = await app.post('/api/google-login.php', body);
      expect(res.status).toBe(400);
    }
  });

  it('GET /api/auth-config gives the client id', async () => {
    expect(await (await app.get('/api/auth-config')).json()).toEqual({ success: true, googleClientId: TEST_GOOGLE_CLIENT_ID });
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  it('answers 503 and auth-config gives null', async () => {
    const app = await startTestApp({ prepare: false });
    try {
      const key = rsaKey();
      const res = await app.post('/api/google-login.php', { credential: signIdToken(key, googleClaims()) });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ success: false, error: 'Social sign-in is not configured.' });
      expect(await (await app.get('/api/auth-config')).json()).toEqual({ success: true, googleClientId: null });
    } finally {
      await app.stop();
    }
  });
});

describe('Google key set fetched short-lived', () => {
  it('fetches the key set again once its max-age has passed', async () => {
    const key = rsaKey();
    const jwks = await startJwks([key]);
    jwks.maxAge = 0;
    const app = await startTestApp({ prepare: false, config: { google: { clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: jwks.url, jwksRefetchCooldownMs: 0 } } });
    try {
      for (let i = 0; i < 2; i++) expect((await app.post('/api/google-login.php', { credential: signIdToken(key, googleClaims()) })).status).toBe(200);
      expect(jwks.fetches).toBe(2);
    } finally {
      await app.stop();
      await jwks.close();
    }
  });

  it('answers 401 when the key set cannot be fetched', async () => {
    const key = rsaKey();
    const jwks = await startJwks([key]);
    await jwks.close();
    const app = await startTestApp({ prepare: false, config: { google: { clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: jwks.url, jwksRefetchCooldownMs: 0 } } });
    try {
      const res = await app.post('/api/google-login.php', { credential: signIdToken(key, googleClaims()) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(FAILED);
    } finally {
      await app.stop();
    }
  });
});
