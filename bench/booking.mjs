// `npm run bench:booking`: PRODUCT §8's booking bars and the batching targets below, measured on
// this machine in one run.
//
// A fresh PostgreSQL (pg_stat_statements preloaded), the migrated + seeded database, 4 API
// processes (node api/dist/server.js) on one DATABASE_URL and 100 logged-in users. Then, in three
// states of the database (fresh; with 1,000,000 orders; after TRUNCATE + refill of 1,000,000;
// each fill is followed by ANALYZE, as any bulk load should be, while the fresh, just seeded
// database gets none):
//   (a) Storm: 1,000 simultaneous book-seats calls on overlapping seats spread over the 4
//       processes. Seats sold twice (SQL, must be 0), whether every refusal named exactly the
//       seats that were taken, and latency (target p99 < 1 s).
//   (b) Throughput: book-seats calls/s through 2 API processes at concurrency 16 for 10 s, on
//       seats that never overlap, with the CPU the API processes and PostgreSQL spend per call
//       (from /proc), against pgbench running, at the same concurrency on the same database, the
//       transaction a single request made before batching: the landed statement (7a7c1e4) that
//       checks the session and the event and calls the released single-request book_hold
//       (0102_book_hold.sql of api/test/fixtures/released-migrations.json.gz, created here as
//       bench_landed_book_hold), prepared once per client (-M prepared).
//       Targets: ratio >= 1.0, API CPU <= 0.2 ms per call, PostgreSQL CPU per hold <= pgbench's
//       per transaction.
// Also printed: the plans and calls pg_stat_statements counted for the booking statements during
// (b), and (fresh database only) the cost of access logging: the same throughput run through 2 API
// processes at LOG_LEVEL=info writing every access line to /dev/null.
//
// BENCH_API_ROOT=<checkout> measures another build of the API (its api/dist and migrations) with
// this same harness, e.g. the landed code for a before/after comparison (BENCH_API_LABEL names it). BENCH_CONCURRENCY,
// BENCH_SECONDS, BENCH_PROCESS_COUNTS (default "2"), BENCH_FILL_ORDERS (default 1000000, 0 skips
// the filled phases) change the load; BENCH_API_NODE_ARGS passes node flags to the API processes.
//
// Loopback only; every loop is bounded; the processes it starts are stopped at the end (also on
// failure or Ctrl-C).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { seededRandom } from './lib/seeded-random.mjs';
import { HttpConnection } from './http-connection.mjs';
import { cpuMs, postmasterPid } from './lib/proc-cpu.mjs';
import { cleanup, stops, wasInterrupted } from './lib/cleanup.mjs';
import { freePort } from '../scripts/lib/free-port.mjs';

ensureInstalled();
const { startPostgres } = await import('../scripts/lib/postgres.mjs');
const { startProcess, stopChild, waitForHttp } = await import('../scripts/lib/processes.mjs');
const { default: pg } = await import('pg');

const API_ROOT = resolve(process.env.BENCH_API_ROOT ?? ROOT);
const STORM_PROCESSES = 4;
const PROCESS_COUNTS = (process.env.BENCH_PROCESS_COUNTS ?? '2').split(',').map(Number);
const TARGET_PROCESSES = 2;
const USERS = 100;
const STORM_CALLS = 1_000;
const STORM_SEAT_RANGE = 150;
const STORM_MAX_SEATS = 4;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const FILL_ORDERS = Number(process.env.BENCH_FILL_ORDERS ?? 1_000_000);
const DEMO_PASSWORD = 'demo-pass-2025';
/** Every event x section offers PAIRS pairs of seats (1-2, 3-4, ... 89-90): 90 fits the smallest section. */
const SECTIONS = 13;
const PAIRS = 45;
const SLOTS_PER_EVENT = SECTIONS * PAIRS;
const TARGETS = { stormP99Ms: 1_000, ratio: 1.0, apiCpuMs: 0.2 };


const log = (message) => console.log(`› ${message}`);
const ms = (n) => `${n.toFixed(1)} ms`;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** One keep-alive agent per API process; `maxSockets` bounds the connections (Infinity for the storm). */
function agents(count, maxSockets) {
  return Array.from({ length: count }, () => new http.Agent({ keepAlive: true, maxSockets }));
}

/** A JSON request over node:http (cheaper than fetch, so the load generator steals less CPU). */
function request(agent, port, method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: { ...(data ? { 'Content-Type': 'application/json', 'Content-Length': data.length } : {}), ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = { raw: text };
          }
          resolve({ status: res.statusCode, headers: res.headers, body: json });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

/** Runs fn (which answers { calls }) and adds `cpu`: CPU ms per call of each group (name -> { pids, tree }). */
async function perCall(groups, fn) {
  const used = () => Object.fromEntries(Object.entries(groups).map(([name, g]) => [name, cpuMs(g.pids(), g.tree)]));
  const before = used();
  const result = await fn();
  const after = used();
  const calls = result.calls || 1;
  return { ...result, cpu: Object.fromEntries(Object.keys(groups).map((name) => [name, (after[name] - before[name]) / calls])) };
}
/** Book calls per booking statement during a throughput run (NaN when the statement was not counted). */
const callsPerBatch = (run) => run.calls / (run.statements.find((st) => st.toplevel && st.query.startsWith('WITH req AS'))?.calls ?? NaN);
const cpuText = (cpu) => Object.entries(cpu).map(([name, v]) => `${name} ${v.toFixed(3)} ms`).join(', ');

/** The pgbench binary of Debian's PostgreSQL; installed with apt when missing and we are root. */
function findPgbench() {
  const find = () => {
    const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
    return versions.map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`).filter((f) => existsSync(f)).at(-1);
  };
  let found = find();
  if (found) return found;
  if (process.getuid?.() === 0) {
    // Debian 12: pgbench ships in the server package (postgresql-15), which postgresql-contrib pulls in.
    log('pgbench not found: apt-get install -y postgresql-contrib (brings postgresql-15, which ships pgbench)');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql-contrib'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    found = find();
  }
  return found ?? null;
}

/** Session ids pgbench can compute from a user id (the bench gives each bench user one). */
const PGBENCH_SESSION = (uid) => `('00000000-0000-4000-8000-' || lpad((${uid})::text, 12, '0'))::uuid`;

// The transaction a single book-seats request made before batching, exactly as the landed API
// sent it (api/src/booking/booking.repository.ts at 7a7c1e4, BOOK_HOLD, its SQL fragments
// resolved): the session check, the event check and the released book_hold, in one
// statement. Its parameters are pgbench variables here, prepared once per client (-M prepared);
// the time format is split in two literals because pgbench takes ":MI" in 'FMHH12:MI AM' for a
// variable.
const PGBENCH_SCRIPT = `
\\set slot :n * :nclients + :client_id
\\set n :n + 1
\\set ev :ev_base + :slot / ${SLOTS_PER_EVENT}
\\set sec 1 + (:slot % ${SLOTS_PER_EVENT}) / ${PAIRS}
\\set s1 1 + 2 * (:slot % ${PAIRS})
\\set s2 :s1 + 1
\\set uid :uid_base + :client_id % :users
WITH account AS (
  SELECT u.id FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = ${PGBENCH_SESSION(':uid')} AND s.user_id = (:uid)::int AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 'Active'
), target AS (
  SELECT e.id, e.title, to_char(e.starts_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS date,
         CASE WHEN e.has_time THEN to_char(e.starts_at AT TIME ZONE 'Asia/Manila', 'FMHH12:' || 'MI AM') END AS time, e.starts_at > now() AS selling
  FROM events e WHERE e.id = (:ev)::int AND e.status = 'Approved'
), hold AS (
  SELECT h.order_id, h.total_amount, h.taken
  FROM account, target, LATERAL bench_landed_book_hold(account.id, target.id, (:sec)::int, ARRAY[(:s1)::int, (:s2)::int], now(), now() + interval '10 minutes') h
  WHERE target.selling
)
SELECT EXISTS (SELECT 1 FROM account) AS signed_in, t.title, t.date, t.time, h.order_id, h.total_amount, h.taken
FROM (SELECT 1) one LEFT JOIN target t ON true LEFT JOIN hold h ON true;
`;

async function main() {
  log(`building the API in ${API_ROOT} (tsc -b packages/contracts packages/seating api)`);
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'packages/seating', 'api'], { cwd: API_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the API build failed');
  const apiCommit = process.env.BENCH_API_LABEL ?? (API_ROOT === ROOT ? spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() : API_ROOT);

  const dataDir = join(ROOT, '.data', 'bench-booking-pg');
  rmSync(dataDir, { recursive: true, force: true });
  log(`starting a fresh PostgreSQL in ${dataDir}`);
  let pgServer = await startPostgres({ dataDir, port: 0 });
  stops.push(() => pgServer.stop());
  // pg_stat_statements counts plans and calls (nested statements too): it must be preloaded.
  {
    const admin = new pg.Client({ connectionString: pgServer.url('postgres') });
    await admin.connect();
    await admin.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    await admin.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
    await admin.query('ALTER SYSTEM SET pg_stat_statements.track_planning = on');
    await admin.end();
    const { port } = pgServer;
    await pgServer.stop();
    pgServer = await startPostgres({ dataDir, port });
  }
  await pgServer.createDatabase('bench', { dropFirst: true });
  const databaseUrl = pgServer.url('bench');
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: 'bench' });
  // An idle client's connection ended by PostgreSQL's shutdown at cleanup is no failure of the bench
  // (without a listener pg-pool's 'error' event crashed it after every figure was printed).
  db.on('error', (err) => console.error('bench pool:', err.message));
  stops.push(() => db.end());

  const baseEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    API_HOST: '127.0.0.1',
    // The throughput runs measure booking; the access log's own cost is measured separately.
    LOG_LEVEL: 'error',
    // 2 cores also running PostgreSQL: a few busy connections per process beat many waiting ones.
    DATABASE_POOL_MAX: '3',
    // N users log in from 127.0.0.1 within seconds.
    RATE_LIMIT_LOGIN_IP: '100000/1m',
    RATE_LIMIT_LOGIN_ACCOUNT: '100000/1m',
    // The throughput phase books thousands of seats per event with 16 accounts: the per-account
    // cap still runs (its count is part of every call), but never refuses.
    MAX_SEATS_PER_ACCOUNT: '100000',
  };
  log(`migrating and seeding (node ${API_ROOT}/api/dist/seed.js)`);
  const seed = spawnSync(process.execPath, [join(API_ROOT, 'api', 'dist', 'seed.js')], { cwd: API_ROOT, env: { ...baseEnv, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('the seed failed');
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  // The released single-request book_hold, under its own name, for pgbench's baseline transaction.
  const released = JSON.parse(gunzipSync(readFileSync(join(ROOT, 'api', 'test', 'fixtures', 'released-migrations.json.gz'))).toString('utf8'));
  const landedSql = released['0102_book_hold.sql'].replace('CREATE FUNCTION book_hold(', 'CREATE FUNCTION bench_landed_book_hold(');
  await db.query(landedSql);

  const startApis = async (count, env = {}, quiet = false) => {
    const started = [];
    for (let i = 0; i < count; i += 1) {
      const port = await freePort();
      const args = [...(process.env.BENCH_API_NODE_ARGS ? process.env.BENCH_API_NODE_ARGS.split(' ') : []), join(API_ROOT, 'api', 'dist', 'server.js')];
      const envAll = { ...baseEnv, ...env, API_PORT: String(port) };
      let child;
      if (quiet) {
        // Access lines go to /dev/null: their cost is the API's work, not a pipe's reader.
        const devNull = openSync('/dev/null', 'w');
        child = spawn(process.execPath, args, { cwd: API_ROOT, env: envAll, stdio: ['ignore', devNull, 'inherit'] });
      } else {
        child = startProcess(`api${i + 1}`, process.execPath, args, { cwd: API_ROOT, env: envAll }).child;
      }
      stops.push(() => stopChild(child));
      started.push({ port, child });
    }
    for (const { port, child } of started) await waitForHttp(`http://127.0.0.1:${port}/api/health`, child, 60_000);
    return started;
  };
  const ports = await startApis(STORM_PROCESSES);
  log(`${STORM_PROCESSES} API processes (${apiCommit}) up on ports ${ports.map((p) => p.port).join(', ')}`);

  // Users: demo-ish participants sharing the demo password (hash copied from the seeded visitor),
  // each with a session pgbench can name too.
  const { rows: created } = await db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, role_id, status)
     SELECT 'bench-' || g || '@bench.local', (SELECT password_hash FROM users WHERE email = 'visitor@demo.local'), 'Bench', 'User ' || g,
            (SELECT id FROM roles WHERE name = 'Participant'), 'Active'
     FROM generate_series(1, $1) g RETURNING id, email`,
    [USERS],
  );
  await db.query(`INSERT INTO sessions (id, user_id, expires_at) SELECT ${PGBENCH_SESSION('u.id')}, u.id, now() + interval '1 day' FROM users u WHERE u.email LIKE 'bench-%'`);
  const loginAgents = agents(STORM_PROCESSES, 8);
  const cookies = [];
  const t0 = performance.now();
  for (let i = 0; i < created.length; i += 8) {
    const batch = created.slice(i, i + 8);
    const answers = await Promise.all(
      batch.map((u, j) => request(loginAgents[(i + j) % STORM_PROCESSES], ports[(i + j) % STORM_PROCESSES].port, 'POST', '/api/login.php', { email: u.email, password: DEMO_PASSWORD })),
    );
    for (const [j, a] of answers.entries()) {
      const cookie = (a.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('session='));
      if (a.status !== 200 || !cookie) throw new Error(`login of ${batch[j].email} failed: ${a.status} ${JSON.stringify(a.body)}`);
      cookies.push(cookie);
    }
  }
  for (const a of loginAgents) a.destroy();
  log(`${cookies.length} users logged in through POST /api/login.php in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const pgPid = () => postmasterPid(dataDir);
  const postgresGroup = { PostgreSQL: { pids: () => [pgPid()].filter(Boolean), tree: true } };
  const groupsFor = (list) => ({ API: { pids: () => list.map((p) => p.child.pid), tree: false }, ...postgresGroup, 'load generator': { pids: () => [process.pid], tree: false } });

  // ---------------------------------------------------------------- (a) the storm
  const storm = async () => {
    const { rows: ev } = await db.query(
      `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
       VALUES ('sports', 'Storm bench', 'Storm', now() + interval '60 days', true, 100, 'Approved') RETURNING id`,
    );
    const stormEvent = ev[0].id;
    // Like every throughput run: the checkpoint the fill's bulk writes call for is taken before the
    // storm, not left to land inside its one second.
    await db.query('CHECKPOINT');
    const stormSection = 5; // Upper Box F, 250 seats; the storm asks for seats 1..150
    const random = seededRandom(20250401);
    const requests = Array.from({ length: STORM_CALLS }, (_, i) => {
      const want = 1 + Math.floor(random() * STORM_MAX_SEATS);
      const seats = new Set();
      while (seats.size < want) seats.add(1 + Math.floor(random() * STORM_SEAT_RANGE));
      return { user: i % USERS, seats: [...seats] };
    });
    const stormAgents = agents(STORM_PROCESSES, Infinity);
    const stormStart = performance.now();
    const results = await Promise.all(
      requests.map(async (r, i) => {
        const sentAt = performance.now();
        const a = await request(stormAgents[i % STORM_PROCESSES], ports[i % STORM_PROCESSES].port, 'POST', '/backend/api/book-seats.php', { event_id: stormEvent, section_id: stormSection, seat_numbers: r.seats, user_id: 1 }, { Cookie: cookies[r.user] }).catch((err) => ({ status: 0, body: { error: String(err?.message ?? err) } }));
        const receivedAt = performance.now();
        return { i, status: a.status, body: a.body, booked: a.body.booked ?? [], alreadyBooked: a.body.alreadyBooked ?? [], orderId: a.body.order?.orderId, sentAt, receivedAt, latency: receivedAt - sentAt };
      }),
    );
    const seconds = (performance.now() - stormStart) / 1000;
    for (const a of stormAgents) a.destroy();

    const { rows: doubles } = await db.query(
      `SELECT s.seat_number FROM order_seats s JOIN orders o ON o.id = s.order_id
       WHERE s.event_id = $1 AND s.section_id = $2 AND s.live AND o.status IN ('held', 'paid')
       GROUP BY s.seat_number HAVING count(*) > 1`,
      [stormEvent, stormSection],
    );
    const { rows: liveRows } = await db.query(
      `SELECT s.seat_number, s.order_id FROM order_seats s JOIN orders o ON o.id = s.order_id
       WHERE s.event_id = $1 AND s.section_id = $2 AND s.live AND o.status IN ('held', 'paid')`,
      [stormEvent, stormSection],
    );
    const holder = new Map(liveRows.map((r) => [r.seat_number, r.order_id]));
    const byOrder = new Map(results.filter((r) => r.status === 200).map((r) => [r.orderId, r]));
    const successes = results.filter((r) => r.status === 200);
    const refusals = results.filter((r) => r.status === 409);
    const others = results.filter((r) => r.status !== 200 && r.status !== 409);
    // A refusal is exact when every named seat is held at the end by a request sent before the
    // refusal came back, and every requested seat it did not name is either free or was won by a
    // request still unanswered when the refused one was sent (it committed after the check).
    let exact = 0;
    const inexact = [];
    for (const r of refusals) {
      const req = requests[r.i];
      const namedOk =
        r.alreadyBooked.length > 0 &&
        r.alreadyBooked.every((seat) => {
          const w = byOrder.get(holder.get(seat));
          return req.seats.includes(seat) && holder.has(seat) && (!w || w.sentAt <= r.receivedAt);
        });
      const unnamedOk = req.seats
        .filter((seat) => !r.alreadyBooked.includes(seat) && holder.has(seat))
        .every((seat) => {
          const w = byOrder.get(holder.get(seat));
          return w !== undefined && w.receivedAt >= r.sentAt;
        });
      if (namedOk && unnamedOk) exact += 1;
      else if (inexact.length < 3) inexact.push({ request: req.seats, alreadyBooked: r.alreadyBooked, error: r.body.error });
    }
    const granted = successes.reduce((n, r) => n + r.booked.length, 0);
    const lost = successes.filter((r) => !r.booked.every((seat) => holder.get(seat) === r.orderId)).length;
    const latencies = results.map((r) => r.latency).sort((a, b) => a - b);
    return { seconds, calls: results.length, successes: successes.length, granted, refusals: refusals.length, others, doubles: doubles.length, live: liveRows.length, lost, exact, inexact, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) };
  };

  // ---------------------------------------------------------------- (b) throughput
  // Room for 6,000 calls/s per run: never reached here, so no run runs out of free seats.
  const makeEvents = async (n, tag) => {
    const { rows } = await db.query(
      `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
       SELECT 'sports', $2 || ' ' || g, 'Throughput benchmark', now() + interval '60 days', true, 100, 'Approved' FROM generate_series(1, $1) g RETURNING id`,
      [n, tag],
    );
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    if (ids.at(-1) - ids[0] !== ids.length - 1) throw new Error('benchmark events are not consecutive ids');
    return ids;
  };
  const eventsFor = (seconds) => Math.ceil((6_000 * seconds) / SLOTS_PER_EVENT) + 2;

  /** CONCURRENCY workers, each with its own keep-alive connection to one of `apis`, calling back to back for `seconds`. */
  const closedLoop = async (apis, seconds, call) => {
    // Every run starts from a flushed buffer cache: a checkpoint falling inside one run only would skew it.
    await db.query('CHECKPOINT');
    const connections = await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => HttpConnection.open(apis[w % apis.length].port)));
    stops.push(async () => connections.forEach((c) => c.close()));
    const latencies = [];
    const statuses = new Map();
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    const run = await perCall(groupsFor(apis), async () => {
      await Promise.all(
        connections.map(async (connection, w) => {
          while (performance.now() < deadline && !wasInterrupted()) {
            const start = performance.now();
            const a = await call(connection, w).catch(() => ({ status: 0 }));
            if (a === null) break;
            latencies.push(performance.now() - start);
            statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          }
        }),
      );
      return { calls: latencies.length };
    });
    connections.forEach((c) => c.close());
    latencies.sort((x, y) => x - y);
    const holds = statuses.get(200) ?? 0;
    return { rate: latencies.length / ((performance.now() - started) / 1000), calls: latencies.length, holds, statuses: Object.fromEntries(statuses), p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpu: run.cpu };
  };
  const bookingLoad = async (apis, seconds) => {
    const events = await makeEvents(eventsFor(seconds), 'API bench');
    const capacity = events.length * SLOTS_PER_EVENT;
    let next = 0;
    return closedLoop(apis, seconds, (connection, w) => {
      if (next >= capacity) return Promise.resolve(null);
      const slot = next++;
      const event = events[0] + Math.floor(slot / SLOTS_PER_EVENT);
      const section = 1 + Math.floor((slot % SLOTS_PER_EVENT) / PAIRS);
      const s1 = 1 + 2 * (slot % PAIRS);
      const body = JSON.stringify({ event_id: event, section_id: section, seat_numbers: [s1, s1 + 1], user_id: 1 });
      return connection.request('POST', '/backend/api/book-seats.php', { Cookie: cookies[w % USERS] }, body);
    });
  };

  /** Plans and calls of the statements that ran, during fn: booking's, top-level and nested. */
  const statementCounts = async (fn) => {
    await db.query('SELECT pg_stat_statements_reset()');
    const result = await fn();
    const { rows } = await db.query(
      `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls::int, plans::int, mean_plan_time AS plan_ms, mean_exec_time AS exec_ms, toplevel
       FROM pg_stat_statements WHERE calls >= 100 AND query NOT LIKE 'SELECT $% FROM ONLY%' ORDER BY calls * (mean_exec_time + mean_plan_time) DESC LIMIT 8`,
    );
    return { ...result, statements: rows };
  };

  const pgbench = findPgbench();
  const url = new URL(databaseUrl);
  const { rows: firstUser } = await db.query(`SELECT min(id)::int AS id FROM users WHERE email LIKE 'bench-%'`);
  const runPgbench = async (events) => {
    const dir = mkdtempSync(join(os.tmpdir(), 'bench-booking-'));
    stops.push(async () => rmSync(dir, { recursive: true, force: true }));
    const script = join(dir, 'landed.sql');
    writeFileSync(script, PGBENCH_SCRIPT);
    const args = [
      '-h', '127.0.0.1', '-p', url.port, '-U', 'postgres', '-n', '-f', script,
      '-M', 'prepared', '-c', String(CONCURRENCY), '-j', '2', '-T', String(DURATION_S),
      '-D', 'n=0', '-D', `nclients=${CONCURRENCY}`, '-D', `ev_base=${events[0]}`, '-D', `uid_base=${firstUser[0].id}`, '-D', `users=${USERS}`,
      '-l', '--log-prefix', join(dir, 'tx'),
      'bench',
    ];
    const run = () =>
      new Promise((resolve, reject) => {
        const child = spawn(pgbench, args, { cwd: dir, env: { ...process.env, PGPASSWORD: 'postgres' }, stdio: ['ignore', 'pipe', 'pipe'] });
        stops.push(() => stopChild(child));
        let text = '';
        child.stdout.on('data', (c) => (text += c));
        child.stderr.on('data', (c) => (text += c));
        child.once('error', reject);
        child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text.slice(-2000)}`))));
      });
    await db.query('CHECKPOINT');
    const { out, cpu } = await perCall(postgresGroup, async () => {
      const text = await run();
      return { out: text, calls: Number(/number of transactions actually processed: (\d+)/.exec(text)?.[1] ?? 0) };
    });
    const tps = /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(out);
    const lat = readdirSync(dir)
      .filter((f) => f.startsWith('tx'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM orders WHERE event_id = ANY($1::int[])', [events]);
    return { rate: tps ? Number(tps[1]) : NaN, p99: percentile(lat, 99), stored: rows[0].n, cpu };
  };

  /** One state of the database: storm, throughput through PROCESS_COUNTS processes, pgbench. */
  const phase = async (label) => {
    log(`${label}: storm of ${STORM_CALLS} calls over ${STORM_PROCESSES} processes`);
    const stormResult = await storm();
    log(`${label}: throughput, warm-up 2 s, then ${DURATION_S} s at concurrency ${CONCURRENCY} through ${PROCESS_COUNTS.join(', ')} API process(es)`);
    await bookingLoad(ports.slice(0, TARGET_PROCESSES), 2);
    const runs = [];
    for (const n of PROCESS_COUNTS) runs.push({ processes: n, ...(await statementCounts(() => bookingLoad(ports.slice(0, n), DURATION_S))) });
    let bench = { rate: NaN, p99: NaN, stored: 0, cpu: {} };
    if (pgbench) {
      log(`${label}: pgbench -M prepared -c ${CONCURRENCY} -T ${DURATION_S}: the landed single-request transaction (session, event, landed book_hold)`);
      bench = await runPgbench(await makeEvents(eventsFor(DURATION_S), 'pgbench bench'));
    }
    return { label, storm: stormResult, runs, pgbench: bench };
  };

  const fill = async (label) => {
    const started = performance.now();
    const { rows: ev } = await db.query(
      `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
       SELECT 'sports', 'Fill ' || g, 'Filler', now() + interval '60 days', true, 100, 'Approved' FROM generate_series(1, $1) g RETURNING id`,
      [Math.ceil(FILL_ORDERS / SLOTS_PER_EVENT)],
    );
    const firstEvent = Math.min(...ev.map((r) => r.id));
    await db.query(`INSERT INTO users (email, first_name, last_name) SELECT 'fill-${label}-' || g || '@bench.local', 'F', 'U' FROM generate_series(1, 50000) g`);
    const { rows: fu } = await db.query(`SELECT min(id)::int AS id FROM users WHERE email LIKE 'fill-${label}-%'`);
    // 60% tickets, 30% expired holds (seats no longer live), 10% live holds; 2 seats each.
    await db.query(
      `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, ticket_id)
       SELECT $2::int + g % 50000, $3::int + g / ${SLOTS_PER_EVENT}, 1 + (g % ${SLOTS_PER_EVENT}) / ${PAIRS}, s.status, 2, 200,
              now() - interval '1 hour', now() - interval '50 minutes' + CASE WHEN s.status = 'held' THEN interval '2 hours' ELSE interval '0' END,
              CASE WHEN s.status = 'paid' THEN 'gcash' END, CASE WHEN s.status = 'paid' THEN 'full' END, CASE WHEN s.status = 'paid' THEN now() END,
              CASE WHEN s.status = 'paid' THEN substr(md5($4 || g::text), 1, 22) END
       FROM generate_series(0, $1::int - 1) g, LATERAL (SELECT CASE WHEN g % 10 < 6 THEN 'paid' WHEN g % 10 < 9 THEN 'expired' ELSE 'held' END AS status) s`,
      [FILL_ORDERS, fu[0].id, firstEvent, label],
    );
    await db.query(
      `INSERT INTO order_seats (order_id, event_id, section_id, seat_number, live)
       SELECT o.id, o.event_id, o.section_id, 2 * ((o.event_id * ${SLOTS_PER_EVENT} + (o.section_id - 1) * ${PAIRS} + o.id) % ${PAIRS}) + k, o.status <> 'expired'
       FROM orders o CROSS JOIN generate_series(1, 2) k WHERE o.event_id >= $1`,
      [firstEvent],
    );
    await db.query('ANALYZE');
    const { rows } = await db.query('SELECT count(*)::int AS orders FROM orders');
    return { orders: rows[0].orders, seconds: (performance.now() - started) / 1000 };
  };

  const phases = [];
  phases.push(await phase('fresh database'));

  // The access log's cost: the same run through 2 processes at LOG_LEVEL=info, lines to /dev/null.
  log('access log: the throughput run again through 2 API processes at LOG_LEVEL=info (lines to /dev/null)');
  const infoApis = await startApis(2, { LOG_LEVEL: 'info' }, true);
  await bookingLoad(infoApis, 2);
  const withLog = await bookingLoad(infoApis, DURATION_S);
  await Promise.all(infoApis.map(({ child }) => stopChild(child)));

  if (FILL_ORDERS > 0) {
    log(`filling ${FILL_ORDERS.toLocaleString('en')} orders (2 seats each), then ANALYZE`);
    const filled = await fill('a');
    log(`${filled.orders.toLocaleString('en')} orders in the table (${filled.seconds.toFixed(0)} s)`);
    phases.push(await phase(`${(filled.orders / 1e6).toFixed(2)}M orders`));
    log('TRUNCATE orders and what references them; refill; ANALYZE (the API processes keep running with their cached plans)');
    // CASCADE: check-ins and reviews reference orders too.
    await db.query('TRUNCATE orders, order_seats, payment_attempts CASCADE');
    const refilled = await fill('b');
    phases.push(await phase(`after TRUNCATE + refill (${(refilled.orders / 1e6).toFixed(2)}M orders)`));
  }

  const me = await closedLoop(ports.slice(0, TARGET_PROCESSES), 5, (connection, w) => connection.request('GET', '/api/me', { Cookie: cookies[w % USERS] }));

  // ---------------------------------------------------------------- report
  const met = (ok) => (ok ? 'met' : 'MISSED');
  console.log(`\nBooking bench: API ${apiCommit}, ${os.cpus().length} CPUs, concurrency ${CONCURRENCY}, ${DURATION_S} s runs, load average now ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  let failed = false;
  for (const p of phases) {
    const s = p.storm;
    const stormOk = s.doubles === 0 && s.exact === s.refusals && s.others.length === 0 && s.successes + s.refusals === STORM_CALLS;
    if (!stormOk) failed = true;
    console.log(`\n[${p.label}]`);
    console.log(`  (a) storm: ${s.calls} calls in ${s.seconds.toFixed(2)} s; ${s.successes} holds (${s.granted} seats), ${s.refusals} refusals, ${s.others.length} other answers${s.others.length ? ` ${JSON.stringify(s.others.slice(0, 3).map((o) => [o.status, o.body]))}` : ''}`);
    console.log(`      seats sold twice (SQL): ${s.doubles}; live seats ${s.live} = granted ${s.granted}${s.lost ? ` (${s.lost} LOST)` : ''}; refusals naming exactly the taken seats: ${s.exact}/${s.refusals}${s.inexact.length ? ` NOT all: ${JSON.stringify(s.inexact)}` : ''}`);
    console.log(`      latency p50 ${ms(s.p50)}, p99 ${ms(s.p99)} (target < ${TARGETS.stormP99Ms} ms: ${met(s.p99 < TARGETS.stormP99Ms)}), max ${ms(s.max)}`);
    const b = p.pgbench;
    console.log(`  (b) pgbench, landed single-request transaction: ${b.rate.toFixed(0)} tx/s, p99 ${ms(b.p99)}; CPU per transaction: PostgreSQL ${(b.cpu.PostgreSQL ?? NaN).toFixed(3)} ms`);
    for (const r of p.runs) {
      const ratio = r.rate / b.rate;
      const target = r.processes === TARGET_PROCESSES;
      console.log(`      API book-seats, ${r.processes} process${r.processes > 1 ? 'es' : ''}: ${r.rate.toFixed(0)} calls/s (${r.calls} calls, statuses ${JSON.stringify(r.statuses)}), p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`);
      console.log(`        ratio API / pgbench: ${ratio.toFixed(2)}${target ? ` (target >= ${TARGETS.ratio}: ${met(ratio >= TARGETS.ratio)})` : ''}`);
      console.log(`        CPU per call: ${cpuText(r.cpu)}${target ? ` (API target <= ${TARGETS.apiCpuMs} ms: ${met(r.cpu.API <= TARGETS.apiCpuMs)}; PostgreSQL per hold ${(r.cpu.PostgreSQL * (r.calls / Math.max(1, r.holds))).toFixed(3)} ms vs pgbench ${(b.cpu.PostgreSQL ?? NaN).toFixed(3)} ms: ${met(r.cpu.PostgreSQL * (r.calls / Math.max(1, r.holds)) <= b.cpu.PostgreSQL)})` : ''}`);
      // Two cohorts per process take turns with one batch in flight: about (concurrency / processes) / 2 each.
      console.log(`        book calls per batch statement: ${callsPerBatch(r).toFixed(2)}`);
      console.log('        statements (pg_stat_statements, calls >= 100, by total time): calls / plans / mean plan ms / mean exec ms');
      for (const st of r.statements) console.log(`          ${String(st.calls).padStart(7)} / ${String(st.plans).padStart(5)} / ${st.plan_ms.toFixed(3)} / ${st.exec_ms.toFixed(3)}  ${st.toplevel ? '' : '(nested) '}${st.query.slice(0, 90)}`);
    }
  }
  const base = phases[0].runs.find((r) => r.processes === TARGET_PROCESSES) ?? phases[0].runs[0];
  console.log(`\nAccess log: ${TARGET_PROCESSES} processes at LOG_LEVEL=info (every access line written): ${withLog.rate.toFixed(0)} calls/s; CPU per call: ${cpuText(withLog.cpu)}`);
  console.log(`  against LOG_LEVEL=error above: API ${base.cpu.API.toFixed(3)} ms -> ${withLog.cpu.API.toFixed(3)} ms per call (access log costs ${(withLog.cpu.API - base.cpu.API).toFixed(3)} ms)`);
  console.log(`For reference: authenticated GET /api/me, ${TARGET_PROCESSES} processes: ${me.rate.toFixed(0)} calls/s; CPU per call: ${cpuText(me.cpu)}`);
  // One line per phase that a script comparing runs can read.
  for (const p of phases) {
    const r = p.runs.find((x) => x.processes === TARGET_PROCESSES) ?? p.runs[0];
    console.log(
      `RESULT ${JSON.stringify({ api: apiCommit, phase: p.label, stormP99: Math.round(p.storm.p99), stormDoubles: p.storm.doubles, stormExact: p.storm.exact === p.storm.refusals, rate: Math.round(r.rate), pgbench: Math.round(p.pgbench.rate), ratio: +(r.rate / p.pgbench.rate).toFixed(3), apiCpu: +r.cpu.API.toFixed(3), pgCpuPerHold: +(r.cpu.PostgreSQL * (r.calls / Math.max(1, r.holds))).toFixed(3), pgbenchCpu: +(p.pgbench.cpu.PostgreSQL ?? NaN).toFixed(3), p99: +r.p99.toFixed(1), perBatch: +callsPerBatch(r).toFixed(2) })}`,
    );
  }
  console.log(`RESULT ${JSON.stringify({ api: apiCommit, phase: 'access log', apiCpuInfo: +withLog.cpu.API.toFixed(3), apiCpuError: +base.cpu.API.toFixed(3) })}`);
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err);
} finally {
  await cleanup();
}
if (existsSync(join(ROOT, '.data', 'bench-booking-pg'))) log('PostgreSQL data left in .data/bench-booking-pg (wiped at the next run)');
process.exit(code);
