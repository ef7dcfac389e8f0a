import { randomBytes } from 'node:crypto';
import type { RegisterRequest, RoleName } from '@sports/contracts';
import { hashPassword } from '../../src/auth/passwords';
import type { Db, Queryable } from '../../src/db';
import type { TestApp } from './helpers';

/** An address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
}

export const TEST_PASSWORD = 'correct horse battery';

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/** An account made directly in the database (argon2id hash like a registration would make). */
export async function createUser(db: Queryable, options: { role?: RoleName; status?: 'Active' | 'Inactive' | 'Restricted'; email?: string; password?: string; firstName?: string } = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(options.role?.toLowerCase() ?? 'participant');
  const password = options.password ?? TEST_PASSWORD;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role_id, status)
     SELECT $1, $2, $3, 'Tester', r.id, $4 FROM roles r WHERE r.name = $5 RETURNING id`,
    [email, await hashPassword(password), options.firstName ?? 'Test', options.status ?? 'Active', options.role ?? 'Participant'],
  );
  return { id: (rows[0] as { id: number }).id, email, password };
}

/** The `name=value` pair of the session cookie a response sets (`session`, or `__Host-session` over HTTPS), or null. */
export function sessionCookieOf(res: Response): string | null {
  const header = res.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c));
  return header ? (header.split(';')[0] as string) : null;
}

export async function login(app: TestApp, email: string, password: string, headers: Record<string, string> = {}): Promise<{ res: Response; cookie: string }> {
  const res = await app.post('/api/login.php', { email, password }, headers);
  const cookie = sessionCookieOf(res);
  if (res.status !== 200 || !cookie) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  return { res, cookie };
}

/** GET with a session cookie. */
export function getWith(app: TestApp, path: string, cookie: string | null): Promise<Response> {
  return app.get(path, cookie ? { headers: { Cookie: cookie } } : {});
}

/** GET /api/me with a session cookie: whom the server takes it for (always 200), and why not when it is refused. */
export async function whoIs(app: TestApp, cookie: string | null): Promise<{ user: { user_id: number; role_name: string } | null; refusal?: string }> {
  const res = await getWith(app, '/api/me', cookie);
  if (res.status !== 200) throw new Error(`GET /api/me answered ${res.status}`);
  return (await res.json()) as { user: { user_id: number; role_name: string } | null; refusal?: string };
}

/** A real address chain from the loaded PSGC data (a Quezon City barangay). */
export async function validAddress(db: Queryable): Promise<Pick<RegisterRequest, 'region_id' | 'province_id' | 'city_id' | 'barangay_id'>> {
  const { rows } = await db.query<{ region_id: string; province_id: string; city_id: string; barangay_id: string }>(
    `SELECT p.region_code AS region_id, p.code AS province_id, c.code AS city_id, b.code AS barangay_id
     FROM barangays b JOIN cities c ON c.code = b.city_code JOIN provinces p ON p.code = c.province_code
     WHERE c.name = 'Quezon City' ORDER BY b.code LIMIT 1`,
  );
  const row = rows[0];
  if (!row) throw new Error('no PSGC data loaded');
  return row;
}

export async function registration(db: Queryable, overrides: Partial<Record<keyof RegisterRequest, unknown>> = {}): Promise<Record<string, unknown>> {
  return {
    first_name: 'Juan',
    last_name: 'Dela Cruz',
    middle_initial: 'P',
    suffix: 'Jr',
    gender: 'Male',
    ...(await validAddress(db)),
    house_address: '12 Sampaguita St.',
    email: uniqueEmail('register'),
    password: TEST_PASSWORD,
    ...overrides,
  };
}

export interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  text: string;
}

/** Every mail of the development outbox for `to`, newest first. */
export async function mailsFor(db: Queryable, to: string): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>('SELECT id::int AS id, "to", subject, text FROM mail_outbox WHERE lower("to") = lower($1) ORDER BY id DESC', [to]);
  return rows;
}

/**
 * The newest outbox mail for `to` with an id above `afterId`, waiting up to timeoutMs (the
 * reset mail goes out after the API has answered).
 */
export async function waitForMail(db: Queryable, to: string, options: { afterId?: number; timeoutMs?: number } = {}): Promise<OutboxRow> {
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  for (;;) {
    const mail = (await mailsFor(db, to))[0];
    if (mail && mail.id > (options.afterId ?? 0)) return mail;
    if (Date.now() > deadline) throw new Error(`no mail for ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no 6-digit code in: ${text}`);
  return match[1] as string;
}

export async function countUsersByEmail(db: Db, email: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0]?.n ?? 0;
}

/** The token of the newest confirmation link mailed to `to` (waits for the mail queue to send it). */
export async function confirmationTokenFor(db: Queryable, to: string, options: { afterId?: number } = {}): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mail = (await mailsFor(db, to)).find((m) => m.subject === 'Confirm your email address' && m.id > (options.afterId ?? 0));
    const token = mail ? /\/confirm-email\?token=([A-Za-z0-9_-]{43})\b/.exec(mail.text)?.[1] : undefined;
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no confirmation link mailed to ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Confirms the address of a registration through the link mailed to it (as its owner would). */
export async function confirmAddress(app: { db: Db; url: string }, email: string): Promise<void> {
  const token = await confirmationTokenFor(app.db, email);
  const res = await fetch(`${app.url}/api/auth/confirm-email`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) });
  if (res.status !== 200) throw new Error(`confirming ${email} failed: ${res.status} ${await res.text()}`);
}
