// POST /api/tickets/verify is rate-limited per client address like login
// (RATE_LIMIT_TICKET_VERIFY_IP), so the public check cannot be used to guess tickets at speed.
import { randomBytes } from 'node:crypto';
import { GENEROUS_RATE_LIMITS, startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

const WINDOW = 30 * 86_400;
const address = () => `2001:db8:77:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;

describe('ticket verify rate limit', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = { trustProxy: 'loopback', rateLimits: { ...GENEROUS_RATE_LIMITS, ticketVerifyPerIp: { max: 3, windowSeconds: WINDOW } } };
    // Two API instances: the count is kept in PostgreSQL, not in a process.
    a = await startTestApp({ config });
    b = await startTestApp({ config, prepare: false });
  }, 60_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it('answers 429 with Retry-After past the limit, for that address only, across instances', async () => {
    const ip = address();
    const verify = (app: TestApp, from: string) => app.post('/api/tickets/verify', { qr: '{"not":"a ticket"}' }, { 'X-Forwarded-For': from });
    for (const app of [a, b, a]) {
      const res = await verify(app, ip);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, valid: false, reason: 'malformed' });
    }
    const refused = await verify(b, ip);
    expect(refused.status).toBe(429);
    // The wait is said in words from Retry-After: hours, for this 30-day window.
    expect(await refused.json()).toEqual({ success: false, error: expect.stringMatching(/^Too many attempts\. Please try again in \d+ hours\.$/) });
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    // Another address is not affected.
    expect((await verify(a, address())).status).toBe(200);
  });
});
