// `npm run bench:search`: GET /api/events/search over 10,000 events, target p99 <= 50 ms.
//
// A fresh embedded PostgreSQL (.data/bench-search-pg, wiped first), migrated and seeded as the
// app does (node api/dist/seed.js), then filled in SQL with 10,000 approved upcoming events of
// varied titles (some accented: Café, Fútbol, Niño), organizers, venues, descriptions, genres,
// prices (a fifth free) and dates over the next year, 5,000 sold or held orders on them (so
// "seats left" counts real seats), plus 1,000 past, pending and cancelled events the search must
// skip; then ANALYZE. One API process (node api/dist/server.js) answers over real HTTP on
// loopback: after a warm-up, BENCH_REQUESTS (default 3,000) searches from a seeded mix (text with
// typos and without accents, organizer names, venues; filters: genre, date ranges, free/paid,
// price range, seats left; every sort; pages 1-3) at BENCH_CONCURRENCY (default 2) connections.
// Prints p50/p95/p99/max overall and per kind, and the CPU the API and PostgreSQL spent per search
// (from /proc: latency on a shared machine includes waiting for a core); exits 1 when p99 > 50 ms
// or any answer is not 200.
//
// BENCH_EXPLAIN=1 prints the plans of a few typical searches first.
//
// Loopback only; PostgreSQL and the API are stopped at the end (also on failure or Ctrl-C).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { freePort } from '../scripts/lib/free-port.mjs';
import { HttpConnection } from './http-connection.mjs';
import { cleanup, stops, wasInterrupted } from './lib/cleanup.mjs';
import { cpuMs, postmasterPid } from './lib/proc-cpu.mjs';
import { seededRandom } from './lib/seeded-random.mjs';

ensureInstalled();
const { startPostgres } = await import('../scripts/lib/postgres.mjs');
const { startProcess, stopChild, waitForHttp } = await import('../scripts/lib/processes.mjs');
const { default: pg } = await import('pg');

const EVENTS = 10_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const WARMUP = 300;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const TARGET_P99_MS = 50;
const DATA_DIR = join(ROOT, '.data', 'bench-search-pg');
/** BENCH_EXPLAIN=1: print the plans (EXPLAIN ANALYZE) of a few typical searches before measuring. */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

// Words of titles, in their display form; searches type them with typos and without accents.
const SPORTS = ['Basketball', 'Volleyball', 'Football', 'Fútbol', 'Badminton', 'Boxing', 'Swimming', 'Tennis', 'Taekwondo', 'Chess', 'Marathon', 'Sepak Takraw'];
const SHOWS = ['Concert', 'Café Acoustic', 'Jazz Night', 'Rock Festival', 'Choir', 'Orchestra', 'Rondalla', 'Kundiman', 'Hip-Hop Showcase', 'Piano Recital'];
const COMMUNITY = ['Fiesta', 'Job Fair', 'Book Fair', 'Niño Parade', 'Health Fair', 'Bazaar', 'Fun Run', 'Clean-up Drive', 'Seminar', 'Workshop'];
const KINDS = ['Finals', 'Cup', 'League', 'Open', 'Invitational', 'Championship', 'Classic', 'Night', 'Showdown', 'Series', 'Gala', 'Weekend'];
const PLACES = ['Quezon City', 'Pasig', 'Makati', 'Taguig', 'Marikina', 'Manila', 'Cebu', 'Davao', 'Iloilo', 'Baguio', 'Parañaque', 'Las Piñas'];
const FIRST = ['Maria', 'José', 'Ana', 'Juan', 'Liza', 'Mark', 'Grace', 'Paolo', 'Joy', 'Ramón', 'Camille', 'Carlo', 'Bea', 'Miguel', 'Hazel', 'Noel'];
const LAST = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'García', 'Mendoza', 'Torres', 'Castillo', 'Flores', 'Villanueva', 'Ramos', 'Castro', 'Aquino', 'Navarro', 'Peña'];
const VENUES = ['Covered Court', 'Sports Complex', 'Coliseum', 'Gymnasium', 'Arena', 'Activity Center', 'Amphitheater', 'Town Plaza'];

const log = (message) => console.log(`› ${message}`);
const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

/** 10,000 listed events, 1,000 that must not be found, 5,000 orders on the listed ones (not the demo's), with their seats; then ANALYZE. */
async function generate(db) {
  const step = async (what, sql) => {
    const t = performance.now();
    await db.query(sql);
    log(`${what} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  const { rows: before } = await db.query('SELECT coalesce(max(id), 0) AS id FROM events');
  const firstId = Number(before[0].id) + 1;
  // Deterministic variety: n picks from each list with a different stride.
  const pick = (list, stride) => `(${sqlArray(list)})[1 + (n * ${stride}) % ${list.length}]`;
  const title = `CASE n % 3 WHEN 0 THEN ${pick(SPORTS, 7)} WHEN 1 THEN ${pick(SHOWS, 11)} ELSE ${pick(COMMUNITY, 13)} END || ' ' || ${pick(KINDS, 5)} || ' ' || (2026 + n % 2)`;
  const organizer = `${pick(FIRST, 17)} || ' ' || ${pick(LAST, 19)}`;
  const description = `'A ' || lower(${pick(KINDS, 3)}) || ' in ' || ${pick(PLACES, 23)} || ' for the whole family, organised by ' || ${pick(LAST, 29)} || ' Events. Gates open an hour before; bring water, wear comfortable shoes and come early for the best seats.'`;
  await step(
    `${EVENTS.toLocaleString()} approved upcoming events`,
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status, organizer, venue_name, street_name, created_at, image_hue)
     SELECT (ARRAY['sports','concert','community'])[1 + n % 3], ${title}, ${description},
            now() + interval '2 hours' + (n::float / ${EVENTS}) * interval '365 days', true,
            CASE WHEN n % 5 = 0 THEN 0 ELSE (ARRAY[50,100,150,200,250,300,350,500,750,1000,1500])[1 + (n * 7) % 11] END,
            'Approved', ${organizer}, ${pick(PLACES, 31)} || ' ' || ${pick(VENUES, 37)}, 'Rizal Avenue',
            now() - ((n * 7919) % 400) * interval '1 day', (n * 37) % 360
     FROM generate_series(1, ${EVENTS}) n`,
  );
  await step(
    '1,000 past, pending, rejected and cancelled events',
    `INSERT INTO events (genre, title, description, starts_at, price, status, organizer, cancelled_at, cancel_reason)
     SELECT 'sports', ${title}, ${description},
            CASE WHEN n % 4 = 0 THEN now() - n * interval '1 day' ELSE now() + n * interval '1 hour' END, 200,
            CASE n % 4 WHEN 1 THEN 'Pending' WHEN 2 THEN 'Rejected' ELSE 'Approved' END, ${organizer},
            CASE WHEN n % 4 = 3 THEN now() END, CASE WHEN n % 4 = 3 THEN 'Called off' END
     FROM generate_series(1, 1000) n`,
  );
  await step(
    '5,000 orders (paid and held) with their seats',
    `WITH listed AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM events WHERE id BETWEEN ${firstId} AND ${firstId + EVENTS - 1}),
          arena AS (SELECT id, row_number() OVER (ORDER BY id) AS k, capacity FROM sections WHERE event_id IS NULL),
          buyer AS (SELECT min(id) AS id FROM users),
          made AS (
            INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, ticket_id)
            SELECT buyer.id, l.id, a.id, CASE WHEN n % 4 = 0 THEN 'held' ELSE 'paid' END, 4, 400, now() - interval '1 minute', now() + interval '9 minutes',
                   CASE WHEN n % 4 = 0 THEN NULL ELSE 'gcash' END, CASE WHEN n % 4 = 0 THEN NULL ELSE 'full' END,
                   CASE WHEN n % 4 = 0 THEN NULL ELSE now() END, CASE WHEN n % 4 = 0 THEN NULL ELSE substr(md5(n::text), 1, 22) END
            FROM generate_series(1, 5000) n
            JOIN listed l ON l.k = 1 + (n * 7) % ${EVENTS}
            JOIN arena a ON a.k = 1 + n % (SELECT count(*) FROM arena)
            CROSS JOIN buyer
            RETURNING id, event_id, section_id
          )
     INSERT INTO order_seats (order_id, event_id, section_id, seat_number)
     SELECT m.id, m.event_id, m.section_id, (m.id % 20) * 4 + s FROM made m CROSS JOIN generate_series(1, 4) s`,
  );
  await step('VACUUM ANALYZE', 'VACUUM ANALYZE');
}

/** A search as a visitor's form would send it, drawn from `random`; with its kind for the report. */
function searchOf(random) {
  const any = (list) => list[Math.floor(random() * list.length)];
  const chance = (p) => random() < p;
  const plain = (s) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  const typo = (word) => {
    const w = plain(word).toLowerCase();
    if (w.length < 5) return w;
    const i = 1 + Math.floor(random() * (w.length - 2));
    return chance(0.5) ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  };
  const params = new URLSearchParams();
  let kind = 'filters only';
  if (chance(0.7)) {
    const roll = random();
    if (roll < 0.45) {
      params.set('q', typo(any([...SPORTS, ...SHOWS, ...COMMUNITY]).split(' ')[0]));
      kind = 'text (typo)';
    } else if (roll < 0.6) {
      params.set('q', `${plain(any([...SPORTS, ...SHOWS, ...COMMUNITY])).toLowerCase()} ${any(KINDS).toLowerCase()}`);
      kind = 'text (two words)';
    } else if (roll < 0.8) {
      params.set('q', `${plain(any(FIRST))} ${plain(any(LAST))}`);
      kind = 'text (organizer)';
    } else {
      params.set('q', plain(any(PLACES)).toLowerCase());
      kind = 'text (place)';
    }
  }
  if (chance(0.3)) params.set('genre', any(['sports', 'concert', 'community']));
  if (chance(0.35)) {
    const day = (offset) => new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const start = Math.floor(random() * 300);
    const span = any([0, 1, 2, 6, 30]);
    params.set('from', day(start));
    params.set('to', day(start + span));
  }
  if (chance(0.2)) params.set('price', any(['free', 'paid']));
  const minPrice = chance(0.1) ? any([50, 200]) : 0;
  if (minPrice) params.set('minPrice', String(minPrice));
  if (chance(0.3)) params.set('maxPrice', String(any([300, 500, 1000])));
  if (chance(0.15)) params.set('minSeats', String(any([1, 2, 5, 100])));
  if (chance(0.6)) params.set('sort', any(['soonest', 'price', 'newest', ...(params.has('q') ? ['relevance'] : [])]));
  if (chance(0.15)) params.set('page', String(any([2, 3])));
  return { path: `/api/events/search?${params}`, kind };
}

/** The plans of a few typical searches, run through the API's own statement (api/dist). */
async function explainTypical(db) {
  const require = createRequire(import.meta.url);
  const { searchEvents } = require(join(ROOT, 'api/dist/events/search.repository.js'));
  const explaining = {
    query: async (text, params) => {
      const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      return db.query(text, params);
    },
  };
  const page = { limit: 20, offset: 0 };
  for (const criteria of [
    { sort: 'soonest' },
    { q: 'basketbal', sort: 'relevance' },
    { q: 'Paolo Villanueva', sort: 'price' },
    { q: 'las pinas', sort: 'relevance', maxPrice: 500 },
    { q: 'futbol championship', sort: 'soonest', price: 'paid' },
    { sort: 'soonest', minSeats: 5, genre: 'sports' },
  ]) {
    console.log(`\n===== ${JSON.stringify(criteria)}`);
    await searchEvents(explaining, new Date(), { ...criteria, ...page });
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Runs `searches` over `CONCURRENCY` keep-alive connections; each latency is one request's round trip. */
async function run(port, searches) {
  const connections = await Promise.all(Array.from({ length: CONCURRENCY }, () => HttpConnection.open(port)));
  stops.push(async () => connections.forEach((c) => c.close()));
  const results = [];
  let next = 0;
  await Promise.all(
    connections.map(async (connection) => {
      while (next < searches.length && !wasInterrupted()) {
        const search = searches[next];
        next += 1;
        const t = performance.now();
        const { status, body } = await connection.request('GET', search.path, {});
        results.push({ ...search, ms: performance.now() - t, status, found: status === 200 ? JSON.parse(body).total : body });
      }
    }),
  );
  connections.forEach((c) => c.close());
  return results;
}

function summary(label, results) {
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const f = (n) => n.toFixed(1).padStart(6);
  return `  ${label.padEnd(18)} ${String(results.length).padStart(5)}  p50 ${f(percentile(times, 50))}  p95 ${f(percentile(times, 95))}  p99 ${f(percentile(times, 99))}  max ${f(times[times.length - 1] ?? NaN)}`;
}

async function main() {
  log('building the API (tsc -b packages/contracts packages/seating api)');
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'packages/seating', 'api'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the API build failed');

  rmSync(DATA_DIR, { recursive: true, force: true });
  log(`starting a fresh PostgreSQL in ${DATA_DIR}`);
  const pgServer = await startPostgres({ dataDir: DATA_DIR, port: 0 });
  stops.push(async () => {
    await pgServer.stop();
    rmSync(DATA_DIR, { recursive: true, force: true });
  });
  await pgServer.createDatabase('bench_search', { dropFirst: true });
  const databaseUrl = pgServer.url('bench_search');
  const env = { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, API_HOST: '127.0.0.1', LOG_LEVEL: 'error' };
  log('migrating and seeding (node api/dist/seed.js)');
  const seed = spawnSync(process.execPath, [join(ROOT, 'api', 'dist', 'seed.js')], { cwd: ROOT, env: { ...env, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('the seed failed');

  const db = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'bench' });
  db.on('error', (err) => console.error('bench pool:', err.message));
  stops.push(() => db.end());
  await generate(db);
  const { rows: counted } = await db.query(`SELECT count(*)::int AS n FROM events WHERE status = 'Approved' AND cancelled_at IS NULL AND starts_at > now()`);
  log(`${counted[0].n.toLocaleString()} events on sale`);

  if (EXPLAIN) await explainTypical(db);

  const port = await freePort();
  const { child } = startProcess('api', process.execPath, [join(ROOT, 'api', 'dist', 'server.js')], { cwd: ROOT, env: { ...env, API_PORT: String(port) } });
  stops.push(() => stopChild(child));
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, child, 60_000);
  log(`API up on port ${port}`);

  const random = seededRandom(20_261_127);
  const warmup = Array.from({ length: WARMUP }, () => searchOf(random));
  const searches = Array.from({ length: REQUESTS }, () => searchOf(random));
  log(`warm-up: ${WARMUP} searches`);
  await run(port, warmup);
  log(`measuring: ${REQUESTS.toLocaleString()} searches at concurrency ${CONCURRENCY}`);
  const postmaster = postmasterPid(DATA_DIR);
  const cpu = () => ({ api: cpuMs([child.pid], false), pg: postmaster ? cpuMs([postmaster], true) : NaN });
  const cpuBefore = cpu();
  const started = performance.now();
  const results = await run(port, searches);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpu();
  const perSearch = { api: (cpuAfter.api - cpuBefore.api) / results.length, pg: (cpuAfter.pg - cpuBefore.pg) / results.length };

  const failures = results.filter((r) => r.status !== 200);
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  const found = results.filter((r) => r.status === 200).map((r) => r.found);
  console.log(`\nSearch bench: ${counted[0].n.toLocaleString()} events on sale, ${results.length.toLocaleString()} searches over HTTP, concurrency ${CONCURRENCY}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log(`  ${(results.length / seconds).toFixed(0)} searches/s; results per search: median ${percentile([...found].sort((a, b) => a - b), 50)}, none for ${found.filter((n) => n === 0).length}`);
  // CPU per search holds when other work shares the machine; latency does not (it waits for a core).
  console.log(`  CPU per search: API ${perSearch.api.toFixed(2)} ms, PostgreSQL ${perSearch.pg.toFixed(2)} ms`);
  console.log('  latency (ms)        count');
  console.log(summary('all', results));
  for (const kind of [...new Set(results.map((r) => r.kind))].sort()) console.log(summary(kind, results.filter((r) => r.kind === kind)));
  for (const sort of ['relevance', 'soonest', 'price', 'newest']) console.log(summary(`sort=${sort}`, results.filter((r) => r.path.includes(`sort=${sort}`))));
  console.log(summary('minSeats', results.filter((r) => r.path.includes('minSeats='))));
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(`  slowest: ${slowest.map((r) => `${r.ms.toFixed(1)} ms ${r.path}`).join('\n           ')}`);
  if (failures.length) console.log(`  NOT 200: ${failures.length}, e.g. ${JSON.stringify(failures.slice(0, 3).map((f) => [f.status, f.path, f.found]))}`);
  const met = p99 <= TARGET_P99_MS && failures.length === 0;
  console.log(`\np99 ${p99.toFixed(1)} ms (target <= ${TARGET_P99_MS} ms): ${met ? 'met' : 'MISSED'}`);
  console.log(`RESULT ${JSON.stringify({ events: counted[0].n, requests: results.length, concurrency: CONCURRENCY, p50: +percentile(times, 50).toFixed(1), p95: +percentile(times, 95).toFixed(1), p99: +p99.toFixed(1), failures: failures.length, apiCpuMs: +perSearch.api.toFixed(2), pgCpuMs: +perSearch.pg.toFixed(2) })}`);
  return met ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err);
} finally {
  await cleanup();
}
if (existsSync(DATA_DIR)) log(`PostgreSQL data left in ${DATA_DIR} (wiped at the next run)`);
process.exit(code);
