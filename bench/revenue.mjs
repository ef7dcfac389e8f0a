// `npm run bench:revenue`: the dashboards' revenue figures at 1,000,000 tickets, target p95 <= 150 ms.
//
// A throwaway embedded PostgreSQL (.data/bench-revenue-pg, wiped first), migrated, then filled in
// SQL with 13 sections, 10,000 buyers, 50 organizers, 500 events (organizer 1, "the big one", owns
// half of them) and 1,000,000 sold tickets (order_seats) in about 400,000 paid orders over the last
// 60 days: a fifth unpriced (Regular at the order's total / seats), the rest priced lines (Regular,
// some 10% off by a promo code; Student and Child 20% off by category; Senior Citizen and PWD 20%
// off by law, each with its own ID number); 3% of the orders refunded. The triggers of migration
// 0321 queue every sale and refund; the queue is folded as the sweep does, then BENCH_TAIL
// (default 3,000: a minute of a busy sale day between two sweeps) more orders are sold and left
// unfolded, so every read also adds a real tail.
//
// It checks that the figures equal a plain aggregation over every ticket (the definition), then
// runs the API's own service functions (api/dist: the SQL the endpoints run) BENCH_RUNS times
// (default 30) after a warm-up and prints p50/p95/max: the organizer revenue of all the big
// organizer's events (~500,000 tickets) and of one event, and the admin revenue (all 1,000,000);
// the plain aggregation, for comparison; and what the queue trigger adds to a payment (20,000
// orders paid in one UPDATE with and without it). Exits 1 when a p95 is over 150 ms or a figure differs.
//
// BENCH_EXPLAIN=1 prints the plans of the revenue statements. Loopback only; PostgreSQL is stopped
// at the end (also on failure or Ctrl-C).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { runBench, stops } from './lib/cleanup.mjs';

ensureInstalled();
const { startPostgres } = await import('../scripts/lib/postgres.mjs');

const ORDERS = 400_000; // 1 to 4 seats each, 2.5 on average
const EVENTS = 500;
const ORGANIZERS = 50;
const BUYERS = 10_000;
const TAIL = Number(process.env.BENCH_TAIL ?? 3_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_P95_MS = 150;
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** BENCH_KEEP=1: keep the generated database for the next run (for tuning; not for figures). */
const KEEP = process.env.BENCH_KEEP === '1';
const DATA_DIR = join(ROOT, '.data', 'bench-revenue-pg');

const log = (message) => console.log(`› ${message}`);

/** Orders n in [from, to]: event 1 + n % 500 (odd events: organizer 1), section 1 + (n / 500) % 13, paid over 60 days up to now. */
const ordersSql = (from, to, paidSql) => `
  INSERT INTO orders (id, user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at)
  SELECT n, ${ORGANIZERS} + 1 + n % ${BUYERS}, 1 + n % ${EVENTS}, 1 + (n / ${EVENTS}) % 13, 'paid', 1 + (n / 7) % 4,
         (1 + (n / 7) % 4) * (100 + 50 * (n % 9)), at - interval '5 minutes', at + interval '5 minutes', 'gcash', 'full', at
  FROM (SELECT n, ${paidSql} AS at FROM generate_series(${from}::int, ${to}::int) n) x`;

/**
 * Their seats: seat numbers unique per event and section (orders of one group are n apart by
 * 6,500); lines by hash: a fifth unpriced, else a category and its discount.
 */
const seatsSql = (from, to) => `
  INSERT INTO order_seats (order_id, event_id, section_id, seat_number, category, id_number, base_price, discount, discount_kind, price)
  SELECT o.id, o.event_id, o.section_id, (o.id / 6500) * 4 + g + 1, p.category,
         CASE WHEN p.category IN ('senior', 'pwd') THEN 'ID-' || o.id || '-' || g END,
         CASE WHEN NOT p.unpriced THEN a.base END,
         CASE WHEN NOT p.unpriced THEN a.discount END,
         CASE WHEN NOT p.unpriced AND a.discount > 0 THEN p.kind END,
         CASE WHEN NOT p.unpriced THEN a.base - a.discount END
  FROM orders o
  CROSS JOIN LATERAL generate_series(0, o.seat_count - 1) g
  CROSS JOIN LATERAL (SELECT o.id * 31 + g * 7 AS h) x
  CROSS JOIN LATERAL (
    SELECT x.h % 5 = 0 AS unpriced, c.category,
           CASE WHEN c.category IN ('senior', 'pwd') THEN 'law' WHEN c.category IN ('student', 'child') THEN 'category' ELSE 'code' END AS kind,
           CASE WHEN c.category <> 'regular' THEN 20 WHEN x.h % 3 = 0 THEN 10 ELSE 0 END AS pct
    FROM (SELECT CASE WHEN x.h % 5 = 0 THEN 'regular'
                      ELSE (ARRAY['regular','regular','regular','regular','regular','regular','student','child','senior','senior','pwd','regular'])[1 + (x.h / 5) % 12] END AS category) c
  ) p
  CROSS JOIN LATERAL (SELECT o.total_amount / o.seat_count AS base, round(o.total_amount / o.seat_count * p.pct / 100, 2) AS discount) a
  WHERE o.id BETWEEN ${from} AND ${to}`;

/** 3% of the orders in [from, to] refunded (buyer cancelled), the refund a day after the sale or now. */
const refundsSql = (from, to) => `
  WITH r AS (UPDATE orders SET status = 'refunded' WHERE id BETWEEN ${from} AND ${to} AND id % 33 = 0 RETURNING id, total_amount, paid_at)
  , f AS (UPDATE order_seats s SET live = false FROM r WHERE s.order_id = r.id)
  INSERT INTO refunds (order_id, amount, reason, provider, state, provider_reference, created_at, settled_at)
  SELECT id, total_amount, 'buyer_cancelled', 'bench', 'refunded', 'R-' || id, least(paid_at + interval '1 day', now()), least(paid_at + interval '1 day', now()) FROM r`;

async function generate(db) {
  const step = async (what, sql) => {
    const t = performance.now();
    await db.query(sql);
    log(`${what} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  await step(
    'sections, accounts, events',
    `INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height)
     SELECT n, 'Section ' || n, 5000, CASE WHEN n % 2 = 0 THEN 'upper' ELSE 'lower' END, 1, 1, 1, 1 FROM generate_series(1, 13) n;
     INSERT INTO users (id, email, first_name, last_name, role_id)
     SELECT n, 'user' || n || '@bench.test', 'Maria', 'Santos', CASE WHEN n <= ${ORGANIZERS} THEN 2 ELSE 3 END FROM generate_series(1, ${ORGANIZERS + BUYERS}) n;
     INSERT INTO events (id, genre, title, description, starts_at, ends_at, price, status, organizer_user_id, created_at)
     SELECT n, 'sports', 'Bench event ' || n, 'An event of the bench.', now() + n * interval '1 hour', now() + n * interval '1 hour' + interval '3 hours',
            100, 'Approved', CASE WHEN n % 2 = 1 THEN 1 ELSE 2 + n % ${ORGANIZERS - 1} END, now() - interval '90 days'
     FROM generate_series(1, ${EVENTS}) n`,
  );
  const paidAt = `now() - interval '60 days' + (n::float / ${ORDERS}) * interval '60 days' - interval '1 hour'`;
  await step(`${ORDERS.toLocaleString()} paid orders (each queued by the trigger)`, ordersSql(1, ORDERS, paidAt));
  await step('their seats: priced lines, law, category and code discounts, unpriced ones', seatsSql(1, ORDERS));
  await step('3% of the orders refunded', refundsSql(1, ORDERS));
  const { rows } = await db.query('SELECT count(*)::int AS n FROM order_seats');
  log(`${rows[0].n.toLocaleString()} tickets`);
  await db.query("SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))");
}

/** The definition, without the totals: every sold ticket of the scope aggregated. */
const plainSql = (where) => `
  SELECT count(*) FILTER (WHERE true)::int AS tickets, sum(coalesce(s.base_price, round(o.total_amount / o.seat_count, 2)))::float8 AS gross,
         coalesce(sum(coalesce(s.discount, 0)), 0)::float8 AS discounts,
         coalesce(sum(coalesce(s.price, round(o.total_amount / o.seat_count, 2))) FILTER (WHERE r.id IS NOT NULL), 0)::float8 AS refunds
  FROM orders o JOIN order_seats s ON s.order_id = o.id JOIN events e ON e.id = o.event_id LEFT JOIN refunds r ON r.order_id = o.id
  WHERE o.paid_at IS NOT NULL AND ${where}`;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(name, run) {
  await run();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] };
}

async function explain(db, fn) {
  const query = db.query;
  db.query = async (text, params) => {
    const plan = await query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params);
    console.log(`\n--- ${text.replace(/\s+/g, ' ').slice(0, 120)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    return query(text, params);
  };
  try {
    await fn();
  } finally {
    db.query = query;
  }
}

const close = (a, b) => Math.abs(a - b) < 0.005;

async function main() {
  log('building the API (tsc -b packages/contracts packages/seating api)');
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'packages/seating', 'api'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the API build failed');
  const require = createRequire(import.meta.url);
  const { createDb, migrate } = require(join(ROOT, 'api/dist/db/index.js'));
  const revenue = require(join(ROOT, 'api/dist/orders/revenue.js'));
  const { organizerRevenue } = require(join(ROOT, 'api/dist/organizer/revenue.service.js'));
  const { adminRevenue } = require(join(ROOT, 'api/dist/admin/revenue.service.js'));

  if (!KEEP) rmSync(DATA_DIR, { recursive: true, force: true });
  log(`starting ${KEEP ? 'the' : 'a fresh'} PostgreSQL in ${DATA_DIR}`);
  const pg = await startPostgres({ dataDir: DATA_DIR, port: 0 });
  stops.push(async () => {
    await pg.stop();
    if (!KEEP) rmSync(DATA_DIR, { recursive: true, force: true });
  });
  await pg.createDatabase('bench_revenue', { dropFirst: !KEEP });
  const db = createDb(pg.url('bench_revenue'), { max: 4, statementTimeoutMillis: 600_000 });
  stops.push(() => db.close());
  await migrate(db);
  const { rows: present } = await db.query('SELECT count(*)::int AS n FROM orders');
  if (present[0].n === 0) {
    await generate(db);
    const t = performance.now();
    const folded = await revenue.foldAllRevenue(db);
    log(`folded ${folded.toLocaleString()} queued sales and refunds into the totals (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    const tailFrom = ORDERS + 1;
    await db.query(ordersSql(tailFrom, ORDERS + TAIL, `now() - interval '1 minute' + (n - ${tailFrom}) * interval '10 milliseconds'`));
    await db.query(seatsSql(tailFrom, ORDERS + TAIL));
    await db.query(refundsSql(tailFrom, ORDERS + TAIL));
    await db.query('VACUUM ANALYZE');
  } else log(`reusing the generated data (${present[0].n.toLocaleString()} orders)`);
  const { rows: counts } = await db.query(
    `SELECT (SELECT count(*) FROM order_seats)::int AS tickets, (SELECT count(*) FROM revenue_queue)::int AS queued,
            (SELECT count(*) FROM revenue_by_line)::int AS line_rows, (SELECT count(*) FROM revenue_by_day)::int AS day_rows`,
  );
  log(`${counts[0].tickets.toLocaleString()} tickets; totals: ${counts[0].line_rows.toLocaleString()} (event, section, category) rows and ${counts[0].day_rows.toLocaleString()} (event, day) rows; ${counts[0].queued.toLocaleString()} sales and refunds in the unfolded tail`);

  const deps = { db, clock: { now: () => new Date() } };
  const big = { organizerId: 1, eventId: null };

  // The figures against the definition.
  const mismatches = [];
  const check = async (name, figures, where) => {
    const { rows } = await db.query(plainSql(where));
    const p = rows[0];
    const d = figures.discounts;
    const ok = figures.tickets === p.tickets && close(figures.gross, p.gross) && close(d.law + d.category + d.code, p.discounts) && close(figures.refunds, p.refunds);
    log(`${name}: ${figures.tickets.toLocaleString()} tickets, gross ₱${figures.gross.toLocaleString()}, discounts ₱${(d.law + d.category + d.code).toLocaleString()} (law ${d.law.toLocaleString()}, category ${d.category.toLocaleString()}, code ${d.code.toLocaleString()}), refunds ₱${figures.refunds.toLocaleString()}, net ₱${figures.net.toLocaleString()} — ${ok ? 'equal to the plain aggregation' : `DIFFERS from the plain aggregation ${JSON.stringify(p)}`}`);
    if (!ok) mismatches.push(name);
  };
  await check('big organizer', (await organizerRevenue(deps, 1, null)).total, 'e.organizer_user_id = 1');
  await check('event 1', (await organizerRevenue(deps, 1, 1)).total, 'e.id = 1');
  await check('admin', (await adminRevenue(db)).total, 'true');

  if (EXPLAIN) {
    await explain(db, () => organizerRevenue(deps, 1, null));
    await explain(db, () => adminRevenue(db));
  }

  const results = [
    await measure('organizer revenue, all events (~500k tickets)', () => organizerRevenue(deps, big.organizerId, null)),
    await measure('organizer revenue, one event (~2k tickets)', () => organizerRevenue(deps, 1, 1)),
    await measure('admin revenue (1M tickets)', () => adminRevenue(db)),
  ];
  const plain = await measure('for comparison: plain aggregation, admin totals only', () => db.query(plainSql('true')));

  // What the trigger adds to a payment: 20,000 holds paid in one UPDATE, with it and without it.
  const payCost = async (withTrigger) => {
    await db.query('DELETE FROM revenue_queue');
    const { rows: ids } = await db.query(`SELECT coalesce(max(id), 0)::int AS m FROM orders`);
    const first = ids[0].m + 1;
    await db.query(`${ordersSql(first, first + 19_999, 'now()')}`.replace("'paid', 1 +", "'held', 1 +").replace("'gcash', 'full', at", 'NULL, NULL, NULL'));
    if (!withTrigger) await db.query('ALTER TABLE orders DISABLE TRIGGER revenue_sold_on_update');
    const t0 = performance.now();
    await db.query(`UPDATE orders SET status = 'paid', payment_method = 'gcash', payment_type = 'full', paid_at = now() WHERE id BETWEEN $1 AND $2`, [first, first + 19_999]);
    const ms = performance.now() - t0;
    if (!withTrigger) await db.query('ALTER TABLE orders ENABLE TRIGGER revenue_sold_on_update');
    return ms;
  };
  const without = KEEP ? 0 : await payCost(false);
  const withIt = KEEP ? 0 : await payCost(true);

  console.log(`\nRevenue at ${counts[0].tickets.toLocaleString()} tickets, a tail of ${counts[0].queued.toLocaleString()} unfolded (${RUNS} runs after a warm-up; ms)`);
  const width = Math.max(...[...results, plain].map((r) => r.name.length));
  for (const r of [...results, plain]) console.log(`  ${r.name.padEnd(width)}  p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  max ${r.max.toFixed(1).padStart(7)}`);
  console.log(`  the queue trigger on payment: ${((withIt - without) / 20).toFixed(1)} µs per order (20,000 paid in one UPDATE: ${without.toFixed(0)} ms without it, ${withIt.toFixed(0)} ms with it)`);
  const slow = results.filter((r) => r.p95 > TARGET_P95_MS);
  console.log(`RESULT ${JSON.stringify({ tickets: counts[0].tickets, tail: counts[0].queued, ...Object.fromEntries(results.map((r, i) => [['organizerAll', 'organizerEvent', 'admin'][i], { p50: +r.p50.toFixed(1), p95: +r.p95.toFixed(1) }])), plainAdmin: { p50: +plain.p50.toFixed(1) }, triggerUsPerOrder: +((withIt - without) / 20).toFixed(1), mismatches })}`);
  if (slow.length > 0 || mismatches.length > 0) throw new Error(`over ${TARGET_P95_MS} ms at p95: ${slow.map((r) => r.name).join(', ') || 'none'}; figures that differ: ${mismatches.join(', ') || 'none'}`);
}

await runBench(main);
