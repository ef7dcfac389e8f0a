// The security log: one JSON line (security: true) per sign-in, failed sign-in, 401, 403, limit
// refusal and account change, with account, address, method, path and time; and no secret of a
// whole session (password, reset code, session cookie, ticket signature) anywhere in the log.
import type { OrderResponse } from '@sports/contracts';
import { parseTicketQr } from '@sports/contracts';
import { codeIn, confirmAddress, confirmationTokenFor, createUser, getWith, login, mailsFor, registration, TEST_PASSWORD, uniqueEmail, waitForMail } from './support/accounts';
import { book, createEvent, json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { googleClaims, rsaKey, signIdToken, startJwks, TEST_GOOGLE_CLIENT_ID } from './support/google';
import type { LocalJwks, TestKey } from './support/google';
import { GENEROUS_RATE_LIMITS, memoryLogger, startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

const WINDOW = 30 * 86_400;

type Line = Record<string, unknown>;

describe('security log', () => {
  let app: TestApp;
  let log: ReturnType<typeof memoryLogger>;
  beforeAll(async () => {
    log = memoryLogger();
    app = await startTestApp({ logger: log.logger, config: { rateLimits: { ...GENEROUS_RATE_LIMITS, loginPerAccount: { max: 2, windowSeconds: WINDOW } } } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** The security lines written while `act` ran (the response is complete when it returns). */
  async function securityLinesOf(act: () => Promise<unknown>): Promise<Line[]> {
    const before = log.lines().length;
    await act();
    return log.lines().slice(before).filter((l) => l.security === true);
  }

  const common = { security: true, level: 30, service: 'api', ip: expect.any(String), time: expect.any(Number), reqId: expect.any(String) };

  it('a failed sign-in names the account when the email is known, and nothing of the password', async () => {
    const user = await createUser(app.db);
    const wrong = 'not-the-password-4711';
    const lines = await securityLinesOf(() => app.post('/api/login.php', { email: user.email, password: wrong }));
    expect(lines).toEqual([{ ...common, msg: 'security: sign_in_failed', event: 'sign_in_failed', accountId: user.id, signIn: 'password', status: 401, method: 'POST', path: '/api/login.php' }]);
    const unknown = await securityLinesOf(() => app.post('/api/login.php', { email: uniqueEmail('nobody'), password: wrong }));
    expect(unknown).toEqual([{ ...common, msg: 'security: sign_in_failed', event: 'sign_in_failed', signIn: 'password', status: 401, method: 'POST', path: '/api/login.php' }]);
    expect(JSON.stringify(log.lines())).not.toContain(wrong);
  });

  it('a refused sign-in of a restricted account is one sign_in_failed line (403)', async () => {
    const user = await createUser(app.db, { status: 'Restricted' });
    const lines = await securityLinesOf(() => app.post('/api/login.php', { email: user.email, password: TEST_PASSWORD }));
    expect(lines).toEqual([expect.objectContaining({ event: 'sign_in_failed', accountId: user.id, status: 403 })]);
  });

  it('a sign-in', async () => {
    const user = await createUser(app.db);
    const lines = await securityLinesOf(() => login(app, user.email, TEST_PASSWORD));
    expect(lines).toEqual([{ ...common, msg: 'security: sign_in', event: 'sign_in', accountId: user.id, signIn: 'password', method: 'POST', path: '/api/login.php' }]);
  });

  it('a 401 (no session) and a 403 (visitor on an organizer call), path without the query string', async () => {
    const unauthorized = await securityLinesOf(async () => expect((await app.get('/api/my/orders?page=2')).status).toBe(401));
    expect(unauthorized).toEqual([{ ...common, msg: 'security: unauthorized', event: 'unauthorized', status: 401, method: 'GET', path: '/api/my/orders' }]);
    const visitor = await createUser(app.db);
    const { cookie } = await login(app, visitor.email, TEST_PASSWORD);
    const forbidden = await securityLinesOf(async () => expect((await getWith(app, '/api/organizer/events?x=1', cookie)).status).toBe(403));
    expect(forbidden).toEqual([{ ...common, msg: 'security: forbidden', event: 'forbidden', accountId: visitor.id, status: 403, method: 'GET', path: '/api/organizer/events' }]);
  });

  it('a login limit refusal (429) is one rate_limited line', async () => {
    const user = await createUser(app.db);
    for (let i = 0; i < 2; i++) expect((await app.post('/api/login.php', { email: user.email, password: 'wrong password' })).status).toBe(401);
    const lines = await securityLinesOf(async () => expect((await app.post('/api/login.php', { email: user.email, password: 'wrong password' })).status).toBe(429));
    expect(lines).toEqual([{ ...common, msg: 'security: rate_limited', event: 'rate_limited', status: 429, method: 'POST', path: '/api/login.php' }]);
  });

  it('an admin status change names the account, the admin and the new status', async () => {
    const admin = await createUser(app.db, { role: 'Admin' });
    const target = await createUser(app.db);
    const { cookie } = await login(app, admin.email, TEST_PASSWORD);
    const change = () => app.post(`/api/admin/accounts/${target.id}/status`, { status: 'Restricted' }, { Cookie: cookie });
    const lines = await securityLinesOf(async () => expect((await change()).status).toBe(200));
    expect(lines).toEqual([
      { ...common, msg: 'security: account_changed', event: 'account_changed', accountId: target.id, actorId: admin.id, change: { status: 'Restricted' }, method: 'POST', path: `/api/admin/accounts/${target.id}/status` },
    ]);
    // The same status again changes nothing and logs nothing.
    expect(await securityLinesOf(change)).toEqual([]);
  });
});

describe('logger redaction', () => {
  it('writes no secret header or body field of a logged request', () => {
    const { logger, lines } = memoryLogger();
    const headers = { cookie: 'session=c-secret', authorization: 'Bearer a-secret', 'idempotency-key': 'k-secret', 'x-csrf-token': 't-secret', accept: 'application/json' };
    const body = { email: 'someone@example.test', password: 'p-secret', code: '987654', sig: 's-secret' };
    logger.info({ req: { headers, body }, res: { headers: { 'set-cookie': 'session=r-secret' } } }, 'a request');
    logger.warn({ headers, body }, 'headers and body at the top');
    const written = JSON.stringify(lines());
    for (const secret of ['c-secret', 'a-secret', 'k-secret', 't-secret', 'p-secret', '987654', 's-secret', 'r-secret']) expect(written).not.toContain(secret);
    expect(lines()[0]).toMatchObject({ req: { headers: { accept: 'application/json', cookie: '[redacted]' }, body: { email: 'someone@example.test', password: '[redacted]' } } });
  });
});

describe('security log of Google sign-in', () => {
  let jwks: LocalJwks;
  let key: TestKey;
  let app: TestApp;
  let log: ReturnType<typeof memoryLogger>;
  beforeAll(async () => {
    key = rsaKey();
    jwks = await startJwks([key]);
    log = memoryLogger();
    app = await startTestApp({ logger: log.logger, config: { google: { clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: jwks.url, jwksRefetchCooldownMs: 0 } } });
  });
  afterAll(async () => {
    await app?.stop();
    await jwks?.close();
  });

  it('a Google sign-in is sign_in (google) with the account; a refused token is sign_in_failed with the address only', async () => {
    const credential = signIdToken(key, googleClaims());
    const res = await app.post('/api/google-login.php', { credential });
    expect(res.status).toBe(200);
    const { user_id: userId } = (await res.json()) as { user_id: number };
    const bad = signIdToken(rsaKey(), googleClaims());
    expect((await app.post('/api/google-login.php', { credential: bad })).status).toBe(401);
    const lines = log.lines().filter((l) => l.security === true);
    expect(lines).toEqual([
      expect.objectContaining({ event: 'sign_in', signIn: 'google', accountId: userId, path: '/api/google-login.php' }),
      expect.objectContaining({ event: 'sign_in_failed', signIn: 'google', status: 401, ip: expect.any(String), path: '/api/google-login.php' }),
    ]);
    expect(lines[1]).not.toHaveProperty('accountId');
    const written = JSON.stringify(log.lines());
    expect(written).not.toContain(credential);
    expect(written).not.toContain(bad);
  });
});

describe('the log of a whole session holds no secret', () => {
  let app: BookingApp;
  let log: ReturnType<typeof memoryLogger>;
  beforeAll(async () => {
    log = memoryLogger();
    app = await startBookingApp({ logger: log.logger });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('register, sign in, reset request and a wrong code, pay, read and verify the ticket', async () => {
    const password = `secret-pass-${Date.now()}-xyz`;
    const body = await registration(app.db, { password });
    const email = body.email as string;
    expect((await app.request('POST', '/api/register.php', { body })).status).toBe(201);
    const confirmToken = await confirmationTokenFor(app.db, email);
    await confirmAddress(app, email);

    const signedIn = await app.request('POST', '/api/login.php', { body: { email, password } });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0] as string).find((c) => c.startsWith('session=')) as string;
    const token = cookie.slice('session='.length);

    const afterId = (await mailsFor(app.db, email))[0]?.id ?? 0;
    expect((await app.request('POST', '/api/request-password-reset.php', { body: { email } })).status).toBe(200);
    const code = codeIn((await waitForMail(app.db, email, { afterId })).text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await app.request('POST', '/api/verify-reset-code.php', { body: { email, code: wrongCode } })).status).toBe(400);

    const eventId = await createEvent(app.db);
    const held = await book(app, cookie, eventId, 1, [1, 2]);
    const orderId = held.body.order?.orderId as number;
    const idempotencyKey = `pay-key-${Date.now()}-secret`;
    const paid = await json<OrderResponse>(await app.request('POST', `/api/orders/${orderId}/pay`, { cookie, headers: { 'Idempotency-Key': idempotencyKey }, body: { paymentMethod: 'gcash', paymentType: 'full' } }));
    expect(paid.status).toBe(200);
    const tickets = paid.body.order.tickets ?? [];
    expect(tickets.length).toBe(2);
    const sigs = tickets.map((t) => parseTicketQr(t.qr as string)?.sig as string);
    for (const t of tickets) {
      expect((await app.request('GET', `/api/tickets/${t.ticketId as string}`, { cookie })).status).toBe(200);
      expect((await app.request('POST', '/api/tickets/verify', { body: { qr: t.qr } })).status).toBe(200);
    }
    // Wait for the ticket mail (written in the background) so its log line is in the scan.
    await waitForMail(app.db, email, { afterId: 0, timeoutMs: 5_000 });
    await new Promise((r) => setTimeout(r, 200));

    const written = JSON.stringify(log.lines());
    expect(written).toContain('"event":"sign_in"');
    for (const secret of [password, code, token, confirmToken, idempotencyKey, ...sigs]) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      // Whole tokens only: a 6-digit code may occur inside a timestamp by chance.
      const alone = new RegExp(`(?<![0-9A-Za-z_-])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z_-])`);
      expect(alone.test(written) ? `${secret} in ${log.lines().filter((l) => alone.test(JSON.stringify(l))).map((l) => JSON.stringify(l)).join('\n')}` : null).toBeNull();
    }
  }, 60_000);
});
