import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config';
import type { Clock } from '../../src/clock';
import type { Config, RateLimits } from '../../src/config';
import { createDb, migrate } from '../../src/db';
import type { Db, DbOptions } from '../../src/db';
import { seedDemo } from '../../src/demo/seed-demo';
import { loadLocations } from '../../src/locations/psgc-loader';
import type { Mailer } from '../../src/mail/mailer';
import { createLogger } from '../../src/logger';
import type { Logger } from '../../src/logger';
import { start } from '../../src/server';

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the api global setup should have started PostgreSQL');
  return url;
}

/**
 * Every test file shares one database and calls from 127.0.0.1: by default the test apps get
 * limits no suite reaches. Rate-limit tests set small ones (and their own client addresses, in
 * X-Forwarded-For: TestApp's get and post send PROXY_SECRET as the shell's proxy does).
 */
export const GENEROUS_RATE_LIMITS: RateLimits = {
  loginPerAccount: { max: 100_000, windowSeconds: 60 },
  loginPerIp: { max: 100_000, windowSeconds: 60 },
  loginPerAccountIp: { max: 100_000, windowSeconds: 60 },
  loginPerDevice: { max: 100_000, windowSeconds: 60 },
  resetRequestPerAccount: { max: 100_000, windowSeconds: 60 },
  resetRequestPerIp: { max: 100_000, windowSeconds: 60 },
  resetVerifyPerIp: { max: 100_000, windowSeconds: 60 },
  feedbackPerIp: { max: 100_000, windowSeconds: 60 },
  inquiryPerIp: { max: 100_000, windowSeconds: 60 },
  ticketVerifyPerIp: { max: 100_000, windowSeconds: 60 },
  registerPerIp: { max: 100_000, windowSeconds: 60 },
};

/** The test apps' PROXY_SECRET (docs/requests.md): a request carrying it may name its client. */
export const TEST_PROXY_SECRET = 'test-proxy-secret-0123456789abcdef';

/** The header the shell's proxy adds: TestApp's get and post send it when the app has a PROXY_SECRET. */
export function proxyHeaders(config: Pick<Config, 'proxySecret'>): Record<string, string> {
  return config.proxySecret === null ? {} : { 'X-Proxy-Secret': config.proxySecret };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const { config } = loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDatabaseUrl(), API_PORT: '0', API_HOST: '127.0.0.1', LOG_LEVEL: 'silent', PROXY_SECRET: TEST_PROXY_SECRET });
  return { ...config, rateLimits: GENEROUS_RATE_LIMITS, ...overrides };
}

/** Migrations, PSGC locations and demo seed on the shared test database (all idempotent and lock-protected). */
export async function prepareDatabase(db: Db): Promise<void> {
  await migrate(db);
  // A loader queues behind another test worker's load (advisory locks) for longer than an API
  // connection's lock_timeout allows: it gets a connection without the API's timeouts.
  const loader = createDb(testDatabaseUrl(), { max: 1, lockTimeoutMillis: 0, statementTimeoutMillis: 0 });
  try {
    await loadLocations(loader);
    await seedDemo(loader);
  } finally {
    await loader.close();
  }
}

export interface TestApp {
  url: string;
  db: Db;
  config: Config;
  /** fetch of a path, sending the app's PROXY_SECRET as the shell's proxy would (so X-Forwarded-For counts). */
  get(path: string, init?: RequestInit): Promise<Response>;
  /** POST of a JSON body (Content-Type application/json), with extra headers such as Cookie; PROXY_SECRET as get. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/** The real app on a real port (0 = any free one), over the given database. */
export interface TestAppOptions {
  databaseUrl?: string;
  logger?: Logger;
  prepare?: boolean;
  config?: Partial<Config>;
  mailer?: Mailer;
  /** The app's "now" (holds, ticket sales); default: the system clock. */
  clock?: Clock;
  /** Connections of the app's pool (default 10). */
  poolMax?: number;
  /** Other options of the app's pool (timeouts, application_name). */
  dbOptions?: DbOptions;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig({ ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}), ...options.config });
  const db = createDb(config.databaseUrl, { connectionTimeoutMillis: 5_000, ...(options.poolMax ? { max: options.poolMax } : {}), ...options.dbOptions });
  try {
    if (options.prepare !== false) await prepareDatabase(db);
    const running = await start({
      config,
      db,
      logger: options.logger ?? createLogger('silent'),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    return {
      url: running.url,
      db,
      config,
      get: (path, init) => {
        const headers = new Headers(init?.headers);
        for (const [name, value] of Object.entries(proxyHeaders(config))) headers.set(name, value);
        return fetch(`${running.url}${path}`, { ...init, headers });
      },
      post: (path, body, headers = {}) =>
        fetch(`${running.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers, ...proxyHeaders(config) }, body: JSON.stringify(body) }),
      async stop() {
        await running.stop();
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** A URL of the test database whose sessions see only `schema` (an empty, private namespace). */
export function urlWithSearchPath(schema: string): string {
  const url = new URL(testDatabaseUrl());
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export interface FreshSchema {
  schema: string;
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** A brand-new empty schema in the test database, for tests that start from nothing. */
export async function freshSchema(): Promise<FreshSchema> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = createDb(testDatabaseUrl(), { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = urlWithSearchPath(schema);
  const db = createDb(url, { max: 4 });
  return {
    schema,
    url,
    db,
    async drop() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

/** A copy filter (fs.cp) that keeps the migrations numbered before `version` ('0305') and everything that is not a migration. */
export function migrationsBefore(version: string): (src: string) => boolean {
  return (src) => {
    const name = path.basename(src);
    return !/^\d{4}_/.test(name) || name < `${version}_`;
  };
}

/** Structure of a schema: columns, constraints and indexes, in a stable order. */
export async function schemaSnapshot(db: Db, schema: string): Promise<unknown> {
  const { rows } = await db.query<{ snapshot: unknown }>(
    `SELECT json_build_object(
       'columns', (SELECT json_agg(json_build_array(table_name, column_name, data_type, is_nullable, column_default) ORDER BY table_name, ordinal_position)
                   FROM information_schema.columns WHERE table_schema = $1),
       'constraints', (SELECT json_agg(d ORDER BY d) FROM (
                         SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS d
                         FROM pg_constraint WHERE connamespace = $1::regnamespace) c),
       'indexes', (SELECT json_agg(indexdef ORDER BY indexname) FROM pg_indexes WHERE schemaname = $1)
     ) AS snapshot`,
    [schema],
  );
  return rows[0]?.snapshot;
}

/** A TCP port on 127.0.0.1 where nothing listens. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A logger whose JSON lines are kept in memory, to check what the app logged. */
export function memoryLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  const logger = createLogger('info', stream);
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
