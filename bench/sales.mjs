// `npm run bench:sales`: what one sale costs at full speed, the sale alone: hold two seats
// (POST /backend/api/book-seats.php), pay (POST /api/orders/:id/pay with an Idempotency-Key),
// the answer carrying the paid order and its signed tickets, the ticket mail owed.
//
// A fresh PostgreSQL (pg_stat_statements preloaded), the migrated + seeded database, and
// BENCH_SALES_API_PROCESSES API processes (default 2, what `npm start` runs on 2 cores). Enough
// approved events on the arena's sections (2,180 seats each) for the run, and one signed-in buyer
// per pair of seats of an event. BENCH_SALES_CONCURRENCY buyers at once (default 32, spread over
// the processes on lean keep-alive connections) each take the next pair of seats nobody else was
// given, hold it, pay it and go on to the next, for BENCH_SALES_SECONDS (default 10) or until every
// seat is sold. Before that, a warm-up sells one event out the same way and ANALYZE follows, as
// autovacuum would on a live database: a run on the statistics of the just seeded one would be
// planned for tables of a few hundred rows.
//
// Prints sales/s, the latency of the hold, of the payment and of the whole sale (p50 / p99),
// answers other than 200 (must be 0), seats sold twice (SQL, must be 0), the CPU per sale of the
// API processes and of PostgreSQL (from /proc), the statements PostgreSQL ran per sale and their
// commits (pg_stat_statements, pg_stat_database), then, after the run, how long the ticket mails
// owed took to be sent (the development transport keeps them in mail_outbox). The targets: at
// least 500 sales/s, pay p99 at most 100 ms, at most 1.5 ms of API CPU and 1.5 ms of PostgreSQL
// CPU per sale. Fails (exit 1) on an error, a seat sold twice or a mail not sent.
//
// Loopback only; every loop is bounded; what it starts is stopped at the end.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { HttpConnection } from './http-connection.mjs';
import { signedInBuyers } from './lib/bench-buyers.mjs';
import { startBenchApi, startBenchDatabase } from './lib/bench-database.mjs';
import { runBench } from './lib/cleanup.mjs';
import { quantile } from './lib/onsale-buyers.cjs';
import { cpuMs, postmasterPid } from './lib/proc-cpu.mjs';

ensureInstalled();

const API_PROCESSES = Number(process.env.BENCH_SALES_API_PROCESSES ?? 2);
const CONCURRENCY = Number(process.env.BENCH_SALES_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SALES_SECONDS ?? 10);
/** Events on sale: enough seats for this many sales per second over the run, at least one. */
const PLANNED_RATE = Number(process.env.BENCH_SALES_PLANNED_RATE ?? 900);
const PRICE = 2500;
/** The events' titles start with it, and so do their ticket mails' subjects. */
const EVENT_TITLE = 'Sales bench';
const PAYMENT_METHODS = ['gcash', 'paymaya', 'bdo', 'visa'];
/** The ticket mails' wait after the run: 180 s, or 25 ms a sale when more (one process renders about 50 a second). */
const mailTimeoutMs = (sales) => Math.max(180_000, sales * 25);
const TARGETS = { salesPerS: 500, payP99Ms: 100, apiCpuMs: 1.5, pgCpuMs: 1.5 };
const DATA_DIR = join(ROOT, '.data', 'bench-sales-pg');

for (const [name, value] of Object.entries({ BENCH_SALES_API_PROCESSES: API_PROCESSES, BENCH_SALES_CONCURRENCY: CONCURRENCY, BENCH_SALES_SECONDS: SECONDS, BENCH_SALES_PLANNED_RATE: PLANNED_RATE })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
}

const log = (message) => console.log(`› ${message}`);
const ms = (v) => (Number.isNaN(v) ? '-' : `${v.toFixed(1)} ms`);
const p50p99 = (values) => `${ms(quantile(values, 0.5))} / ${ms(quantile(values, 0.99))}`;

async function main() {
  const jwtSecret = randomBytes(32).toString('base64url');
  const { db, env } = await startBenchDatabase({ dataDir: DATA_DIR, applicationName: 'bench-sales', env: { LOG_LEVEL: 'error', JWT_SECRET: jwtSecret }, log, statStatements: true });
  const query = async (sql, params) => (await db.query(sql, params)).rows;
  const apis = [];
  for (let i = 0; i < API_PROCESSES; i += 1) apis.push(await startBenchApi(env, `api${i + 1}`));

  const sections = await query('SELECT id, capacity FROM sections WHERE event_id IS NULL ORDER BY id', []);
  const pairsPerEvent = sections.reduce((n, s) => n + Math.floor(s.capacity / 2), 0);
  const eventCount = 1 + Math.max(1, Math.ceil((PLANNED_RATE * SECONDS) / pairsPerEvent));
  const events = await query(
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
     SELECT 'concert', $3 || ' ' || g, 'The sales bench', now() + interval '30 days', true, $2, 'Approved' FROM generate_series(1, $1) g RETURNING id`,
    [eventCount, PRICE, EVENT_TITLE],
  );
  // Buyer k holds pair k of every event: one account never holds two pairs of one event.
  log(`${eventCount} events of ${pairsPerEvent * 2} seats; ${pairsPerEvent} buyers: accounts and sessions`);
  const { cookies } = await signedInBuyers(query, { count: pairsPerEvent, prefix: 'sales', jwtSecret });
  const pairs = sections.flatMap((s) => Array.from({ length: Math.floor(s.capacity / 2) }, (_, k) => ({ section: s.id, seats: [2 * k + 1, 2 * k + 2] })));
  const [warmUp, ...onSale] = events.map((e) => pairs.map((p, buyer) => ({ event: e.id, ...p, buyer })));
  const sales = onSale.flat();

  const postgres = postmasterPid(DATA_DIR);
  if (!postgres) throw new Error('PostgreSQL postmaster not found in /proc');
  const openConnections = () => Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => HttpConnection.open(Number(new URL(apis[i % apis.length].base).port))));
  log(`warm-up: ${warmUp.length} sales (one event sold out), then ANALYZE`);
  const warmConnections = await openConnections();
  const warm = await sell(warmConnections, cookies, warmUp, Infinity);
  for (const c of warmConnections) c.close();
  if (warm.errors.length) throw new Error(`bench:sales warm-up failed: ${warm.errors.slice(0, 3).join(' | ')}`);
  await query('ANALYZE', []);
  await query('CHECKPOINT', []);
  // An idle backend reports its table counts within 10 s (PGSTAT_IDLE_INTERVAL): the warm-up's must
  // not be counted among the run's sequential scans. (The API closes keep-alive connections idle
  // that long: the run opens its own.)
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const connections = await openConnections();
  await query('SELECT pg_stat_statements_reset()', []);
  const commits = async () => Number((await query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()', []))[0].xact_commit);
  const commitsBefore = await commits();
  const tableScans = async () => query('SELECT relname, seq_scan::int AS scans, seq_tup_read::float8 AS rows FROM pg_stat_user_tables', []);
  const scansBefore = new Map((await tableScans()).map((t) => [t.relname, t]));

  const started = performance.now();
  const cpuBefore = { api: cpuMs(apis.map((a) => a.child.pid), false), postgres: cpuMs([postgres], true) };
  log(`${CONCURRENCY} buyers at once for ${SECONDS} s over ${API_PROCESSES} API process${API_PROCESSES > 1 ? 'es' : ''}`);
  const { holds, pays, whole, errors, sold } = await sell(connections, cookies, sales, started + SECONDS * 1000);
  const wall = performance.now() - started;
  const cpu = { api: cpuMs(apis.map((a) => a.child.pid), false) - cpuBefore.api, postgres: cpuMs([postgres], true) - cpuBefore.postgres };
  const commitCount = (await commits()) - commitsBefore;
  for (const c of connections) c.close();

  const statements = await query(
    `SELECT calls::int, total_exec_time AS ms, regexp_replace(left(query, 100), '\\s+', ' ', 'g') AS query FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT ILIKE '%pg_stat%' ORDER BY calls DESC`,
    [],
  );
  const eventIds = events.map((e) => e.id);
  const [doubles] = await query(
    `SELECT count(*)::int AS n FROM (SELECT s.event_id, s.section_id, s.seat_number FROM order_seats s JOIN orders o ON o.id = s.order_id
     WHERE s.event_id = ANY ($1) AND o.status IN ('held', 'paid') GROUP BY 1, 2, 3 HAVING count(*) > 1) twice`,
    [eventIds],
  );
  // The warm-up's mails too: a process sends its mails in order, after the peak.
  const owed = warm.sold + sold;
  log(`${sold} sales in ${(wall / 1000).toFixed(1)} s; waiting (at most ${mailTimeoutMs(owed) / 1000} s) for the ${owed} ticket mails of the warm-up and the run`);
  const mailsFrom = performance.now();
  let mailed = 0;
  while (performance.now() - mailsFrom < mailTimeoutMs(owed)) {
    // By subject alone: a join on orders would scan it on every poll (and show among the run's scans).
    const [m] = await query('SELECT count(*)::int AS n FROM mail_outbox WHERE subject LIKE $1', [`Your tickets for ${EVENT_TITLE} %`]);
    mailed = m.n;
    if (mailed >= owed) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const mailS = (performance.now() - mailsFrom) / 1000;
  // Read once the mails are sent (a backend reports its counts within seconds, not at once); the
  // bench's own statements before this scan order_seats and orders once (the doubles) and mail_outbox.
  const seqScans = (await tableScans())
    .map((t) => ({ relname: t.relname, scans: t.scans - (scansBefore.get(t.relname)?.scans ?? 0), rows: t.rows - (scansBefore.get(t.relname)?.rows ?? 0) }))
    .filter((t) => t.scans > 0)
    .sort((a, b) => b.rows - a.rows);

  const rate = sold / (wall / 1000);
  const per = (v) => v / Math.max(1, sold);
  const statementCalls = statements.reduce((n, s) => n + s.calls, 0);
  console.log(`\nbench:sales — ${CONCURRENCY} buyers at once, ${API_PROCESSES} API process${API_PROCESSES > 1 ? 'es' : ''}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  console.log(`  sales/s: ${rate.toFixed(1)} (${sold} sales of 2 seats in ${(wall / 1000).toFixed(1)} s; target at least ${TARGETS.salesPerS})`);
  console.log(`  latency p50 / p99: hold ${p50p99(holds)}, pay ${p50p99(pays)} (target p99 at most ${TARGETS.payP99Ms} ms), the sale ${p50p99(whole)}`);
  console.log(`  errors: ${errors.length} (must be 0)${errors.length ? `, e.g. ${errors.slice(0, 3).join(' | ')}` : ''}; seats sold twice (SQL): ${doubles.n} (must be 0)`);
  console.log(`  CPU per sale: API ${per(cpu.api).toFixed(2)} ms, PostgreSQL ${per(cpu.postgres).toFixed(2)} ms (targets at most ${TARGETS.apiCpuMs} ms each); busy: API ${((cpu.api / wall) * 100).toFixed(0)}%, PostgreSQL ${((cpu.postgres / wall) * 100).toFixed(0)}% of one core`);
  console.log(`  PostgreSQL per sale: ${per(statementCalls).toFixed(1)} statements (nested ones included), ${per(commitCount).toFixed(2)} commits; the most called:`);
  for (const s of statements.slice(0, 40)) console.log(`    ${per(s.calls).toFixed(2).padStart(6)} ${((s.ms * 1000) / Math.max(1, s.calls)).toFixed(0).padStart(6)} µs  ${s.query}`);
  console.log(`  sequential scans of the run and its mails (pg_stat_user_tables): ${seqScans.map((t) => `${t.relname} ${t.scans} (${t.rows} rows)`).join(', ') || 'none'}`);
  console.log(`  ticket mails: ${mailed} of ${owed} sent, the last ${mailS.toFixed(1)} s after the run (${(mailed / mailS).toFixed(1)} a second)`);
  console.log(
    `RESULT ${JSON.stringify({ salesPerS: +rate.toFixed(1), sold, holdP99: +quantile(holds, 0.99).toFixed(1), payP50: +quantile(pays, 0.5).toFixed(1), payP99: +quantile(pays, 0.99).toFixed(1), apiCpuPerSale: +per(cpu.api).toFixed(2), pgCpuPerSale: +per(cpu.postgres).toFixed(2), statementsPerSale: +per(statementCalls).toFixed(1), commitsPerSale: +per(commitCount).toFixed(2), errors: errors.length, doubles: doubles.n, mailed })}`,
  );
  if (errors.length || doubles.n || mailed < owed) throw new Error('bench:sales failed: errors, seats sold twice or ticket mails not sent');
}

/**
 * The buyers, one per connection, each taking the next sale of `sales` nobody took yet: hold, pay,
 * until `deadline` (performance.now()) or the last sale; stops early after 20 errors.
 */
async function sell(connections, cookies, sales, deadline) {
  const holds = [];
  const pays = [];
  const whole = [];
  const errors = [];
  let next = 0;
  let sold = 0;
  const buyer = async (connection) => {
    while (performance.now() < deadline && next < sales.length && errors.length < 20) {
      const sale = sales[next];
      next += 1;
      const headers = { Cookie: cookies[sale.buyer] };
      const t0 = performance.now();
      const hold = await connection.request('POST', '/backend/api/book-seats.php', headers, JSON.stringify({ event_id: sale.event, section_id: sale.section, seat_numbers: sale.seats }));
      const t1 = performance.now();
      holds.push(t1 - t0);
      if (hold.status !== 200) {
        errors.push(`hold ${hold.status} ${hold.body.slice(0, 200)}`);
        continue;
      }
      const orderId = JSON.parse(hold.body).order.orderId;
      const method = PAYMENT_METHODS[next % PAYMENT_METHODS.length];
      const pay = await connection.request('POST', `/api/orders/${orderId}/pay`, { ...headers, 'Idempotency-Key': `sales-${orderId}` }, JSON.stringify({ paymentMethod: method, paymentType: 'full' }));
      const t2 = performance.now();
      pays.push(t2 - t1);
      const order = pay.status === 200 ? JSON.parse(pay.body).order : null;
      if (order?.status !== 'paid' || order.tickets?.length !== 2) {
        errors.push(`pay ${pay.status} ${pay.body.slice(0, 200)}`);
        continue;
      }
      whole.push(t2 - t0);
      sold += 1;
    }
  };
  await Promise.all(connections.map(buyer));
  return { holds, pays, whole, errors, sold };
}

await runBench(main);
