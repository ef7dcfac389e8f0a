// `npm run bench:booking`: PRODUCT §8's booking bars, measured on this machine.
//
// (a) Correctness under load: a fresh PostgreSQL, the migrated + seeded database, 4 API
//     processes (node api/dist/server.js) on one DATABASE_URL, N logged-in users, then a storm of
//     1,000 simultaneous book-seats calls on overlapping seats spread over the 4 processes.
//     Prints successes, refusals, seats sold twice (SQL, must be 0), whether every refusal named
//     exactly the seats that were taken, and p50/p99 latency.
// (b) Throughput: book-seats calls/s at a fixed concurrency for ~10 s on non-overlapping seats
//     across many events and sections, through 1, 2 and 4 of the API processes, against pgbench
//     running the same transaction (the same book_hold statement the API runs: expiry UPDATE,
//     then INSERT ... ON CONFLICT DO NOTHING of order + seats) at the same concurrency on the
//     same database. Prints the rates, the ratio of the best API run (target >= 0.5), each run's
//     p99 (target < 250 ms) and the CPU each side spent per call (from /proc).
//
// BENCH_CONCURRENCY and BENCH_SECONDS change the load; BENCH_API_NODE_ARGS passes node flags to
// the API processes (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
//
// Loopback only; every loop is bounded; the processes it starts are stopped at the end (also on
// failure or Ctrl-C).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { HttpConnection } from './http-connection.mjs';

ensureInstalled();
const { startPostgres } = await import('../scripts/lib/postgres.mjs');
const { startProcess, stopChild, waitForHttp } = await import('../scripts/lib/processes.mjs');
const { default: pg } = await import('pg');

const PROCESSES = 4;
/** Throughput is measured with the first 1, 2 and all 4 processes: on 2 cores shared with PostgreSQL, fewer do better. */
const PROCESS_COUNTS = [1, 2, PROCESSES];
const USERS = 100;
const STORM_CALLS = 1_000;
const STORM_SEAT_RANGE = 150;
const STORM_MAX_SEATS = 4;
/** In-flight calls in the throughput phase: 4 per API process (pgbench gets as many clients). */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const DEMO_PASSWORD = 'demo-pass-2025';
/** Every event x section offers PAIRS pairs of seats (1-2, 3-4, ... 89-90): 90 fits the smallest section. */
const SECTIONS = 13;
const PAIRS = 45;
const SLOTS_PER_EVENT = SECTIONS * PAIRS;
const P99_TARGET_MS = 250;
const RATIO_TARGET = 0.5;

const stops = [];
async function cleanup() {
  for (const stop of stops.reverse()) await stop().catch((err) => console.error('cleanup:', err?.message ?? err));
  stops.length = 0;
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping…`);
    void cleanup().then(() => process.exit(130));
  });
}

const log = (message) => console.log(`› ${message}`);
const ms = (n) => `${n.toFixed(1)} ms`;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One keep-alive agent per API process; `maxSockets` bounds the connections (Infinity for the storm). */
function agents(maxSockets) {
  return Array.from({ length: PROCESSES }, () => new http.Agent({ keepAlive: true, maxSockets }));
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

/** CPU time (user + system, ms) used so far by `pids` (and all their descendants with `tree`), from /proc. */
const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
function cpuMs(pids, tree) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // utime + stime, plus cutime + cstime: the CPU of children already reaped (PostgreSQL backends of closed connections).
      stats.set(Number(entry), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      // gone meanwhile
    }
  }
  const wanted = new Set(pids);
  for (let grew = tree; grew; ) {
    grew = false;
    for (const [pid, s] of stats) {
      if (!wanted.has(pid) && wanted.has(s.ppid)) {
        wanted.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of wanted) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks * TICK_MS;
}

/** The postmaster of the cluster in dataDir (its backends are its children). */
function postmasterPid(dataDir) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (/postgres$/.test(cmd[0]) && cmd.includes(dataDir)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/**
 * Runs fn (which answers { calls }) and adds `cpu`: the CPU time each group of processes spent
 * per call, e.g. "API 0.52 ms, PostgreSQL 0.71 ms". groups: name -> { pids, tree }.
 */
async function perCall(groups, fn) {
  const used = () => Object.fromEntries(Object.entries(groups).map(([name, g]) => [name, cpuMs(g.pids(), g.tree)]));
  const before = used();
  const result = await fn();
  const after = used();
  const calls = result.calls || 1;
  return { ...result, cpu: Object.keys(groups).map((name) => `${name} ${((after[name] - before[name]) / calls).toFixed(2)} ms`).join(', ') };
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

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

// The booking transaction exactly as the API runs it (api/src/booking/booking.repository.ts
// bookHold): one call of book_hold (migration 0102), which frees the section's expired holds,
// then inserts the order and its seats with INSERT ... ON CONFLICT DO NOTHING, all or nothing.
const PGBENCH_SCRIPT = `
\\set slot :n * :nclients + :client_id
\\set n :n + 1
\\set ev :ev_base + :slot / ${SLOTS_PER_EVENT}
\\set sec 1 + (:slot % ${SLOTS_PER_EVENT}) / ${PAIRS}
\\set s1 1 + 2 * (:slot % ${PAIRS})
\\set s2 :s1 + 1
\\set uid :uid_base + :client_id % :users
SELECT order_id, total_amount, taken FROM book_hold(:uid, :ev, :sec, ARRAY[:s1, :s2]::int[], now(), now() + interval '10 minutes', 100000);
`;

// Reference only: the same statements as an explicit transaction with a round trip each, the
// shape book-seats had before book_hold (see migration 0102 for why it is one statement now).
const PGBENCH_EXPLICIT = `
\\set slot :n * :nclients + :client_id
\\set n :n + 1
\\set ev :ev_base + :slot / ${SLOTS_PER_EVENT}
\\set sec 1 + (:slot % ${SLOTS_PER_EVENT}) / ${PAIRS}
\\set s1 1 + 2 * (:slot % ${PAIRS})
\\set s2 :s1 + 1
\\set uid :uid_base + :client_id % :users
BEGIN;
WITH due AS (SELECT id FROM orders WHERE event_id = :ev AND section_id = :sec AND status = 'held' AND expires_at <= now() ORDER BY id FOR UPDATE), expired AS (UPDATE orders o SET status = 'expired' FROM due WHERE o.id = due.id RETURNING o.id) UPDATE order_seats s SET live = false FROM expired WHERE s.order_id = expired.id AND s.live;
WITH o AS (INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at) SELECT :uid, e.id, :sec, 'held', 2, e.price * 2, now(), now() + interval '10 minutes' FROM events e WHERE e.id = :ev AND e.status = 'Approved' AND e.starts_at > now() RETURNING id, total_amount) INSERT INTO order_seats (order_id, event_id, section_id, seat_number) SELECT o.id, :ev, :sec, s.seat FROM o CROSS JOIN unnest(ARRAY[:s1, :s2]::int[]) AS s(seat) ORDER BY s.seat ON CONFLICT DO NOTHING RETURNING order_id, seat_number;
COMMIT;
`;

async function main() {
  log('building the API (tsc -b packages/contracts packages/seating api)');
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'packages/seating', 'api'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the API build failed');

  const dataDir = join(ROOT, '.data', 'bench-booking-pg');
  rmSync(dataDir, { recursive: true, force: true });
  log(`starting a fresh PostgreSQL in ${dataDir}`);
  const pgServer = await startPostgres({ dataDir, port: 0 });
  stops.push(() => pgServer.stop());
  await pgServer.createDatabase('bench', { dropFirst: true });
  const databaseUrl = pgServer.url('bench');
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  stops.push(() => db.end());

  const baseEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    API_HOST: '127.0.0.1',
    // Per-request access logs would measure pino, not booking.
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
  log('migrating and seeding (node api/dist/seed.js)');
  const seed = spawnSync(process.execPath, [join(ROOT, 'api', 'dist', 'seed.js')], { cwd: ROOT, env: { ...baseEnv, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('the seed failed');

  const ports = [];
  for (let i = 0; i < PROCESSES; i += 1) {
    const port = await freePort();
    const api = startProcess(`api${i + 1}`, process.execPath, [...(process.env.BENCH_API_NODE_ARGS ? process.env.BENCH_API_NODE_ARGS.split(' ') : []), join(ROOT, 'api', 'dist', 'server.js')], { cwd: ROOT, env: { ...baseEnv, API_PORT: String(port) } });
    stops.push(() => stopChild(api.child));
    ports.push({ port, child: api.child });
  }
  for (const { port, child } of ports) await waitForHttp(`http://127.0.0.1:${port}/api/health`, child, 60_000);
  log(`${PROCESSES} API processes up on ports ${ports.map((p) => p.port).join(', ')}`);

  // Users: demo-ish participants sharing the demo password (hash copied from the seeded visitor).
  const { rows: created } = await db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, role_id, status)
     SELECT 'bench-' || g || '@bench.local', (SELECT password_hash FROM users WHERE email = 'visitor@demo.local'), 'Bench', 'User ' || g,
            (SELECT id FROM roles WHERE name = 'Participant'), 'Active'
     FROM generate_series(1, $1) g RETURNING id, email`,
    [USERS],
  );
  const loginAgents = agents(8);
  const cookies = [];
  const t0 = performance.now();
  for (let i = 0; i < created.length; i += 8) {
    const batch = created.slice(i, i + 8);
    const answers = await Promise.all(
      batch.map((u, j) => request(loginAgents[(i + j) % PROCESSES], ports[(i + j) % PROCESSES].port, 'POST', '/api/login.php', { email: u.email, password: DEMO_PASSWORD })),
    );
    for (const [j, a] of answers.entries()) {
      const cookie = (a.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('session='));
      if (a.status !== 200 || !cookie) throw new Error(`login of ${batch[j].email} failed: ${a.status} ${JSON.stringify(a.body)}`);
      cookies.push(cookie);
    }
  }
  for (const a of loginAgents) a.destroy();
  log(`${cookies.length} users logged in through POST /api/login.php in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---------------------------------------------------------------- (a) the storm
  const { rows: stormEvents } = await db.query(`SELECT id FROM events WHERE status = 'Approved' AND starts_at > now() + interval '1 day' ORDER BY id LIMIT 1`);
  const stormEvent = stormEvents[0].id;
  const stormSection = 5; // Upper Box F, 250 seats; the storm asks for seats 1..150
  const random = mulberry32(20250401);
  const requests = Array.from({ length: STORM_CALLS }, (_, i) => {
    const want = 1 + Math.floor(random() * STORM_MAX_SEATS);
    const seats = new Set();
    while (seats.size < want) seats.add(1 + Math.floor(random() * STORM_SEAT_RANGE));
    return { user: i % USERS, seats: [...seats] };
  });
  const stormAgents = agents(Infinity);
  log(`storm: ${STORM_CALLS} simultaneous book-seats calls (1-${STORM_MAX_SEATS} seats of 1..${STORM_SEAT_RANGE}, event ${stormEvent}, section ${stormSection}) over ${PROCESSES} processes`);
  const stormStart = performance.now();
  const results = await Promise.all(
    requests.map(async (r, i) => {
      const sentAt = performance.now();
      const a = await request(stormAgents[i % PROCESSES], ports[i % PROCESSES].port, 'POST', '/backend/api/book-seats.php', { event_id: stormEvent, section_id: stormSection, seat_numbers: r.seats, user_id: 1 }, { Cookie: cookies[r.user] }).catch((err) => ({ status: 0, body: { error: String(err?.message ?? err) } }));
      const receivedAt = performance.now();
      return { i, status: a.status, booked: a.body.booked ?? [], alreadyBooked: a.body.alreadyBooked ?? [], orderId: a.body.order?.orderId, sentAt, receivedAt, latency: receivedAt - sentAt };
    }),
  );
  const stormSeconds = (performance.now() - stormStart) / 1000;
  for (const a of stormAgents) a.destroy();

  const { rows: doubles } = await db.query(
    `SELECT s.seat_number, count(*)::int AS holders FROM order_seats s JOIN orders o ON o.id = s.order_id
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
  let asEndState = 0;
  const inexact = [];
  refusals.forEach((r, k) => {
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
    else if (inexact.length < 5) inexact.push({ k, request: req.seats, alreadyBooked: r.alreadyBooked });
    const end = req.seats.filter((seat) => holder.has(seat)).sort((a, b) => a - b);
    if (end.join() === r.alreadyBooked.join()) asEndState += 1;
  });
  const granted = successes.reduce((n, r) => n + r.booked.length, 0);
  const lost = successes.filter((r) => !r.booked.every((seat) => holder.get(seat) === r.orderId)).length;
  const stormLat = results.map((r) => r.latency).sort((a, b) => a - b);

  console.log('\n(a) Correctness under load: 1,000 simultaneous booking attempts on overlapping seats across 4 API processes');
  console.log(`  calls:                        ${results.length} in ${stormSeconds.toFixed(2)} s`);
  console.log(`  successes (200):              ${successes.length} (${granted} seats held)`);
  console.log(`  refusals (409):               ${refusals.length}`);
  console.log(`  other answers:                ${others.length}${others.length ? ` ${JSON.stringify(others.slice(0, 3).map((o) => [o.status, o.body ?? o]))}` : ''}`);
  console.log(`  successes + refusals:         ${successes.length + refusals.length} of ${results.length}`);
  console.log(`  seats sold twice (SQL):       ${doubles.length} (target 0)`);
  console.log(`  live seats = seats granted:   ${liveRows.length} = ${granted} ${liveRows.length === granted && lost === 0 ? '(every success holds its seats)' : '(MISMATCH)'}`);
  console.log(`  refusals naming exactly the taken seats: ${exact}/${refusals.length} ${exact === refusals.length ? '(all)' : `(NOT all: ${JSON.stringify(inexact)})`}`);
  console.log(`    (${asEndState} of them also equal requested ∩ seats held at the end; the others lost a seat to a request that committed after their check)`);
  console.log(`  latency: p50 ${ms(percentile(stormLat, 50))}, p99 ${ms(percentile(stormLat, 99))}, max ${ms(stormLat.at(-1))}`);

  // ---------------------------------------------------------------- (b) throughput vs pgbench
  // Room for 6,000 calls/s: never reached here, so no run ever runs out of free seats.
  const eventsFor = (seconds) => Math.ceil((6_000 * seconds) / SLOTS_PER_EVENT) + 2;
  const neededEvents = eventsFor(DURATION_S);
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
  const apiEvents = await makeEvents(eventsFor(2 + PROCESS_COUNTS.length * DURATION_S), 'API bench');
  const pgbenchEvents = await makeEvents(neededEvents, 'pgbench bench');
  const classicEvents = await makeEvents(neededEvents, 'pgbench explicit bench');
  const capacity = apiEvents.length * SLOTS_PER_EVENT;

  const loadBefore = os.loadavg().map((n) => n.toFixed(2)).join(' ');
  const pgPid = postmasterPid(dataDir);
  const postgresGroup = { PostgreSQL: { pids: () => (pgPid ? [pgPid] : []), tree: true } };
  const apiGroups = { 'API processes': { pids: () => ports.map((p) => p.child.pid), tree: false }, ...postgresGroup, 'load generator': { pids: () => [process.pid], tree: false } };
  let next = 0;
  /**
   * CONCURRENCY workers, each with its own keep-alive connection to one of the first `processes`
   * API processes, call `call(connection, w)` back to back for `seconds`.
   */
  const closedLoop = async (processes, seconds, call) => {
    // Every run starts from a flushed buffer cache: a checkpoint falling inside one run only would skew it.
    await db.query('CHECKPOINT');
    const connections = await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => HttpConnection.open(ports[w % processes].port)));
    stops.push(async () => connections.forEach((c) => c.close()));
    const latencies = [];
    const statuses = new Map();
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    const run = await perCall(apiGroups, async () => {
      await Promise.all(
        connections.map(async (connection, w) => {
          while (performance.now() < deadline && !interrupted) {
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
    return { rate: latencies.length / ((performance.now() - started) / 1000), calls: latencies.length, statuses, latencies, cpu: run.cpu };
  };
  const bookCall = (connection, w) => {
    if (next >= capacity) return Promise.resolve(null);
    const slot = next++;
    const event = apiEvents[0] + Math.floor(slot / SLOTS_PER_EVENT);
    const section = 1 + Math.floor((slot % SLOTS_PER_EVENT) / PAIRS);
    const s1 = 1 + 2 * (slot % PAIRS);
    const body = JSON.stringify({ event_id: event, section_id: section, seat_numbers: [s1, s1 + 1], user_id: 1 });
    return connection.request('POST', '/backend/api/book-seats.php', { Cookie: cookies[w % USERS] }, body);
  };
  log(`throughput: warming up 2 s, then ${DURATION_S} s of book-seats at concurrency ${CONCURRENCY} on each of ${PROCESS_COUNTS.join(', ')} API processes (2 seats per call, never overlapping, ${apiEvents.length} events x ${SECTIONS} sections)`);
  await closedLoop(PROCESSES, 2, bookCall);
  const apiRuns = [];
  for (const processes of PROCESS_COUNTS) apiRuns.push({ processes, ...(await closedLoop(processes, DURATION_S, bookCall)) });
  const holdsMade = apiRuns.reduce((n, r) => n + (r.statuses.get(200) ?? 0), 0);

  // The floor of any authenticated call on this stack (session cookie checked, no booking work).
  const me = await closedLoop(PROCESSES, 5, (connection, w) => connection.request('GET', '/api/me', { Cookie: cookies[w % USERS] }));
  // pgbench gets the machine (and the connection slots) to itself.
  await Promise.all(ports.map(({ child }) => stopChild(child)));

  const pgbench = findPgbench();
  const url = new URL(databaseUrl);
  const { rows: firstUser } = await db.query(`SELECT min(id)::int AS id FROM users WHERE email LIKE 'bench-%'`);
  const runPgbench = async (name, scriptText, events) => {
    const dir = mkdtempSync(join(os.tmpdir(), 'bench-booking-'));
    stops.push(async () => rmSync(dir, { recursive: true, force: true }));
    const script = join(dir, `${name}.sql`);
    writeFileSync(script, scriptText);
    const args = [
      '-h', '127.0.0.1', '-p', url.port, '-U', 'postgres', '-n', '-f', script,
      '-M', 'extended', '-c', String(CONCURRENCY), '-j', '2', '-T', String(DURATION_S),
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
  let same = { rate: NaN, p99: NaN, stored: 0, cpu: '' };
  let classic = { rate: NaN, p99: NaN, stored: 0, cpu: '' };
  if (!pgbench) {
    console.warn('pgbench is not available (not root, or apt failed): the comparison is skipped');
  } else {
    log(`pgbench (${pgbench}) -M extended -c ${CONCURRENCY} -T ${DURATION_S}: the same book_hold transaction (expiry UPDATE + INSERT ... ON CONFLICT DO NOTHING, 2 seats, never overlapping)`);
    same = await runPgbench('book_hold', PGBENCH_SCRIPT, pgbenchEvents);
    log(`pgbench, reference: the same statements as an explicit BEGIN; expire; insert; COMMIT transaction (4 round trips)`);
    classic = await runPgbench('explicit', PGBENCH_EXPLICIT, classicEvents);
  }

  const { rows: apiOrders } = await db.query('SELECT count(*)::int AS n FROM orders WHERE event_id = ANY($1::int[])', [apiEvents]);
  const best = apiRuns.reduce((x, y) => (y.rate > x.rate ? y : x));
  const ratio = best.rate / same.rate;
  console.log(`\n(b) Booking throughput at concurrency ${CONCURRENCY}, ${DURATION_S} s each, same database, same machine (${os.cpus().length} CPUs, load average before the run ${loadBefore})`);
  for (const r of apiRuns) {
    const p99 = percentile(r.latencies, 99);
    console.log(`  API book-seats, ${r.processes} process${r.processes > 1 ? 'es' : ''}: ${r.rate.toFixed(0)} calls/s (${r.calls} calls; statuses ${JSON.stringify(Object.fromEntries(r.statuses))})`);
    console.log(`    latency p50 ${ms(percentile(r.latencies, 50))}, p99 ${ms(p99)} (target < ${P99_TARGET_MS} ms: ${p99 < P99_TARGET_MS ? 'met' : 'MISSED'}); CPU per call: ${r.cpu}`);
  }
  console.log(`    ${holdsMade} holds made, ${apiOrders[0].n} orders stored (warm-up included)`);
  console.log(`  pgbench, same transaction:     ${Number.isFinite(same.rate) ? `${same.rate.toFixed(0)} tx/s (${same.stored} orders stored), p99 ${ms(same.p99)}; CPU per transaction: ${same.cpu}` : 'not measured'}`);
  console.log(`  ratio API / pgbench:           ${Number.isFinite(ratio) ? `${ratio.toFixed(2)} with ${best.processes} API process${best.processes > 1 ? 'es' : ''} (target >= ${RATIO_TARGET}: ${ratio >= RATIO_TARGET ? 'met' : 'MISSED'})` : 'n/a'}`);
  console.log('  for reference:');
  console.log(`    authenticated GET /api/me, ${PROCESSES} processes, same concurrency (no booking work): ${me.rate.toFixed(0)} calls/s; CPU per call: ${me.cpu}`);
  console.log(`    pgbench, same statements as an explicit 4-round-trip transaction: ${Number.isFinite(classic.rate) ? `${classic.rate.toFixed(0)} tx/s (${classic.stored} orders stored), p99 ${ms(classic.p99)}; API / that = ${(best.rate / classic.rate).toFixed(2)}` : 'not measured'}`);

  const failed = doubles.length > 0 || exact !== refusals.length || others.length > 0 || successes.length + refusals.length !== STORM_CALLS;
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
