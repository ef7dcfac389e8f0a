// Booking test support: the real app over HTTP with a movable clock, throwaway events and
// accounts, and sessions opened through the real login endpoint.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { BookSeatsResponse } from '@sports/contracts';
import { offsetClock, systemClock } from '../../src/clock';
import type { Clock, OffsetClock } from '../../src/clock';
import type { SessionClaims } from '../../src/auth/session-token';
import { createSession } from '../../src/auth/sessions.repository';
import { retrying } from '../../src/db/retry';
import type { BookingDeps } from '../../src/booking/booking.service';
import { createHoldBatcher } from '../../src/booking/hold-seats';
import { createLiveSeats } from '../../src/booking/live-seats';
import { RecordOnlyProvider } from '../../src/booking/payment';
import { createSectionCatalog } from '../../src/sections/section-catalog';
import { createTicketSigner } from '../../src/orders/ticket-signing';
import type { Config } from '../../src/config';
import type { Db, DbOptions } from '../../src/db';
import { createLogger } from '../../src/logger';
import type { Logger } from '../../src/logger';
import type { Mailer } from '../../src/mail/mailer';
import { createRateLimiter } from '../../src/rate-limit/rate-limiter';
import { GENEROUS_RATE_LIMITS, proxyHeaders, startTestApp, testConfig } from './helpers';

export const PASSWORD = 'booking-test-pass-2025';
/** MAX_SEATS_PER_ACCOUNT of the test apps unless a test sets its own. */
export const GENEROUS_SEAT_CAP = 100_000;
let passwordHash: Promise<string> | undefined;

export interface BookingApp {
  url: string;
  db: Db;
  config: Config;
  clock: OffsetClock;
  request(method: string, path: string, options?: { body?: unknown; cookie?: string; headers?: Record<string, string>; raw?: string }): Promise<Response>;
  stop(): Promise<void>;
}

/** The real app (same start() as production) on port 0, with an offset clock the test moves. */
export async function startBookingApp(
  options: { config?: Partial<Config>; prepare?: boolean; poolMax?: number; dbOptions?: DbOptions; mailer?: Mailer; logger?: Logger } = {},
): Promise<BookingApp> {
  // No sweep timer by default: a test that moves this app's clock forward must not expire the
  // holds of other suites sharing the database (the sweep is tested in a schema of its own).
  // A per-account cap no storm reaches (its few accounts make hundreds of holds): the cap has
  // tests of its own (booking-cap.test.ts), like the rate limits.
  const base = testConfig();
  const clock = offsetClock();
  const app = await startTestApp({
    config: { booking: { ...base.booking, holdSweepSeconds: 0, maxSeatsPerAccount: GENEROUS_SEAT_CAP }, ...options.config },
    ...(options.prepare === false ? { prepare: false } : {}),
    clock,
    poolMax: options.poolMax ?? 20,
    ...(options.dbOptions ? { dbOptions: options.dbOptions } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    url: app.url,
    db: app.db,
    config: app.config,
    clock,
    request(method, path, { body, cookie, headers = {}, raw } = {}) {
      const h: Record<string, string> = { ...headers, ...proxyHeaders(app.config) };
      if (cookie) h.Cookie = cookie;
      if ((body !== undefined || raw !== undefined) && h['Content-Type'] === undefined) h['Content-Type'] = 'application/json';
      return fetch(`${app.url}${path}`, { method, headers: h, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
    },
    stop: () => app.stop(),
  };
}

const tag = (): string => randomBytes(5).toString('hex');

/** An approved event of its own (so test files never share seats), starting in 30 days by default. */
export async function createEvent(db: Db, options: { price?: number; startsAt?: Date; status?: 'Approved' | 'Pending' } = {}): Promise<number> {
  const startsAt = options.startsAt ?? new Date(Date.now() + 30 * 86_400_000);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
     VALUES ('sports', $1, 'Booking test event', $2, true, $3, $4) RETURNING id`,
    [`Booking test ${tag()}`, startsAt, options.price ?? 150, options.status ?? 'Approved'],
  );
  return (rows[0] as { id: number }).id;
}

export interface TestUser {
  id: number;
  email: string;
}

/** A Participant account with PASSWORD (stored the way registration stores it: argon2id). */
export async function createUser(db: Db): Promise<TestUser> {
  passwordHash ??= argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const email = `booking-${tag()}@test.local`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role_id, status)
     SELECT $1, $2, 'Booking', 'Tester', r.id, 'Active' FROM roles r WHERE r.name = 'Participant' RETURNING id`,
    [email, await passwordHash],
  );
  return { id: (rows[0] as { id: number }).id, email };
}

/** Logs in through POST /api/login.php and returns the Cookie header value of the session. */
export async function login(app: BookingApp, email: string): Promise<string> {
  const res = await app.request('POST', '/api/login.php', { body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] as string);
  const session = cookies.find((c) => c.startsWith('session='));
  if (!session) throw new Error(`login of ${email} set no session cookie: ${cookies.join(', ')}`);
  return session;
}

/** A test user logged in through the real login endpoint. */
export type Session = TestUser & { cookie: string };

export async function newSession(app: BookingApp): Promise<Session> {
  const user = await createUser(app.db);
  return { ...user, cookie: await login(app, user.email) };
}

export interface BookCall {
  status: number;
  body: BookSeatsResponse;
}

export async function book(app: BookingApp, cookie: string, eventId: unknown, sectionId: unknown, seats: unknown, extra: Record<string, unknown> = {}): Promise<BookCall> {
  const res = await app.request('POST', '/backend/api/book-seats.php', { cookie, body: { event_id: eventId, section_id: sectionId, seat_numbers: seats, user_id: 1, ...extra } });
  return { status: res.status, body: (await res.json()) as BookSeatsResponse };
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<{ status: number; body: T }> {
  return { status: res.status, body: (await res.json()) as T };
}

/** Rows that tell whether anything was stored for an event (fuzz tests: "nothing stored"). */
export async function storedFor(db: Db, eventId: number): Promise<{ orders: number; seats: number }> {
  const { rows } = await db.query<{ orders: number; seats: number }>(
    `SELECT (SELECT count(*)::int FROM orders WHERE event_id = $1) AS orders, (SELECT count(*)::int FROM order_seats WHERE event_id = $1) AS seats`,
    [eventId],
  );
  return rows[0] as { orders: number; seats: number };
}

/** The booking service's dependencies on `db` (for tests that call the service directly, in a schema of their own). */
export function serviceDeps(db: Db, clock: Clock = systemClock): BookingDeps {
  return {
    db,
    clock,
    settings: { maxSeatsPerOrder: 10, holdMinutes: 10, maxSeatsPerAccount: GENEROUS_SEAT_CAP, lawDiscountPercent: 20 },
    signer: createTicketSigner(generateKeyPairSync('ed25519').privateKey),
    payments: new RecordOnlyProvider(),
    sections: createSectionCatalog(db),
    holds: createHoldBatcher(db, { maxBatch: 64, maxInFlight: 1, run: retrying }),
    live: createLiveSeats({ db, databaseUrl: null }),
    verifyLimit: { limiter: createRateLimiter(db, createLogger('silent')), perIp: GENEROUS_RATE_LIMITS.ticketVerifyPerIp },
  };
}

/** `count` accounts with a live session row each (what the session cookie of each would name). */
export async function signedInUsers(db: Db, prefix: string, count: number): Promise<SessionClaims[]> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name) SELECT $1 || '-' || g || '@test.local', 'T', 'U' FROM generate_series(1, $2) g RETURNING id`,
    [prefix, count],
  );
  return Promise.all(rows.map(async ({ id }) => ({ userId: id, sessionId: (await createSession(db, id, 3600)).id })));
}
