// `npm run bench:booking-faults`: the booking and payment faults, each run many times against the real stack
// (a fresh PostgreSQL, the migrated + seeded database, 2 API processes: node api/dist/server.js).
//
// Every run is a storm of buyers on a fresh event: each books 1-3 of seats 1..120 of one section,
// then pays its hold with one Idempotency-Key; on a retryable error (503 with Retry-After, or a
// connection that broke) it sends the same call again, on the other process after a broken one.
// While it runs, one fault strikes, at a random moment while the storm's requests are in flight
// (after a random number of its calls have answered):
//   terminate  pg_terminate_backend of the API's connections at random moments;
//   sigkill    one API process killed with SIGKILL, then started again;
//   restart    PostgreSQL stopped (fast shutdown) and started again.
// A run whose fault did not strike while requests were in flight (the storm was over first, or no
// API connection was there to terminate) is a miss: it is counted apart, and a fault that missed in
// more than half its runs fails the bench, since its runs then prove little.
// After each run the same pay calls are sent again with their keys (a buyer reloading the page),
// then it checks: every answer was final (200, 402, 404, 409, 410) or retryable, never a 500; every
// key got the same bytes each time; every 200 a buyer saw is a paid order with that ticket; and
// checkBookingInvariants (api/src/booking/invariants.ts): sold + held + free = capacity in every
// section, no order without its seats, no live seat without its order, one settled attempt per
// paid order. Then the racing payments: one held order paid by 50 parallel calls, each with its own
// key: exactly one 200, every other a clear 409, and the p99 of all those answers (at most 1 s).
//
// BENCH_FAULT_RUNS (default 20; restart runs are half of it), BENCH_FAULT_CLIENTS (default 80),
// BENCH_RACES (default 20). Prints the figures; exits 1 on any violation, on a fault that missed
// more than half its runs, or on a racing-payment p99 above 1 s. Loopback only; the
// processes it starts are stopped at the end (also on failure or Ctrl-C).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { seededRandom } from './lib/seeded-random.mjs';
import { cleanup, stops } from './lib/cleanup.mjs';
import { freePort } from '../scripts/lib/free-port.mjs';

ensureInstalled();
const { startPostgres } = await import('../scripts/lib/postgres.mjs');
const { startProcess, stopChild, waitForHttp } = await import('../scripts/lib/processes.mjs');
const { default: pg } = await import('pg');

const RUNS = Number(process.env.BENCH_FAULT_RUNS ?? 20);
const CLIENTS = Number(process.env.BENCH_FAULT_CLIENTS ?? 80);
const RACES = Number(process.env.BENCH_RACES ?? 20);
const RACE_WIDTH = 50;
const USERS = 40;
const SECTION = 5; // Upper Box F, 250 seats
const RANGE = 120;
const MAX_SEATS = 3;
const DEMO_PASSWORD = 'demo-pass-2025';
const FINAL = new Set([200, 402, 404, 409, 410]);
/** The racing payments' p99 may not exceed this. */
const RACE_P99_LIMIT_MS = 1_000;


const log = (message) => console.log(`› ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** One call; never throws: { kind: 'answer' | 'retryable' | 'bad', status, text }. */
async function exchange(url, init) {
  let res;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    return { kind: 'retryable', status: 0, text: String(err?.cause?.code ?? err?.message) };
  }
  const text = await res.text().catch(() => '');
  if (FINAL.has(res.status)) return { kind: 'answer', status: res.status, text };
  if (res.status === 503 && res.headers.get('retry-after')) return { kind: 'retryable', status: 503, text };
  return { kind: 'bad', status: res.status, text: text.slice(0, 300) };
}

async function main() {
  log('building the API (tsc -b packages/contracts packages/seating api)');
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'packages/seating', 'api'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the API build failed');
  const { checkBookingInvariants } = createRequire(import.meta.url)(join(ROOT, 'api', 'dist', 'booking', 'invariants.js'));

  const dataDir = join(ROOT, '.data', 'bench-faults-pg');
  rmSync(dataDir, { recursive: true, force: true });
  log(`starting a fresh PostgreSQL in ${dataDir}`);
  let pgServer = await startPostgres({ dataDir, port: 0 });
  const pgPort = pgServer.port;
  stops.push(() => pgServer.stop());
  await pgServer.createDatabase('bench', { dropFirst: true });
  const databaseUrl = pgServer.url('bench');
  // The bench's own connections (invariants, killer) are told apart from the API's by name.
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: 'bench-faults' });
  db.on('error', () => undefined);
  db.on('connect', (client) => client.on('error', () => undefined));
  stops.push(() => db.end());

  const baseEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    API_HOST: '127.0.0.1',
    LOG_LEVEL: 'fatal',
    DATABASE_POOL_MAX: '4',
    RATE_LIMIT_LOGIN_IP: '100000/1m',
    RATE_LIMIT_LOGIN_ACCOUNT: '100000/1m',
  };
  log('migrating and seeding (node api/dist/seed.js)');
  const seed = spawnSync(process.execPath, [join(ROOT, 'api', 'dist', 'seed.js')], { cwd: ROOT, env: { ...baseEnv, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('the seed failed');

  const apis = [];
  const startApi = async (i, port) => {
    const api = startProcess(`api${i + 1}`, process.execPath, [join(ROOT, 'api', 'dist', 'server.js')], { cwd: ROOT, env: { ...baseEnv, API_PORT: String(port) } });
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, api.child, 60_000);
    apis[i] = { port, child: api.child, url: `http://127.0.0.1:${port}` };
  };
  for (let i = 0; i < 2; i += 1) await startApi(i, await freePort());
  stops.push(() => Promise.all(apis.map((a) => stopChild(a.child))));
  const urls = () => apis.map((a) => a.url);
  log(`2 API processes up on ports ${apis.map((a) => a.port).join(', ')}`);

  const { rows: users } = await db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, role_id, status)
     SELECT 'faults-' || g || '@bench.local', (SELECT password_hash FROM users WHERE email = 'visitor@demo.local'), 'Fault', 'Buyer ' || g,
            (SELECT id FROM roles WHERE name = 'Participant'), 'Active'
     FROM generate_series(1, $1) g RETURNING email`,
    [USERS],
  );
  const cookies = [];
  for (const [i, u] of users.entries()) {
    const res = await fetch(`${urls()[i % 2]}/api/login.php`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: u.email, password: DEMO_PASSWORD }) });
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('session='));
    if (res.status !== 200 || !cookie) throw new Error(`login of ${u.email} failed: ${res.status}`);
    cookies.push(cookie);
  }
  log(`${cookies.length} buyers logged in`);

  const newEvent = async () =>
    (
      await db.query(
        `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
         VALUES ('sports', 'Fault bench', 'Fault bench', now() + interval '30 days', true, 100, 'Approved') RETURNING id`,
      )
    ).rows[0].id;

  /** The storm of one run; `fault` strikes while it runs, and says whether it struck while requests were in flight. */
  const storm = async (seed, fault) => {
    const random = seededRandom(seed);
    const eventId = await newEvent();
    const stats = { clients: CLIENTS, struck: false, booked: 0, paid: 0, retries: 0, bad: [], unsettled: 0, divergent: 0, lost: 0, violations: [], payMs: [] };
    /** Where the storm is, for the fault: calls answered so far, calls in flight, and whether it is over. */
    const progress = {
      answered: 0,
      inFlight: 0,
      over: false,
      live: () => !progress.over && progress.inFlight > 0,
      /** Resolves once `count` calls have answered, or the storm is over. */
      async after(count) {
        while (!progress.over && progress.answered < count) await sleep(2);
      },
    };
    const clients = Array.from({ length: CLIENTS }, (_, i) => {
      const want = 1 + Math.floor(random() * MAX_SEATS);
      const seats = new Set();
      while (seats.size < want) seats.add(1 + Math.floor(random() * RANGE));
      return { i, seats: [...seats], method: random() < 0.5 ? 'gcash' : 'visa', cookie: cookies[i % USERS], target: i, answers: [] };
    });
    const call = async (c, path, body, headers = {}) => {
      for (let attempt = 0; attempt < 400; attempt += 1) {
        const list = urls();
        progress.inFlight += 1;
        const e = await exchange(`${list[c.target % list.length]}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: c.cookie, ...headers }, body: JSON.stringify(body) });
        progress.inFlight -= 1;
        progress.answered += 1;
        if (e.kind === 'answer') return e;
        if (e.kind === 'bad') {
          stats.bad.push(e);
          return null;
        }
        stats.retries += 1;
        if (e.status === 0) c.target += 1;
        await sleep(20 + Math.floor(Math.random() * 80));
      }
      return null;
    };
    const striking = fault(random, progress);
    await Promise.all(
      clients.map(async (c) => {
        const booked = await call(c, '/backend/api/book-seats.php', { event_id: eventId, section_id: SECTION, seat_numbers: c.seats, user_id: 1 });
        if (!booked) return void (stats.unsettled += 1);
        if (booked.status !== 200) return;
        stats.booked += 1;
        c.orderId = JSON.parse(booked.text).order.orderId;
        c.key = `bench-${seed}-${c.i}-${randomUUID()}`;
        const started = performance.now();
        const paid = await call(c, `/api/orders/${c.orderId}/pay`, { paymentMethod: c.method, paymentType: 'full' }, { 'Idempotency-Key': c.key });
        if (!paid) return void (stats.unsettled += 1);
        stats.payMs.push(performance.now() - started);
        c.answers.push(paid.text);
        c.payStatus = paid.status;
      }),
    );
    progress.over = true;
    stats.struck = (await striking.stop()).struck;
    // A buyer reloading the page: the same pay call again with its key.
    await Promise.all(
      clients
        .filter((c) => c.key)
        .map(async (c) => {
          const again = await call(c, `/api/orders/${c.orderId}/pay`, { paymentMethod: c.method, paymentType: 'full' }, { 'Idempotency-Key': c.key });
          if (again) c.answers.push(again.text);
          if (c.answers.length && new Set(c.answers).size > 1) stats.divergent += 1;
        }),
    );
    const { rows } = await db.query(
      `SELECT o.id, ARRAY(SELECT t.id FROM tickets t WHERE t.order_id = o.id ORDER BY t.seat_number) AS tickets
       FROM orders o WHERE o.event_id = $1 AND o.status = 'paid'`,
      [eventId],
    );
    const tickets = new Map(rows.map((r) => [r.id, r.tickets.join(',')]));
    for (const c of clients.filter((x) => x.payStatus === 200)) {
      stats.paid += 1;
      const answered = JSON.parse(c.answers[0]).order.tickets ?? [];
      if (tickets.get(c.orderId) !== answered.map((t) => t.ticketId).join(',')) stats.lost += 1;
    }
    if (stats.paid !== rows.length) stats.violations.push(`buyers saw ${stats.paid} payments, ${rows.length} orders are paid`);
    stats.violations.push(...(await checkBookingInvariants(db, eventId)).violations);
    return stats;
  };

  /**
   * A fault that strikes once, at a random moment inside the storm: after a random number of the
   * book calls have answered (every buyer books once, so that many answers come while calls are still
   * in flight), and only if requests are in flight then; otherwise the run is a miss.
   * stop() resolves { struck } once the fault is over (the process or the database is back).
   */
  const once = (random, progress, strike) => {
    const answers = Math.floor(random() * CLIENTS * 0.9);
    const done = (async () => {
      await progress.after(answers);
      if (!progress.live()) return { struck: false };
      await strike();
      return { struck: true };
    })();
    return { stop: () => done };
  };

  const faults = {
    terminate: (random, progress) => {
      let on = true;
      /** Backends terminated while the storm's requests were in flight. */
      let terminated = 0;
      const loop = (async () => {
        while (on) {
          await sleep(30 + Math.floor(random() * 150));
          if (!progress.live()) continue;
          const { rows } = await db
            .query(`SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = 'sports-api' ORDER BY random() LIMIT $1`, [random() < 0.1 ? 8 : 1])
            .catch(() => ({ rows: [] }));
          terminated += rows.filter((r) => r.done).length;
        }
      })();
      return {
        stop: async () => {
          on = false;
          await loop;
          return { struck: terminated > 0 };
        },
      };
    },
    sigkill: (random, progress) => {
      const victim = Math.floor(random() * 2);
      return once(random, progress, async () => {
        const { child, port } = apis[victim];
        child.kill('SIGKILL');
        await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve)));
        await startApi(victim, port);
      });
    },
    restart: (random, progress) =>
      once(random, progress, async () => {
        await pgServer.stop();
        await sleep(200);
        pgServer = await startPostgres({ dataDir, port: pgPort });
      }),
  };

  const summary = [];
  for (const [index, [name, runs]] of [
    ['terminate', RUNS],
    ['sigkill', RUNS],
    ['restart', Math.max(1, Math.floor(RUNS / 2))],
  ].entries()) {
    const total = { runs: 0, struck: 0, missed: 0, clients: 0, booked: 0, paid: 0, retries: 0, bad: 0, unsettled: 0, divergent: 0, lost: 0, violations: 0, payMs: [] };
    const started = performance.now();
    for (let run = 1; run <= runs; run += 1) {
      const stats = await storm(1000 * (index + 1) + run, faults[name]);
      total.runs += 1;
      if (stats.struck) total.struck += 1;
      else total.missed += 1;
      for (const k of ['clients', 'booked', 'paid', 'retries', 'unsettled', 'divergent', 'lost']) total[k] += stats[k];
      total.bad += stats.bad.length;
      total.violations += stats.violations.length;
      total.payMs.push(...stats.payMs);
      if (stats.bad.length || stats.violations.length || stats.unsettled || stats.divergent || stats.lost) {
        console.log(`  ${name} run ${run}: ${JSON.stringify({ bad: stats.bad.slice(0, 3), violations: stats.violations.slice(0, 3), unsettled: stats.unsettled, divergent: stats.divergent, lost: stats.lost })}`);
      }
    }
    total.payMs.sort((a, b) => a - b);
    summary.push({ name, ...total, seconds: (performance.now() - started) / 1000 });
    log(`${name}: ${runs} runs done`);
  }

  // The racing payments: one held order, RACE_WIDTH parallel pay calls, each with its own key.
  const raceMs = [];
  const race = { runs: 0, oneWinner: 0, clear409: 0, serverErrors: 0, other: 0 };
  for (let r = 0; r < RACES; r += 1) {
    const eventId = await newEvent();
    const cookie = cookies[r % USERS];
    const held = await exchange(`${urls()[0]}/backend/api/book-seats.php`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify({ event_id: eventId, section_id: 1, seat_numbers: [1, 2], user_id: 1 }) });
    const orderId = JSON.parse(held.text).order.orderId;
    const answers = await Promise.all(
      Array.from({ length: RACE_WIDTH }, async (_, i) => {
        const t = performance.now();
        const e = await exchange(`${urls()[i % 2]}/api/orders/${orderId}/pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie, 'Idempotency-Key': `race-${r}-${i}-${Math.random().toString(36).slice(2)}` },
          body: JSON.stringify({ paymentMethod: 'gcash', paymentType: 'full' }),
        });
        raceMs.push(performance.now() - t);
        return e;
      }),
    );
    race.runs += 1;
    const wins = answers.filter((a) => a.status === 200).length;
    if (wins === 1) race.oneWinner += 1;
    for (const a of answers) {
      if (a.status === 409 && /already paid|already in progress/.test(a.text)) race.clear409 += 1;
      else if (a.status >= 500) race.serverErrors += 1;
      else if (a.status !== 200) race.other += 1;
    }
  }
  raceMs.sort((a, b) => a - b);

  console.log(`\nFaults during a booking and payment storm (${CLIENTS} buyers a run, 2 API processes, seats 1..${RANGE} of one section)`);
  console.log('  fault      runs  struck  missed  buyers  booked  paid   retries  bad answers  unsettled  divergent keys  lost tickets  invariant violations  pay p50 / p99 (ms)   time');
  let failed = false;
  for (const s of summary) {
    const bad = s.bad + s.unsettled + s.divergent + s.lost + s.violations;
    if (bad || s.missed * 2 > s.runs) failed = true;
    console.log(
      `  ${s.name.padEnd(9)}  ${String(s.runs).padStart(4)}  ${String(s.struck).padStart(6)}  ${String(s.missed).padStart(6)}  ${String(s.clients).padStart(6)}  ${String(s.booked).padStart(6)}  ${String(s.paid).padStart(4)}  ${String(s.retries).padStart(8)}  ${String(s.bad).padStart(11)}  ${String(s.unsettled).padStart(9)}  ${String(s.divergent).padStart(14)}  ${String(s.lost).padStart(12)}  ${String(s.violations).padStart(20)}  ${percentile(s.payMs, 50).toFixed(0).padStart(7)} / ${percentile(s.payMs, 99).toFixed(0).padEnd(8)}  ${s.seconds.toFixed(0)} s`,
    );
  }
  console.log(`\nRacing payments: ${race.runs} orders, each paid by ${RACE_WIDTH} parallel calls with their own keys`);
  console.log(`  orders with exactly one 200:   ${race.oneWinner} of ${race.runs}`);
  console.log(`  clear 409s (already paid / in progress): ${race.clear409} of ${race.runs * (RACE_WIDTH - 1)}; 5xx: ${race.serverErrors}; other: ${race.other}`);
  const raceP99 = percentile(raceMs, 99);
  console.log(`  latency of all ${raceMs.length} answers: p50 ${percentile(raceMs, 50).toFixed(1)} ms, p99 ${raceP99.toFixed(1)} ms (limit ${RACE_P99_LIMIT_MS} ms), max ${raceMs.at(-1)?.toFixed(1)} ms`);
  if (race.oneWinner !== race.runs || race.serverErrors || race.other || !(raceP99 <= RACE_P99_LIMIT_MS)) failed = true;
  for (const s of summary.filter((x) => x.missed * 2 > x.runs)) console.log(`${s.name}: the fault missed the storm in ${s.missed} of ${s.runs} runs (more than half)`);
  console.log(`\n${failed ? 'VIOLATIONS FOUND' : 'no violations'}`);
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
if (existsSync(join(ROOT, '.data', 'bench-faults-pg'))) log('PostgreSQL data left in .data/bench-faults-pg (wiped at the next run)');
process.exit(code);
