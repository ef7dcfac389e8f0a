// What a benchmark against the real stack starts with: the API built (tsc -b), a fresh embedded
// PostgreSQL in `dataDir` with a database `bench`, migrated and seeded by api/dist/seed.js, a small
// pool for the bench's own SQL, and the environment the API processes get (development, no SMTP:
// mail goes to mail_outbox); then API processes on that environment. Everything started is stopped
// by cleanup.mjs.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/install.mjs';
import { stops } from './cleanup.mjs';

const SMTP_SETTINGS = ['SMTP_URL', 'SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'SMTP_SECURE'];

/**
 * `env`: settings of the API processes beside DATABASE_URL (LOG_LEVEL, rate limits, secrets).
 * `statStatements`: PostgreSQL starts with pg_stat_statements preloaded (every statement counted,
 * nested ones too), and the database has the extension.
 */
export async function startBenchDatabase({ dataDir, applicationName, env: extra = {}, log = console.log, statStatements = false }) {
  const { startPostgres } = await import('../../scripts/lib/postgres.mjs');
  const { default: pg } = await import('pg');
  log('building the API (tsc -b packages/contracts packages/seating api)');
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'packages/seating', 'api'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the API build failed');

  rmSync(dataDir, { recursive: true, force: true });
  let pgServer = await startPostgres({ dataDir, port: 0 });
  stops.push(() => pgServer.stop());
  if (statStatements) {
    const admin = new pg.Client({ connectionString: pgServer.url('postgres') });
    await admin.connect();
    await admin.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    await admin.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
    await admin.end();
    const { port } = pgServer;
    await pgServer.stop();
    pgServer = await startPostgres({ dataDir, port });
  }
  await pgServer.createDatabase('bench', { dropFirst: true });
  const databaseUrl = pgServer.url('bench');
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: applicationName });
  db.on('error', () => undefined);
  stops.push(() => db.end());
  if (statStatements) await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');

  const env = { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, API_HOST: '127.0.0.1', ...extra };
  for (const name of SMTP_SETTINGS) delete env[name];
  log('migrating and seeding');
  const seed = spawnSync(process.execPath, [join(ROOT, 'api', 'dist', 'seed.js')], { cwd: ROOT, env: { ...env, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('the seed failed');
  return { databaseUrl, db, env };
}

/**
 * An API process (node api/dist/server.js) with `env` on a free loopback port; resolves once it
 * answers /api/health. BENCH_API_NODE_ARGS passes node flags to it (e.g. --cpu-prof).
 */
export async function startBenchApi(env, name = 'api') {
  const { startProcess, stopChild, waitForHttp } = await import('../../scripts/lib/processes.mjs');
  const { freePort } = await import('../../scripts/lib/free-port.mjs');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child } = startProcess(name, process.execPath, [...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean), join(ROOT, 'api', 'dist', 'server.js')], { cwd: ROOT, env: { ...env, API_PORT: String(port) } });
  stops.push(() => stopChild(child));
  await waitForHttp(`${base}/api/health`, child, 60_000);
  return { base, child };
}
