// `npm run bench:pricing`: what ticket categories and a promo code add to a sale, against the real
// stack (a fresh PostgreSQL, the migrated + seeded database, the API as node api/dist/server.js).
//
// One event with a price per section, Student, Senior Citizen and PWD offered, and a promo code of
// unlimited uses. BENCH_PRICING_SALES buyers (default 600) each make one sale of two seats, one
// after the other, in three kinds taking turns in blocks so that all see the same machine:
//   plain:          hold, pay;
//   priced:         hold, pay with the choices (a Senior Citizen ticket with its OSCA ID, the promo
//                   code) and the total the buyer was shown: the sale an API client makes;
//   priced by PUT:  hold, PUT the choices (checkout's Update price), pay: one request more.
// For each kind it prints the wall time of a sale (p50, p95) and the CPU of the API process and of
// PostgreSQL per sale (from /proc), and each priced kind's cost over the plain one (target for a
// sale with a category and a code: at most 10% more). Loopback only; what it starts is stopped at
// the end.
import { join } from 'node:path';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { startBenchApi, startBenchDatabase } from './lib/bench-database.mjs';
import { runBench } from './lib/cleanup.mjs';
import { cpuMs, postmasterPid } from './lib/proc-cpu.mjs';

ensureInstalled();

const SALES = Number(process.env.BENCH_PRICING_SALES ?? 600);
const BLOCK = 20;
const DEMO_PASSWORD = 'demo-pass-2025';
const DATA_DIR = join(ROOT, '.data', 'bench-pricing-pg');
const LOWER_BOX_A = 6;

const log = (message) => console.log(`› ${message}`);
const ms = (v) => `${v.toFixed(2)} ms`;
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function call(base, path, { method = 'GET', cookie, body, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return { res, json: JSON.parse(text) };
}

async function main() {
  const { db, env } = await startBenchDatabase({
    dataDir: DATA_DIR,
    applicationName: 'bench-pricing',
    env: { LOG_LEVEL: 'fatal', RATE_LIMIT_LOGIN_IP: '100000/1m', RATE_LIMIT_LOGIN_ACCOUNT: '100000/1m' },
    log,
  });

  const { base, child: api } = await startBenchApi(env);

  const { rows: events } = await db.query(
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
     VALUES ('sports', 'Pricing bench final', 'Bench', now() + interval '30 days', true, 500, 'Approved') RETURNING id`,
  );
  const eventId = events[0].id;
  await db.query('INSERT INTO event_section_prices (event_id, section_id, price) SELECT $1, id, CASE WHEN id = $2 THEN 1200 ELSE 500 END FROM sections WHERE event_id IS NULL', [eventId, LOWER_BOX_A]);
  await db.query(`INSERT INTO event_ticket_categories (event_id, category, discount_percent) VALUES ($1, 'student', 10), ($1, 'senior', NULL), ($1, 'pwd', NULL)`, [eventId]);
  await db.query(`INSERT INTO promo_codes (event_id, code, kind, value, created_at, created_by) SELECT $1, 'BENCH10', 'percent', 10, now(), id FROM users ORDER BY id LIMIT 1`, [eventId]);
  const { rows: sections } = await db.query('SELECT id, capacity FROM sections WHERE event_id IS NULL ORDER BY id');
  const pairs = sections.flatMap((s) => Array.from({ length: Math.floor(s.capacity / 2) }, (_, i) => ({ section: s.id, seats: [2 * i + 1, 2 * i + 2] })));
  if (SALES > pairs.length) throw new Error(`at most ${pairs.length} sales of two seats fit in the arena`);

  log(`${SALES} buyers sign in`);
  await db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, role_id, status, email_confirmed_at)
     SELECT 'pricing-' || g || '@bench.local', (SELECT password_hash FROM users WHERE email = 'visitor@demo.local'), 'Pricing', 'Buyer ' || g,
            (SELECT id FROM roles WHERE name = 'Participant'), 'Active', now()
     FROM generate_series(1, $1) g`,
    [SALES],
  );
  const cookies = [];
  for (let i = 1; i <= SALES; i += 1) {
    const { res } = await call(base, '/api/login.php', { method: 'POST', body: { email: `pricing-${i}@bench.local`, password: DEMO_PASSWORD } });
    cookies.push(res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('session=')));
  }

  const postgres = postmasterPid(DATA_DIR);
  const kinds = { plain: { wall: [], apiMs: 0, pgMs: 0 }, priced: { wall: [], apiMs: 0, pgMs: 0 }, put: { wall: [], apiMs: 0, pgMs: 0 } };
  const order = ['plain', 'priced', 'put'];
  const sale = async (i, kind) => {
    const { section, seats } = pairs[i];
    const cookie = cookies[i];
    const held = await call(base, '/backend/api/book-seats.php', { method: 'POST', cookie, body: { event_id: eventId, section_id: section, seat_numbers: seats } });
    const orderId = held.json.order.orderId;
    const choices = { tickets: [{ seat: seats[0], category: 'regular' }, { seat: seats[1], category: 'senior', idNumber: `9${String(i).padStart(5, '0')}` }], promoCode: 'BENCH10' };
    // The code's 10% on the Regular ticket; the law's 20%, the larger, on the Senior Citizen's.
    const price = section === LOWER_BOX_A ? 1200 : 500;
    const priced = kind === 'priced' ? { ...choices, expectedTotal: price * 0.9 + price * 0.8 } : {};
    if (kind === 'put') await call(base, `/api/orders/${orderId}/tickets`, { method: 'PUT', cookie, body: choices });
    await call(base, `/api/orders/${orderId}/pay`, { method: 'POST', cookie, headers: { 'Idempotency-Key': `bench-pricing-${i}` }, body: { paymentMethod: 'gcash', paymentType: 'full', ...priced } });
  };

  log(`${SALES} sales of two seats, the three kinds taking turns in blocks of ${BLOCK}`);
  for (let start = 0; start < SALES; start += BLOCK) {
    const name = order[(start / BLOCK) % order.length];
    const kind = kinds[name];
    const apiBefore = cpuMs([api.pid], false);
    const pgBefore = postgres ? cpuMs([postgres], true) : 0;
    for (let i = start; i < Math.min(start + BLOCK, SALES); i += 1) {
      const t0 = performance.now();
      await sale(i, name);
      kind.wall.push(performance.now() - t0);
    }
    kind.apiMs += cpuMs([api.pid], false) - apiBefore;
    kind.pgMs += postgres ? cpuMs([postgres], true) - pgBefore : 0;
  }

  const { rows: check } = await db.query(
    `SELECT count(*) FILTER (WHERE o.promo_code_id IS NOT NULL)::int AS coded, count(*)::int AS paid,
            count(*) FILTER (WHERE s.category = 'senior' AND s.discount_kind IS NOT NULL)::int AS seniors
     FROM orders o JOIN order_seats s ON s.order_id = o.id AND s.seat_number = (SELECT max(x.seat_number) FROM order_seats x WHERE x.order_id = o.id)
     WHERE o.event_id = $1 AND o.status = 'paid'`,
    [eventId],
  );
  const per = (k) => ({ n: k.wall.length, p50: quantile(k.wall, 0.5), p95: quantile(k.wall, 0.95), api: k.apiMs / k.wall.length, pg: k.pgMs / k.wall.length });
  const plain = per(kinds.plain);
  const line = (label, k) => console.log(`  ${label.padEnd(44)}${k.n} sales, wall p50 ${ms(k.p50)}, p95 ${ms(k.p95)}; CPU per sale API ${ms(k.api)}, PostgreSQL ${ms(k.pg)}`);
  const ratio = (a, b) => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)}%`;
  const over = (label, k) => console.log(`  ${label} over plain: wall p50 ${ratio(k.p50, plain.p50)}, API CPU ${ratio(k.api, plain.api)}, PostgreSQL CPU ${ratio(k.pg, plain.pg)}`);
  console.log('\nbench:pricing — one sale of two seats, one buyer at a time');
  line('plain (hold, pay):', plain);
  line('priced (hold, pay with Senior + code):', per(kinds.priced));
  line('priced by PUT (hold, PUT Senior + code, pay):', per(kinds.put));
  over('priced', per(kinds.priced));
  console.log('    (target: at most +10%)');
  over('priced by PUT', per(kinds.put));
  console.log(`  stored: ${check[0].paid} paid orders, ${check[0].coded} with the code, ${check[0].seniors} Senior Citizen tickets discounted`);
}

await runBench(main);
