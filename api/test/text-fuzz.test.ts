// Text PostgreSQL cannot store (U+0000, unpaired surrogates) and percent-encoding that is not UTF-8,
// sent into every route's path ids, query string and JSON body, signed out and with the role the
// route needs: a 400 with a clear error each time, never a 5xx (docs/requests.md).
import { createApp } from '../src/app';
import type { Db } from '../src/db';
import { createLogger } from '../src/logger';
import { login } from './support/accounts';
import { startTestApp, testConfig } from './support/helpers';
import type { TestApp } from './support/helpers';
import { registeredRoutes } from './support/routes';

jest.setTimeout(180_000);

/** Percent-encoded text a path segment or query value may carry: NUL, encoded surrogates, encodings that are not UTF-8. */
const BAD_ENCODED = ['%00', 'a%00b', '%ED%A0%80', '%ED%B0%80', '%ZZ', '%C3', '%E0%A4%A', '%', '%F0%9F%8E'];
/** Query names the routes read (and some they do not): any of them may carry the bad text. */
const QUERY_NAMES = ['q', 'search', 'page', 'status', 'genre', 'role', 'year', 'event_id', 'section_id', 'count', 'w', 'from', 'to'];
/** Strings JSON can carry that PostgreSQL text cannot. */
const BAD_STRINGS = ['\u0000', 'text\u0000', '\uD800', 'a\uDC00b', '\uDBFF\uDBFF\uDFFF\uDFFF\uDC00'];
/** Body fields the forms send: each body sets all of them to one bad string. */
const BODY_FIELDS = ['email', 'password', 'name', 'first_name', 'message', 'comment', 'reason', 'title', 'description', 'code', 'qr', 'status', 'paymentMethod', 'idempotencyKey'];

function badBodies(): string[] {
  const bodies: unknown[] = [];
  for (const bad of BAD_STRINGS) {
    bodies.push(Object.fromEntries(BODY_FIELDS.map((field) => [field, bad])));
    bodies.push({ [`key${bad}`]: 1 });
    bodies.push({ items: [{ nested: [1, 'fine', bad] }] });
  }
  // Deeper than any recursion limit a check might have had.
  let deep: unknown = '\u0000';
  for (let i = 0; i < 200; i += 1) deep = { level: [deep] };
  bodies.push(deep);
  // JSON.stringify escapes unpaired surrogates (\ud800): the server's parser turns them back into one.
  return bodies.map((body) => JSON.stringify(body));
}

const BOUND = '1';
const pathWith = (path: string, value: string): string => path.replace(/:[A-Za-z_]+/g, value);

describe('text PostgreSQL cannot hold, into every route', () => {
  let app: TestApp;
  const cookies: Record<'Participant' | 'Organizer' | 'Admin', string> = { Participant: '', Organizer: '', Admin: '' };
  const routes = registeredRoutes(createApp(testConfig(), { db: {} as Db, logger: createLogger('silent') }));

  beforeAll(async () => {
    app = await startTestApp();
    for (const role of ['Participant', 'Organizer', 'Admin'] as const) {
      const email = role === 'Participant' ? 'visitor@demo.local' : `${role.toLowerCase()}@demo.local`;
      cookies[role] = (await login(app, email, 'demo-pass-2025')).cookie;
    }
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  /** The route's role cookie: Admin under /api/admin, Organizer under /api/organizer, else a visitor. */
  const roleCookie = (path: string): string => (path.startsWith('/api/admin/') ? cookies.Admin : path.startsWith('/api/organizer/') ? cookies.Organizer : cookies.Participant);

  /** Every answer is a 400 with `{ success: false, error }`; the failures are listed, not thrown one by one. */
  async function refusals(requests: { method: string; url: string; body?: string }[], cookie: string | null): Promise<string[]> {
    const wrong: string[] = [];
    for (const { method, url, body } of requests) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (cookie) headers.Cookie = cookie;
      const res = await app.get(url, { method, headers, ...(body === undefined ? {} : { body }) });
      const text = await res.text();
      let answer: { success?: unknown; error?: unknown } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        // Not JSON: reported below.
      }
      if (res.status !== 400 || answer.success !== false || typeof answer.error !== 'string' || answer.error.length === 0) {
        wrong.push(`${method} ${url.slice(0, 120)} ${body?.slice(0, 60) ?? ''} -> ${res.status} ${text.slice(0, 120)}`);
      }
    }
    return wrong;
  }

  it('finds the routes, those mounted before sign-in checks included', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toEqual(expect.arrayContaining([
      { method: 'GET', path: '/api/events/search' },
      { method: 'POST', path: '/backend/api/book-seats.php' },
      { method: 'POST', path: '/api/orders/:id/pay' },
      { method: 'GET', path: '/api/admin/accounts' },
    ]));
  });

  it.each(['signed out', 'with the role the route needs'])('path ids, query strings and JSON bodies, %s: 400, never a 5xx', async (who) => {
    const wrong: string[] = [];
    for (const { method, path } of routes) {
      const requests: { method: string; url: string; body?: string }[] = [];
      // A write carries a JSON body, or the cross-site check refuses it first (415).
      const empty = method === 'GET' || method === 'HEAD' ? {} : { body: '{}' };
      if (path.includes(':')) for (const bad of BAD_ENCODED) requests.push({ method, url: pathWith(path, bad), ...empty });
      const url = pathWith(path, BOUND);
      for (const bad of BAD_ENCODED) {
        requests.push({ method, url: `${url}?${QUERY_NAMES.map((name) => `${name}=${bad}`).join('&')}`, ...empty });
        requests.push({ method, url: `${url}?${bad}=1`, ...empty });
      }
      if (method !== 'GET' && method !== 'HEAD') for (const body of badBodies()) requests.push({ method, url, body });
      wrong.push(...(await refusals(requests, who === 'signed out' ? null : roleCookie(path))));
    }
    expect(wrong).toEqual([]);
  });

  it('the search of the probe: NUL, a surrogate and bad encoding are 400 with the reason; good text still searches', async () => {
    const answers = await Promise.all(['%00', '%ED%A0%80', '%ZZ', 'ok%00'].map(async (q) => {
      const res = await app.get(`/api/events/search?q=${q}`);
      return [q, res.status, await res.json()];
    }));
    expect(answers).toEqual([
      ['%00', 400, { success: false, error: 'Text must not contain NUL characters' }],
      ['%ED%A0%80', 400, { success: false, error: 'Malformed URL' }],
      ['%ZZ', 400, { success: false, error: 'Malformed URL' }],
      ['ok%00', 400, { success: false, error: 'Text must not contain NUL characters' }],
    ]);
    for (const q of ['%F0%9F%8E%9F', '100%25', 'caf%C3%A9', '%E2%80%8B']) expect([q, (await app.get(`/api/events/search?q=${q}`)).status]).toEqual([q, 200]);
  });

  it('a JSON body: bad text in a value or a key is 400 with the reason, before the route checks the session', async () => {
    const post = (raw: string) => app.get('/api/feedback', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: raw });
    const answers = await Promise.all(['{"comment":"\\u0000"}', '{"comment":"\\ud800"}', '{"\\u0000":1}', '{"rating":5,"comment":["ok","\\udfff"]}'].map(async (raw) => {
      const res = await post(raw);
      return [raw, res.status, await res.json()];
    }));
    const surrogate = 'Text must be valid Unicode (no unpaired surrogate characters)';
    expect(answers).toEqual([
      ['{"comment":"\\u0000"}', 400, { success: false, error: 'Text must not contain NUL characters' }],
      ['{"comment":"\\ud800"}', 400, { success: false, error: surrogate }],
      ['{"\\u0000":1}', 400, { success: false, error: 'Text must not contain NUL characters' }],
      ['{"rating":5,"comment":["ok","\\udfff"]}', 400, { success: false, error: surrogate }],
    ]);
    // A surrogate pair (an emoji written as \ud83c\udf9f) is good text: the route answers (sign-in needed).
    expect((await post('{"rating":5,"comment":"\\ud83c\\udf9f"}')).status).toBe(401);
  });

  it('bytes that are not UTF-8 in a JSON body are read as U+FFFD: never a 5xx', async () => {
    const raw = Buffer.from([...Buffer.from('{"comment":"'), 0xff, 0xc3, ...Buffer.from('"}')]);
    const res = await app.get('/api/feedback', { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookies.Participant }, body: raw });
    expect(res.status).toBeLessThan(500);
  });
});
