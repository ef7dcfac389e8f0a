// `npm run bench:cancel`: cancelling an event with many paid orders, against the real stack (a fresh
// PostgreSQL, the migrated + seeded database, the API as node api/dist/server.js, its payment
// provider the record-only one and its mail the development outbox).
//
// Paid orders are written by SQL, the way payment leaves them (status 'paid', payment method, type,
// reference and time, their order_seats and one ticket per seat), on arena seats of one event of
// organizer@demo.local; each order is 1..3 seats, at most the arena's capacity in all. The
// organizer then cancels over HTTP (POST /api/organizer/events/:id/cancel).
//
// 1. Speed: one event with BENCH_CANCEL_ORDERS paid orders. Measures, from the moment the cancel is
//    sent: its answer; every refund refunded; every mail queued (2 an order: event-cancelled:<order>
//    and refunded:<refund>), target all three within 30 s; and every one of those mails sent
//    (mail_queue.sent_at). HOLD_SWEEP_SECONDS is 60 here, so the cancel's own refund run does it.
// 2. Faults: BENCH_CANCEL_RUNS runs, each on a fresh event with BENCH_CANCEL_RUN_ORDERS paid orders
//    and an API with HOLD_SWEEP_SECONDS=1. The cancel is sent and the API is killed with SIGKILL
//    after a random delay (seeded: BENCH_CANCEL_SEED) between 0 and 1.2 x the time a cancel and its
//    refunds take without a fault (measured first, on a run that is checked like the others). Where
//    it struck is read from the database once the process is dead: before the cancel committed,
//    during the refunds (some pending), or after them. The API is started again; the organizer sends
//    the cancel again if the event is not cancelled (200, or 409 "already cancelled"); the sweep
//    finishes the refunds; then the invariants are checked: every order paid before is refunded
//    with exactly one refunds row (refunded, its amount the order's), one order.refunded audit row,
//    one mail_queue row event-cancelled:<order> and one refunded:<refund>; one event.cancelled audit
//    row; nothing of the event left paid or refund_pending; no live order_seats of the event.
//    Mail sent more than once (a process killed between sending and marking it sent: at least
//    once, by design) is counted, not a violation.
//
// BENCH_CANCEL_ORDERS (default 2000), BENCH_CANCEL_RUNS (default 20), BENCH_CANCEL_RUN_ORDERS
// (default 300), BENCH_CANCEL_SEED (default 1). Prints the figures; exits 1 on any violation or
// when the speed run misses its 30 s target. Loopback only; the processes it starts are stopped at
// the end (also on failure or Ctrl-C).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { seededRandom } from './lib/seeded-random.mjs';
import { cleanup, stops } from './lib/cleanup.mjs';
import { freePort } from '../scripts/lib/free-port.mjs';

ensureInstalled();
const { startPostgres } = await import('../scripts/lib/postgres.mjs');
const { startProcess, stopChild, waitForHttp } = await import('../scripts/lib/processes.mjs');
const { default: pg } = await import('pg');

const ORDERS = Number(process.env.BENCH_CANCEL_ORDERS ?? 2000);
const RUNS = Number(process.env.BENCH_CANCEL_RUNS ?? 20);
const RUN_ORDERS = Number(process.env.BENCH_CANCEL_RUN_ORDERS ?? 300);
const SEED = Number(process.env.BENCH_CANCEL_SEED ?? 1);
const BUYERS = 250;
const PRICE = 150;
const METHODS = ['gcash', 'paymaya', 'bdo', 'visa'];
const MAX_SEATS = 3;
const DEMO_PASSWORD = 'demo-pass-2025';
const ORGANIZER = 'organizer@demo.local';
/** Cancel answered, every refund refunded and every mail queued within this. */
const TARGET_MS = 30_000;
/** Waiting for a state longer than this is a failure of its own. */
const WAIT_LIMIT_MS = 180_000;
const TICKET_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const DATA_DIR = join(ROOT, '.data', 'bench-cancel-pg');


const log = (message) => console.log(`› ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** One call; never throws: { status (0: no answer), text }. */
async function exchange(url, init) {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
    return { status: res.status, text: await res.text().catch(() => '') };
  } catch (err) {
    return { status: 0, text: String(err?.cause?.code ?? err?.message) };
  }
}

/** Polls `probe` until it answers a truthy value; throws after WAIT_LIMIT_MS naming `what`. */
async function until(what, probe, everyMs = 20) {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${WAIT_LIMIT_MS / 1000} s`);
    await sleep(everyMs);
  }
}

const ticketId = () => randomBytes(16).toString('base64url');
const ticketCode = () => Array.from(randomBytes(10), (b) => TICKET_CODE_ALPHABET[b & 31]).join('');

async function main() {
  log('building the API (tsc -b packages/contracts packages/seating api)');
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'packages/seating', 'api'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the API build failed');

  rmSync(DATA_DIR, { recursive: true, force: true });
  log(`starting a fresh PostgreSQL in ${DATA_DIR}`);
  const pgServer = await startPostgres({ dataDir: DATA_DIR, port: 0 });
  stops.push(() => pgServer.stop());
  await pgServer.createDatabase('bench', { dropFirst: true });
  const databaseUrl = pgServer.url('bench');
  // The bench's own connections are told apart from the API's (sports-api) by name.
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: 'bench-cancel' });
  db.on('error', () => undefined);
  stops.push(() => db.end());

  const baseEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    API_HOST: '127.0.0.1',
    LOG_LEVEL: 'fatal',
    RATE_LIMIT_LOGIN_IP: '100000/1m',
    RATE_LIMIT_LOGIN_ACCOUNT: '100000/1m',
  };
  for (const name of ['SMTP_URL', 'SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'SMTP_SECURE']) delete baseEnv[name];
  log('migrating and seeding (node api/dist/seed.js)');
  const seed = spawnSync(process.execPath, [join(ROOT, 'api', 'dist', 'seed.js')], { cwd: ROOT, env: { ...baseEnv, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('the seed failed');

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let api = null;
  const startApi = async (sweepSeconds) => {
    const started = startProcess('api', process.execPath, [join(ROOT, 'api', 'dist', 'server.js')], { cwd: ROOT, env: { ...baseEnv, API_PORT: String(port), HOLD_SWEEP_SECONDS: String(sweepSeconds) } });
    api = started.child;
    await waitForHttp(`${base}/api/health`, api, 60_000);
  };
  const exited = (child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve)));
  stops.push(async () => {
    if (api) await stopChild(api);
  });

  const { rows: sections } = await db.query('SELECT id, capacity FROM sections WHERE event_id IS NULL ORDER BY id');
  const capacity = sections.reduce((sum, s) => sum + s.capacity, 0);
  if (ORDERS > capacity || RUN_ORDERS > capacity) throw new Error(`at most ${capacity} orders (one seat each) fit in the arena`);
  const { rows: buyers } = await db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, role_id, status)
     SELECT 'cancel-' || g || '@bench.local', (SELECT password_hash FROM users WHERE email = 'visitor@demo.local'), 'Cancel', 'Buyer ' || g,
            (SELECT id FROM roles WHERE name = 'Participant'), 'Active'
     FROM generate_series(1, $1) g RETURNING id`,
    [BUYERS],
  );
  const { rows: organizers } = await db.query('SELECT id FROM users WHERE email = $1', [ORGANIZER]);
  const organizerId = organizers[0]?.id;
  if (!organizerId) throw new Error(`no ${ORGANIZER} in the seeded database`);

  let cookie = null;
  const login = async () => {
    const res = await fetch(`${base}/api/login.php`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: ORGANIZER, password: DEMO_PASSWORD }) });
    cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('session='));
    if (res.status !== 200 || !cookie) throw new Error(`login of ${ORGANIZER} failed: ${res.status}`);
  };
  const cancel = (eventId) =>
    exchange(`${base}/api/organizer/events/${eventId}/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ reason: 'Bench: the venue is closed for repairs.' }),
    });

  /** A fresh approved event of the organizer with `count` paid orders: { eventId, title, orders, tickets, amount }. */
  const paidEvent = async (count, random) => {
    const title = `Cancel bench ${randomBytes(4).toString('hex')}`;
    const { rows } = await db.query(
      `INSERT INTO events (genre, title, description, starts_at, ends_at, has_time, price, status, organizer_user_id)
       VALUES ('sports', $1, 'Cancel bench', now() + interval '30 days', now() + interval '30 days 4 hours', true, $2, 'Approved', $3) RETURNING id`,
      [title, PRICE, organizerId],
    );
    const eventId = rows[0].id;
    const { rows: ids } = await db.query(`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id FROM generate_series(1, $1)`, [count]);
    const order = { id: [], user: [], section: [], seats: [], amount: [], method: [] };
    const seat = { order: [], section: [], number: [], ticket: [], code: [] };
    // Seats: 1..MAX_SEATS an order, in one section, section after section; an order gets extra seats
    // only while the arena keeps one for every order after it.
    let s = 0;
    let next = 1;
    let left = capacity;
    for (let i = 0; i < count; i += 1) {
      if (next > sections[s].capacity) {
        s += 1;
        next = 1;
      }
      const room = sections[s].capacity - next + 1;
      const n = 1 + Math.min(Math.floor(random() * MAX_SEATS), room - 1, left - (count - i));
      left -= n;
      const id = ids[i].id;
      order.id.push(id);
      order.user.push(buyers[Math.floor(random() * buyers.length)].id);
      order.section.push(sections[s].id);
      order.seats.push(n);
      order.amount.push(n * PRICE);
      order.method.push(METHODS[Math.floor(random() * METHODS.length)]);
      for (let k = 0; k < n; k += 1) {
        seat.order.push(id);
        seat.section.push(sections[s].id);
        seat.number.push(next + k);
        seat.ticket.push(ticketId());
        seat.code.push(ticketCode());
      }
      next += n;
    }
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO orders (id, user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at,
                             payment_method, payment_type, payment_reference, paid_at)
         SELECT o.id, o.user_id, $1, o.section_id, 'paid', o.seats, o.amount, now() - interval '1 day', now() - interval '1 day' + interval '10 minutes',
                o.method, 'full', 'record-only:' || o.method || ':' || o.id || ':bench', now() - interval '1 day' + interval '2 minutes'
         FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::numeric[], $7::text[]) AS o (id, user_id, section_id, seats, amount, method)`,
        [eventId, order.id, order.user, order.section, order.seats, order.amount, order.method],
      );
      await client.query(
        `INSERT INTO order_seats (order_id, event_id, section_id, seat_number)
         SELECT s.order_id, $1, s.section_id, s.seat_number FROM unnest($2::int[], $3::int[], $4::int[]) AS s (order_id, section_id, seat_number)`,
        [eventId, seat.order, seat.section, seat.number],
      );
      await client.query(
        `INSERT INTO tickets (id, order_id, seat_number, code)
         SELECT t.id, t.order_id, t.seat_number, t.code FROM unnest($1::text[], $2::int[], $3::int[], $4::text[]) AS t (id, order_id, seat_number, code)`,
        [seat.ticket, seat.order, seat.number, seat.code],
      );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    return { eventId, title, orders: count, tickets: seat.order.length, amount: order.amount.reduce((a, b) => a + b, 0) };
  };

  /** Where the event's cancellation is: cancelled?, refunds pending / refunded, its mails queued / sent, of its orders paid before. */
  const progressOf = async (eventId) => {
    const { rows } = await db.query(
      `SELECT (SELECT cancelled_at IS NOT NULL FROM events WHERE id = $1) AS cancelled,
              count(*) FILTER (WHERE r.state = 'pending')::int AS pending,
              count(*) FILTER (WHERE r.state = 'refunded')::int AS refunded,
              (SELECT count(*)::int FROM mail_queue m WHERE m.dedupe_key IN (
                 SELECT 'event-cancelled:' || o.id FROM orders o WHERE o.event_id = $1
                 UNION ALL SELECT 'refunded:' || r2.id FROM refunds r2 JOIN orders o ON o.id = r2.order_id WHERE o.event_id = $1)) AS queued,
              (SELECT count(*)::int FROM mail_queue m WHERE m.sent_at IS NOT NULL AND m.dedupe_key IN (
                 SELECT 'event-cancelled:' || o.id FROM orders o WHERE o.event_id = $1
                 UNION ALL SELECT 'refunded:' || r2.id FROM refunds r2 JOIN orders o ON o.id = r2.order_id WHERE o.event_id = $1)) AS sent
       FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.event_id = $1`,
      [eventId],
    );
    return rows[0];
  };

  /** Every violation of the cancellation's invariants for `event` (whose orders were all paid before). */
  const violationsOf = async (event) => {
    const { eventId, orders } = event;
    const found = [];
    const { rows: perOrder } = await db.query(
      `SELECT o.id, o.status, o.total_amount::float8 AS total,
              (SELECT count(*)::int FROM refunds r WHERE r.order_id = o.id) AS refunds,
              (SELECT count(*)::int FROM refunds r WHERE r.order_id = o.id AND r.state = 'refunded' AND r.amount = o.total_amount AND r.reason = 'event_cancelled') AS refunded,
              (SELECT count(*)::int FROM audit_trail a WHERE a.action = 'order.refunded' AND a.order_id = o.id) AS audits,
              (SELECT count(*)::int FROM mail_queue m WHERE m.dedupe_key = 'event-cancelled:' || o.id) AS cancelled_mails,
              (SELECT count(*)::int FROM mail_queue m JOIN refunds r ON m.dedupe_key = 'refunded:' || r.id WHERE r.order_id = o.id) AS refunded_mails,
              (SELECT count(*)::int FROM order_seats s WHERE s.order_id = o.id AND s.live) AS live_seats
       FROM orders o WHERE o.event_id = $1 ORDER BY o.id`,
      [eventId],
    );
    if (perOrder.length !== orders) found.push(`${perOrder.length} orders of the event, ${orders} seeded`);
    const tally = (what, bad) => {
      if (bad.length) found.push(`${bad.length} orders ${what} (e.g. order ${bad[0].id}: ${JSON.stringify(bad[0])})`);
    };
    tally('not refunded', perOrder.filter((o) => o.status !== 'refunded'));
    tally('without exactly one refunds row', perOrder.filter((o) => o.refunds !== 1));
    tally('without their refund refunded (its amount, event_cancelled)', perOrder.filter((o) => o.refunded !== 1));
    tally('without exactly one order.refunded audit row', perOrder.filter((o) => o.audits !== 1));
    tally('without exactly one event-cancelled mail', perOrder.filter((o) => o.cancelled_mails !== 1));
    tally('without exactly one refunded mail', perOrder.filter((o) => o.refunded_mails !== 1));
    tally('with live seats', perOrder.filter((o) => o.live_seats !== 0));
    const { rows: event1 } = await db.query(
      `SELECT e.cancelled_at IS NOT NULL AS cancelled,
              (SELECT count(*)::int FROM audit_trail a WHERE a.action = 'event.cancelled' AND a.event_id = e.id) AS audits,
              (SELECT count(*)::int FROM orders o WHERE o.event_id = e.id AND o.status IN ('paid', 'refund_pending')) AS open_orders,
              (SELECT count(*)::int FROM order_seats s WHERE s.event_id = e.id AND s.live) AS live_seats
       FROM events e WHERE e.id = $1`,
      [eventId],
    );
    const e = event1[0];
    if (!e.cancelled) found.push('the event is not cancelled');
    if (e.audits !== 1) found.push(`${e.audits} event.cancelled audit rows`);
    if (e.open_orders) found.push(`${e.open_orders} orders still paid or refund_pending`);
    if (e.live_seats) found.push(`${e.live_seats} live order_seats`);
    return found;
  };

  /** Mail of the event delivered to the outbox more than once (at least once, by design). */
  const resentOf = async (event, queued) => {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE subject LIKE '%' || $1 || '%'`, [event.title]);
    return Math.max(0, rows[0].n - queued);
  };

  // 1. Speed.
  await startApi(60);
  await login();
  log(`API up on port ${port}; organizer signed in`);
  const speedEvent = await paidEvent(ORDERS, seededRandom(SEED));
  log(`event ${speedEvent.eventId}: ${speedEvent.orders} paid orders, ${speedEvent.tickets} tickets, ₱${speedEvent.amount} seeded`);
  const t0 = performance.now();
  const answer = await cancel(speedEvent.eventId);
  const cancelMs = performance.now() - t0;
  if (answer.status !== 200) throw new Error(`the cancel answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  const impact = JSON.parse(answer.text);
  const want = 2 * speedEvent.orders;
  const marks = { refunded: null, queued: null, sent: null };
  await until('speed: refunds, queued and sent mail', async () => {
    const p = await progressOf(speedEvent.eventId);
    const now = performance.now() - t0;
    if (marks.refunded === null && p.refunded === speedEvent.orders) marks.refunded = now;
    if (marks.queued === null && p.queued === want) marks.queued = now;
    if (marks.sent === null && p.sent === want) marks.sent = now;
    return marks.refunded !== null && marks.queued !== null && marks.sent !== null;
  });
  const speedViolations = await violationsOf(speedEvent);
  const speedResent = await resentOf(speedEvent, want);
  await stopChild(api);

  // 2. Faults. The window of the kill: a cancel and its refunds without a fault, on this API.
  await startApi(1);
  const calibration = await paidEvent(RUN_ORDERS, seededRandom(SEED + 1));
  const c0 = performance.now();
  const calibrated = await cancel(calibration.eventId);
  if (calibrated.status !== 200) throw new Error(`the calibration cancel answered ${calibrated.status}: ${calibrated.text.slice(0, 300)}`);
  const calibrationCancelMs = performance.now() - c0;
  await until('calibration: refunds', async () => (await progressOf(calibration.eventId)).refunded === RUN_ORDERS, 5);
  const refundRunMs = performance.now() - c0;
  const windowMs = 1.2 * refundRunMs;
  await until('calibration: mail', async () => (await progressOf(calibration.eventId)).sent === 2 * RUN_ORDERS);
  const calibrationViolations = await violationsOf(calibration);
  log(`calibration: ${RUN_ORDERS} orders cancelled in ${seconds(calibrationCancelMs)}, refunded in ${seconds(refundRunMs)}; kills drawn in 0..${seconds(windowMs)}`);

  const random = seededRandom(SEED + 2);
  const faults = { runs: 0, beforeCommit: 0, duringRefunds: 0, afterRefunds: 0, answeredBeforeKill: 0, resent: 0, retried: 0, retry409: 0, recoverMs: [], violations: 0 };
  for (let run = 1; run <= RUNS; run += 1) {
    const event = await paidEvent(RUN_ORDERS, random);
    const delay = random() * windowMs;
    let answered = null;
    const first = cancel(event.eventId).then((a) => (answered = a));
    await sleep(delay);
    const victim = api;
    victim.kill('SIGKILL');
    await exited(victim);
    // Once the API's connections are gone, nothing changes the database until the API is back.
    await until('the killed API’s connections to close', async () => (await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'sports-api'`)).rows[0].n === 0);
    const struck = await progressOf(event.eventId);
    if (!struck.cancelled) faults.beforeCommit += 1;
    else if (struck.pending > 0) faults.duringRefunds += 1;
    else faults.afterRefunds += 1;
    if (answered?.status === 200) faults.answeredBeforeKill += 1;
    await first;
    const r0 = performance.now();
    await startApi(1);
    await login();
    const problems = [];
    if (answered.status !== 0 && answered.status !== 200) problems.push(`the first cancel answered ${answered.status}: ${answered.text.slice(0, 200)}`);
    if (!(await progressOf(event.eventId)).cancelled) {
      faults.retried += 1;
      const again = await cancel(event.eventId);
      if (again.status === 409 && /already cancelled/.test(again.text)) faults.retry409 += 1;
      else if (again.status !== 200) problems.push(`the retried cancel answered ${again.status}: ${again.text.slice(0, 200)}`);
    }
    try {
      await until(`run ${run}: refunds settled`, async () => {
        const p = await progressOf(event.eventId);
        return p.cancelled && p.pending === 0;
      });
      faults.recoverMs.push(performance.now() - r0);
      await until(`run ${run}: mail sent`, async () => {
        const p = await progressOf(event.eventId);
        return p.queued > 0 && p.sent === p.queued;
      });
    } catch (err) {
      problems.push(err.message);
    }
    problems.push(...(await violationsOf(event)));
    faults.resent += await resentOf(event, 2 * RUN_ORDERS);
    faults.runs += 1;
    faults.violations += problems.length;
    const where = !struck.cancelled ? 'before commit' : struck.pending > 0 ? `during refunds (${struck.pending} pending)` : 'after refunds';
    log(`run ${run}: kill ${delay.toFixed(0)} ms after the cancel was sent, ${where}; ${problems.length ? problems.slice(0, 4).join('; ') : 'no violations'}`);
  }

  faults.recoverMs.sort((a, b) => a - b);
  const met = cancelMs <= TARGET_MS && marks.refunded <= TARGET_MS && marks.queued <= TARGET_MS;
  console.log(`\nCancelling an event: ${speedEvent.orders} paid orders, ${speedEvent.tickets} tickets, ₱${speedEvent.amount.toLocaleString('en-US')} (the cancel answered ${impact.orders} orders, ${impact.tickets} tickets, ₱${impact.amount})`);
  console.log(`  cancel call answered:          ${seconds(cancelMs)}`);
  console.log(`  every refund refunded:         ${seconds(marks.refunded)}  (${((speedEvent.orders / marks.refunded) * 1000).toFixed(0)} refunds/s)`);
  console.log(`  every mail queued (${want}):     ${seconds(marks.queued)}`);
  console.log(`  target (all three):            ${seconds(TARGET_MS)}: ${met ? 'met' : 'MISSED'}`);
  console.log(`  every mail sent:               ${seconds(marks.sent)}  (mail sent twice: ${speedResent})`);
  console.log(`  invariant violations:          ${speedViolations.length}${speedViolations.length ? `: ${speedViolations.join('; ')}` : ''}`);
  console.log(`\nSIGKILL of the API during a cancel: ${faults.runs} runs of ${RUN_ORDERS} paid orders, kill at 0..${seconds(windowMs)} after the cancel was sent (seed ${SEED})`);
  console.log(`  calibration run (no kill):     cancel ${seconds(calibrationCancelMs)}, refunds ${seconds(refundRunMs)}, violations ${calibrationViolations.length}`);
  console.log(`  kill struck before commit:     ${faults.beforeCommit}  (cancel sent again: ${faults.retried}, of which 409 already cancelled: ${faults.retry409})`);
  console.log(`  kill struck during refunds:    ${faults.duringRefunds}`);
  console.log(`  kill struck after refunds:     ${faults.afterRefunds}  (the cancel had answered 200 before the kill in ${faults.answeredBeforeKill} runs)`);
  if (faults.recoverMs.length) console.log(`  restart to no refund pending:  median ${seconds(faults.recoverMs[Math.floor(faults.recoverMs.length / 2)])}, max ${seconds(faults.recoverMs.at(-1))}`);
  console.log(`  mail sent more than once:      ${faults.resent} (at least once, by design)`);
  console.log(`  invariant violations:          ${faults.violations}`);
  for (const f of calibrationViolations) console.log(`  calibration: ${f}`);
  const violations = speedViolations.length + calibrationViolations.length + faults.violations;
  console.log(`\n${violations ? 'VIOLATIONS FOUND' : 'no violations'}${met ? '' : '; speed target missed'}`);
  return violations || !met ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err);
} finally {
  await cleanup();
}
if (existsSync(DATA_DIR)) log('PostgreSQL data left in .data/bench-cancel-pg (wiped at the next run)');
process.exit(code);
