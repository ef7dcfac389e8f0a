// `npm run bench:admin`: the admin screens' queries at scale.
//
// A throwaway embedded PostgreSQL (.data/bench-admin-pg, wiped first), migrated, then filled in
// SQL with 100,000 accounts (100 admins, 10,000 organizers, the rest participants; every status;
// 40% signed in within 30 days), 5,000 events of those organizers (1,000 of them pending) and 1,000,000 tickets (orders:
// 85% paid over 2023-2025, 10% lapsed holds, 5% held), 20,000 inquiries and 50,000 feedback.
// Seats (order_seats) are not generated: no admin query reads them.
//
// Then it runs the API's own service functions (api/dist, the SQL the endpoints run) for the
// Accounts page (first page, a late page, searches, filters), the dashboard (and each of its
// queries), the sales chart, Manage Events and Feedback: each BENCH_RUNS times (default 7) after
// one warm-up, printing the median and the slowest. With BENCH_COMPARE=1 it then drops the admin
// screens' indexes (ADMIN_INDEXES: the trigram indexes of the accounts search, accounts by role and
// by status, paid orders by paid_at) and measures again, to show what they buy. For tuning:
// BENCH_EXPLAIN=1 prints each statement's plan (EXPLAIN ANALYZE), BENCH_ONLY=text runs only the
// queries whose name contains it, BENCH_KEEP=1 keeps the generated database for the next run.
//
// Loopback only; PostgreSQL is stopped at the end (also on failure or Ctrl-C).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { runBench, stops } from './lib/cleanup.mjs';

ensureInstalled();
const { startPostgres } = await import('../scripts/lib/postgres.mjs');

/** The indexes that BENCH_COMPARE=1 drops: those that serve only the admin screens' queries. */
const ADMIN_INDEXES = ['users_name_trgm_idx', 'users_email_trgm_idx', 'users_account_no_trgm_idx', 'users_role_id_id_idx', 'users_status_id_idx', 'orders_paid_at_idx'];
const ACCOUNTS = 100_000;
const ADMINS = 100;
const ORGANIZERS = 10_000;
const EVENTS = 5_000;
const TICKETS = 1_000_000;
const INQUIRIES = 20_000;
const FEEDBACK = 50_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const COMPARE = process.env.BENCH_COMPARE === '1';
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** BENCH_KEEP=1: keep the generated database for the next run (for tuning; not for figures). */
const KEEP = process.env.BENCH_KEEP === '1';
/** BENCH_ONLY=text: only the queries whose name contains it. */
const ONLY = process.env.BENCH_ONLY ?? '';

const log = (message) => console.log(`› ${message}`);


/** Fills the database in SQL (a few statements of generate_series), then VACUUM ANALYZE. */
async function generate(db) {
  const step = async (what, sql) => {
    const t = performance.now();
    await db.query(sql);
    log(`${what} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  await step(
    'sections',
    `INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height)
     SELECT n, 'Section ' || n, 150, CASE WHEN n % 2 = 0 THEN 'upper' ELSE 'lower' END, 1, 1, 1, 1 FROM generate_series(1, 13) n`,
  );
  await step(
    `${ACCOUNTS.toLocaleString()} accounts`,
    `INSERT INTO users (email, first_name, last_name, middle_initial, role_id, status, created_at, last_login_at)
     SELECT 'user' || n || '@bench.test',
            (ARRAY['Maria','Jose','Ana','Juan','Liza','Mark','Grace','Paolo','Joy','Ramon','Camille','Carlo','Bea','Miguel','Hazel','Noel'])[1 + n % 16],
            (ARRAY['Santos','Reyes','Cruz','Bautista','Ocampo','Garcia','Mendoza','Torres','Tomas','Andrada','Castillo','Flores','Villanueva','Ramos','Castro','Rivera','Aquino','Navarro','Salazar','Mercado','Domingo','Gonzales','Lopez','Dizon','Manalo','Pascual','Soriano','Valdez','Aguilar','Lim'])[1 + (n * 7) % 30],
            CASE WHEN n % 5 = 0 THEN NULL ELSE chr(65 + n % 26) END,
            CASE WHEN n <= ${ADMINS} THEN 1 WHEN n <= ${ADMINS + ORGANIZERS} THEN 2 ELSE 3 END,
            CASE WHEN n <= ${ADMINS} THEN 'Active' WHEN n % 31 = 0 THEN 'Restricted' WHEN n % 19 = 0 THEN 'Inactive' ELSE 'Active' END,
            timestamptz '2023-01-01' + (n::float / ${ACCOUNTS}) * interval '1000 days',
            CASE WHEN n % 7 = 0 THEN NULL WHEN n % 5 < 2 THEN now() - (n % 29) * interval '1 day' - interval '1 hour'
                 ELSE now() - interval '31 days' - (n % 500) * interval '1 day' END
     FROM generate_series(1, ${ACCOUNTS}) n`,
  );
  await step(
    `${EVENTS.toLocaleString()} events`,
    `INSERT INTO events (genre, title, description, starts_at, ends_at, price, status, organizer_user_id, created_at, rejection_reason)
     SELECT (ARRAY['sports','concert','community'])[1 + n % 3], 'Bench event ' || n, 'An event of the bench.',
            timestamptz '2023-02-01' + (n::float / ${EVENTS}) * interval '1100 days',
            timestamptz '2023-02-01' + (n::float / ${EVENTS}) * interval '1100 days' + interval '3 hours',
            (ARRAY[0,50,100,150,200,250,300,500])[1 + n % 8],
            CASE WHEN n % 20 = 0 THEN 'Rejected' WHEN n % 4 = 0 THEN 'Pending' ELSE 'Approved' END,
            ${ADMINS} + 1 + (n * 13) % ${ORGANIZERS},
            timestamptz '2023-01-01' + (n::float / ${EVENTS}) * interval '1000 days',
            CASE WHEN n % 20 = 0 THEN 'Not this time.' END
     FROM generate_series(1, ${EVENTS}) n`,
  );
  await step(
    `${TICKETS.toLocaleString()} tickets (orders)`,
    `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, ticket_id)
     SELECT u, e, 1 + n % 13, s, 1 + n % 4, 100 * (1 + n % 4), at - interval '5 minutes', at + interval '5 minutes',
            CASE WHEN s = 'paid' THEN (ARRAY['gcash','paymaya','bdo','visa'])[1 + n % 4] END,
            CASE WHEN s = 'paid' THEN 'full' END,
            CASE WHEN s = 'paid' THEN at END,
            CASE WHEN s = 'paid' THEN substr(md5(n::text), 1, 22) END
     FROM (SELECT n, ${ADMINS + ORGANIZERS} + 1 + (n * 7919) % ${ACCOUNTS - ADMINS - ORGANIZERS} AS u,
                  1 + (n * 104729) % ${EVENTS} AS e,
                  CASE WHEN n % 20 = 0 THEN 'held' WHEN n % 10 = 0 THEN 'expired' ELSE 'paid' END AS s,
                  timestamptz '2023-01-01' + ((n * 48271) % ${TICKETS})::float / ${TICKETS} * interval '1095 days' AS at
           FROM generate_series(1::bigint, ${TICKETS}) n) x`,
  );
  await step(
    `${INQUIRIES.toLocaleString()} inquiries, ${FEEDBACK.toLocaleString()} feedback`,
    `INSERT INTO inquiries (name, email, message, created_at, response, responded_by, responded_at)
     SELECT 'Sender ' || n, 'sender' || n || '@bench.test', 'Question number ' || n, now() - (n % 900) * interval '1 day' - interval '2 days',
            CASE WHEN n % 40 = 0 THEN NULL ELSE 'Answer ' || n END, CASE WHEN n % 40 = 0 THEN NULL ELSE 1 END,
            CASE WHEN n % 40 = 0 THEN NULL ELSE now() - (n % 900) * interval '1 day' - interval '1 day' END
     FROM generate_series(1, ${INQUIRIES}) n;
     INSERT INTO feedback (user_id, rating, comment, created_at)
     SELECT ${ADMINS + ORGANIZERS} + 1 + (n * 31) % ${ACCOUNTS - ADMINS - ORGANIZERS}, 1 + n % 5, 'Comment ' || n, now() - (n % 1000) * interval '1 day' - (n % 24) * interval '1 hour'
     FROM generate_series(1, ${FEEDBACK}) n`,
  );
  await step('VACUUM ANALYZE', 'VACUUM ANALYZE');
}

/** Runs every case once with each of its statements shown as EXPLAIN ANALYZE (the pool's query is wrapped meanwhile). */
async function explainAll(db, cases) {
  const query = db.query;
  db.query = async (text, params) => {
    const sql = typeof text === 'string' ? text : text.text;
    const plan = await query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    console.log(`\n--- ${sql.replace(/\s+/g, ' ').slice(0, 160)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    return query(text, params);
  };
  try {
    for (const c of cases) {
      console.log(`\n===== ${c.name}`);
      await c.run();
    }
  } finally {
    db.query = query;
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measure(cases) {
  const results = [];
  for (const c of cases) {
    await c.run();
    const times = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t = performance.now();
      await c.run();
      times.push(performance.now() - t);
    }
    results.push({ name: c.name, median: median(times), max: Math.max(...times), detail: c.detail ? await c.detail() : '' });
  }
  return results;
}

function print(title, results, before) {
  console.log(`\n${title} (median of ${RUNS} runs after one warm-up; ms)`);
  const width = Math.max(...results.map((r) => r.name.length));
  console.log(`  ${'query'.padEnd(width)}  ${'median'.padStart(8)}  ${'slowest'.padStart(8)}${before ? `  ${'without'.padStart(8)}` : ''}  result`);
  for (const r of results) {
    const b = before?.find((x) => x.name === r.name);
    console.log(`  ${r.name.padEnd(width)}  ${r.median.toFixed(1).padStart(8)}  ${r.max.toFixed(1).padStart(8)}${b ? `  ${b.median.toFixed(1).padStart(8)}` : ''}  ${r.detail}`);
  }
}

async function main() {
  log('building the API (tsc -b packages/contracts packages/seating api)');
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'packages/seating', 'api'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the API build failed');
  const require = createRequire(import.meta.url);
  const { createDb, migrate } = require(join(ROOT, 'api/dist/db/index.js'));
  const accounts = require(join(ROOT, 'api/dist/admin/accounts.service.js'));
  const dash = require(join(ROOT, 'api/dist/admin/dashboard.service.js'));
  const dashRepo = require(join(ROOT, 'api/dist/admin/dashboard.repository.js'));
  const events = require(join(ROOT, 'api/dist/admin/event-requests.service.js'));
  const eventDetail = require(join(ROOT, 'api/dist/admin/event-detail.service.js'));
  const feedback = require(join(ROOT, 'api/dist/admin/feedback.service.js'));

  const dataDir = join(ROOT, '.data', 'bench-admin-pg');
  if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
  log(`starting ${KEEP ? 'the' : 'a fresh'} PostgreSQL in ${dataDir}`);
  const pg = await startPostgres({ dataDir, port: 0 });
  stops.push(async () => {
    await pg.stop();
    if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
  });
  await pg.createDatabase('bench_admin', { dropFirst: !KEEP });
  const db = createDb(pg.url('bench_admin'), { max: 8, statementTimeoutMillis: 600_000 });
  stops.push(() => db.close());
  await migrate(db);
  const { rows: present } = await db.query('SELECT count(*)::int AS n FROM orders');
  if (present[0].n === 0) await generate(db);
  else log(`reusing the generated data (${present[0].n.toLocaleString()} orders)`);

  const q = (page, extra = {}) => ({ page, ...extra });
  const lastPage = Math.ceil(ACCOUNTS / 10);
  const accountsCase = (name, query) => ({
    name,
    run: () => accounts.listAccounts(db, query),
    detail: async () => {
      const r = await accounts.listAccounts(db, query);
      return `${r.total.toLocaleString()} found, page ${r.page} of ${r.totalPages.toLocaleString()}, ${r.accounts.length} rows`;
    },
  });
  const cases = [
    accountsCase('accounts: first page', q(1)),
    accountsCase('accounts: late page', q(lastPage - 1)),
    accountsCase('accounts: last page', q(lastPage)),
    accountsCase('accounts: search surname', q(1, { search: 'Villanueva' })),
    accountsCase('accounts: search email', q(1, { search: 'user4242' })),
    accountsCase('accounts: search account no', q(1, { search: '100000077777' })),
    accountsCase('accounts: search no match', q(1, { search: 'zzqx' })),
    accountsCase('accounts: role Organizer', q(1, { role: 'Organizer' })),
    accountsCase('accounts: status Restricted', q(1, { status: 'Restricted' })),
    accountsCase('accounts: Organizer+Inactive p.20', q(20, { role: 'Organizer', status: 'Inactive' })),
    accountsCase('accounts: search + role', q(1, { search: 'Santos', role: 'Participant' })),
    { name: 'dashboard (all of it)', run: () => dash.dashboard(db), detail: async () => JSON.stringify((await dash.dashboard(db)).cards) },
    { name: '  cards and organizations summary', run: () => dashRepo.cards(db) },
    { name: '  recent organizations', run: () => dash.recentOrganizations(db, 5) },
    { name: '  pending inquiries + count', run: () => Promise.all([dashRepo.pendingInquiries(db, 5), dashRepo.countPendingInquiries(db)]) },
    { name: 'sales chart 2024', run: () => dash.sales(db, 2024), detail: async () => `${(await dash.sales(db, 2024)).total.toLocaleString()} sold in 2024, years ${(await dash.sales(db, 2024)).years.join(', ')}` },
    { name: '  sales years', run: () => dashRepo.salesYears(db) },
    { name: 'manage events: first page', run: () => events.listEventRequests(db, { page: 1 }) },
    { name: 'manage events: search', run: () => events.listEventRequests(db, { page: 1, search: 'event 42' }) },
    { name: 'manage events: the pending ones', run: () => events.listEventRequests(db, { page: 1, status: 'Pending' }), detail: async () => `${(await events.listEventRequests(db, { page: 1, status: 'Pending' })).total.toLocaleString()} pending` },
    // The approval page of a pending request (its detail with the public page's preview), of an organizer with many events.
    { name: 'approval page: a pending request', run: () => eventDetail.getEventDetail(db, 4, 20), detail: async () => `${(await eventDetail.getEventDetail(db, 4, 20)).organizerEventCount} other events of its organizer` },
    { name: 'feedback: first page', run: () => feedback.listFeedback(db, 1) },
    { name: 'feedback: last page', run: () => feedback.listFeedback(db, FEEDBACK / 10) },
  ];

  const selected = cases.filter((c) => c.name.includes(ONLY));
  if (EXPLAIN) await explainAll(db, selected);
  const withIndexes = await measure(selected);
  print(`${ACCOUNTS.toLocaleString()} accounts, ${TICKETS.toLocaleString()} tickets, with the admin screens' indexes`, withIndexes);

  if (COMPARE) {
    log(`dropping ${ADMIN_INDEXES.join(', ')}`);
    for (const name of ADMIN_INDEXES) await db.query(`DROP INDEX ${name}`);
    await db.query('ANALYZE');
    const without = await measure(selected);
    print('the same without them', without);
    print('side by side', withIndexes, without);
  }
}

await runBench(main);
