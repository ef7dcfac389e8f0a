// `npm run bench:onsale`: a popular concert's on-sale against the real stack (a fresh PostgreSQL,
// the migrated + seeded database, the API as node api/dist/server.js).
//
// One approved event on the arena's sections (2,180 seats) at one price. BENCH_ONSALE_BUYERS
// buyers (default 2000), signed in beforehand, arrive at seeded random moments over
// BENCH_ONSALE_ARRIVAL_S seconds (default 60) and each does what the booking pages do
// (lib/onsale-buyers.cjs): the event page, the seat map, a section's grid read again every 4 s
// while they choose for 2-8 s, a hold of two seats (another choice after a seat was taken), the
// payment and the paid order; a buyer who finds the event sold out stops. Buyers are spread over
// BENCH_ONSALE_API_PROCESSES API processes (default 1) on one database.
//
// BENCH_ONSALE_WAITING_ROOM=on (default off) switches the event's waiting room on before the sale
// (PUT /api/admin/events/:id/waiting-room with an admin session), admitting BENCH_ONSALE_SHOPPERS
// (default 100) at once: each buyer joins the line after the event page and asks again every
// refreshSeconds the answer names until admitted. Off, buyers still ask the line once, as the page
// does, and go on when it says the event has none. Then it also prints the buyers admitted, their
// time in line, the line's length every 5 s, buyers whose place did not move while they waited
// more than 30 s (must be 0), line calls per second, and the step latency of admitted buyers
// (the target: p99 at most 1 s).
//
// Prints the latency of each step (p50, p99), sales per second, the time to sell out, errors
// (any answer but the expected ones; must be 0) and 409 seat conflicts, seats sold twice (SQL;
// must be 0), the CPU per sale of the API processes, of PostgreSQL and of this load generator
// (from /proc), and the ticket mails: how many were sent for how many paid orders, and the lag
// from the last sale to the last mail (the development transport keeps every mail in mail_outbox,
// stamped when sent). Fails (exit 1) when errors, seats sold twice or unsent mails remain.
//
// Sessions are started the way a login does (a sessions row, its signed token in the session
// cookie), with SQL and this bench's JWT_SECRET instead of N password checks: sign-ins are not
// part of the sale. Loopback only; every wait is bounded; what it starts is stopped at the end.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { sessionCookie, signedInBuyers } from './lib/bench-buyers.mjs';
import { startBenchApi, startBenchDatabase } from './lib/bench-database.mjs';
import { runBench } from './lib/cleanup.mjs';
import { cpuMs, machineTicks, postmasterPid } from './lib/proc-cpu.mjs';
import { lineInDatabase, quantile, runBuyers, STEPS, waitForTicketMails } from './lib/onsale-buyers.cjs';

ensureInstalled();

const BUYERS = Number(process.env.BENCH_ONSALE_BUYERS ?? 2000);
const ARRIVAL_S = Number(process.env.BENCH_ONSALE_ARRIVAL_S ?? 60);
const API_PROCESSES = Number(process.env.BENCH_ONSALE_API_PROCESSES ?? 1);
const WAITING_ROOM = process.env.BENCH_ONSALE_WAITING_ROOM ?? 'off';
const SHOPPERS = Number(process.env.BENCH_ONSALE_SHOPPERS ?? 100);
const PRICE = 2500;
const ARENA_SEATS = 2180;
const SEED = 20261127;
/**
 * The sale: every buyer arrived, plus choosing, retries and payment on a busy machine; with the
 * line on, plus up to 15 s per group of SHOPPERS buyers let in one after another.
 */
const SALE_TIMEOUT_MS = (ARRIVAL_S + 240 + (WAITING_ROOM === 'on' ? Math.ceil(BUYERS / SHOPPERS) * 15 : 0)) * 1000;
/** The admitted buyers' latency target (any step after admission, p99). */
const ADMITTED_P99_TARGET_MS = 1000;
/** The ticket mails of the last sales, after the sale. */
const MAIL_TIMEOUT_MS = 180_000;
const DATA_DIR = join(ROOT, '.data', 'bench-onsale-pg');
const TITLE = 'On-sale bench: the farewell concert';

for (const [name, value] of Object.entries({ BENCH_ONSALE_BUYERS: BUYERS, BENCH_ONSALE_ARRIVAL_S: ARRIVAL_S, BENCH_ONSALE_API_PROCESSES: API_PROCESSES, BENCH_ONSALE_SHOPPERS: SHOPPERS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
}
if (WAITING_ROOM !== 'on' && WAITING_ROOM !== 'off') throw new Error('BENCH_ONSALE_WAITING_ROOM must be on or off');

const log = (message) => console.log(`› ${message}`);
const ms = (v) => (Number.isNaN(v) ? '-' : `${v.toFixed(1)} ms`);
const s = (v) => `${(v / 1000).toFixed(1)} s`;
/** A step's row: its name, then p50 / p99 / max of its latencies and how many there are. */
const stepRow = (step, values) =>
  `${step.padEnd(13)} ${[0.5, 0.99].map((q) => ms(quantile(values, q)).padStart(10)).join(' / ')} / ${ms(values.length ? values.reduce((a, b) => Math.max(a, b)) : NaN).padStart(10)}   ${values.length}`;

async function main() {
  const jwtSecret = randomBytes(32).toString('base64url');
  const { db, env } = await startBenchDatabase({ dataDir: DATA_DIR, applicationName: 'bench-onsale', env: { LOG_LEVEL: 'error', JWT_SECRET: jwtSecret }, log });
  const query = async (sql, params) => (await db.query(sql, params)).rows;

  const apis = [];
  for (let i = 0; i < API_PROCESSES; i += 1) apis.push(await startBenchApi(env, `api${i + 1}`));
  log(`${API_PROCESSES} API process${API_PROCESSES > 1 ? 'es' : ''} up: ${apis.map((a) => a.base).join(', ')}`);

  const [arena] = await query('SELECT count(*)::int AS sections, sum(capacity)::int AS seats FROM sections WHERE event_id IS NULL', []);
  if (arena.seats !== ARENA_SEATS) log(`note: the arena has ${arena.seats} seats (expected ${ARENA_SEATS})`);
  const [event] = await query(
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
     VALUES ('concert', $1, 'The on-sale bench', now() + interval '30 days', true, $2, 'Approved') RETURNING id`,
    [TITLE, PRICE],
  );
  const eventId = event.id;

  log(`${BUYERS} buyers: accounts and sessions`);
  const { users, cookies } = await signedInBuyers(query, { count: BUYERS, prefix: 'onsale', jwtSecret });
  // The first and last buyer are signed in for the API (the cookie is read as a login's would be).
  for (const i of [0, BUYERS - 1]) {
    // Once more on a fresh connection: the health check's kept-alive one may have been closed by
    // the server while the sessions were made (20,000 take longer than its keep-alive timeout).
    const askMe = () => fetch(`${apis[i % apis.length].base}/api/me`, { headers: { Cookie: cookies[i] } });
    const res = await askMe().catch(askMe);
    const me = await res.json();
    if (me.user?.user_id !== users[i].id) throw new Error(`buyer ${i} is not signed in: ${JSON.stringify(me)}`);
  }
  if (WAITING_ROOM === 'on') {
    // The admin's switch, with an admin session started as the buyers' were.
    const [admin] = await query(
      `INSERT INTO sessions (user_id, expires_at) SELECT id, now() + interval '1 hour' FROM users WHERE email = 'admin@demo.local' RETURNING id, user_id, expires_at`,
      [],
    );
    if (!admin) throw new Error('the seeded admin (admin@demo.local) is missing');
    const path = `/api/admin/events/${eventId}/waiting-room`;
    const body = JSON.stringify({ on: true, shoppers: SHOPPERS });
    const res = await fetch(`${apis[0].base}${path}`, { method: 'PUT', headers: { Cookie: sessionCookie(admin, jwtSecret), 'Content-Type': 'application/json' }, body });
    const answer = await res.text();
    let room = null;
    try {
      room = JSON.parse(answer).waitingRoom;
    } catch {
      // Reported below with the answer as it came.
    }
    if (res.status !== 200 || room?.on !== true || room?.shoppers !== SHOPPERS) throw new Error(`the waiting room did not switch on: PUT ${path} ${body} answered ${res.status} ${answer.slice(0, 300)}`);
    log(`waiting room on: ${SHOPPERS} shoppers at once`);
  }
  await query('CHECKPOINT', []);

  const postgres = postmasterPid(DATA_DIR);
  if (!postgres) throw new Error('PostgreSQL postmaster not found in /proc');
  const cpu = () => ({ api: cpuMs(apis.map((a) => a.child.pid), false), postgres: cpuMs([postgres], true), self: process.cpuUsage(), machine: machineTicks(), wall: performance.now() });
  const selfMs = (u) => (u.user + u.system) / 1000;
  const used = (from, to) => ({
    api: to.api - from.api,
    postgres: to.postgres - from.postgres,
    self: selfMs(to.self) - selfMs(from.self),
    machineBusy: (to.machine.busy - from.machine.busy) / Math.max(1, to.machine.total - from.machine.total),
    wall: to.wall - from.wall,
  });

  log(`the sale opens: ${BUYERS} buyers arriving over ${ARRIVAL_S} s, ${arena.seats} seats, ${API_PROCESSES} API process${API_PROCESSES > 1 ? 'es' : ''}`);
  // The load generator's own event loop: a late loop would add its delay to every latency measured.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const before = cpu();
  const run = await runBuyers({ bases: apis.map((a) => a.base), eventId, cookies, arrivalMs: ARRIVAL_S * 1000, seed: SEED, timeoutMs: SALE_TIMEOUT_MS, log });
  const afterSale = cpu();
  loopDelay.disable();
  log(`every buyer done after ${s(run.finishedAt - run.startedAt)}; waiting (at most ${MAIL_TIMEOUT_MS / 1000} s) for the ticket mails`);
  const sale = await waitForTicketMails(query, eventId, MAIL_TIMEOUT_MS);
  const afterMail = cpu();
  const selling = used(before, afterSale);
  const withMail = used(before, afterMail);
  const [left] = await query(
    `SELECT count(*)::int AS n FROM order_seats s JOIN orders o ON o.id = s.order_id WHERE s.event_id = $1 AND o.status IN ('held', 'paid')`,
    [eventId],
  );
  const soldOut = left.n >= arena.seats;
  const sales = sale.paidOrders;
  const { line } = run;
  const lineKept = await lineInDatabase(query, eventId);
  // Every call an admitted buyer made after its admission, whatever the step.
  const admittedCalls = STEPS.flatMap((st) => run.admittedSteps[st]);
  const pollSpan = Math.max(1, line.lastPollAt - line.firstPollAt);
  const peakPolls = line.series.reduce((peak, p, k) => Math.max(peak, p.polls / (k === 0 ? p.at : p.at - line.series[k - 1].at)), 0);

  // ---------------------------------------------------------------- report
  console.log(`\nbench:onsale — ${BUYERS} buyers over ${ARRIVAL_S} s, ${arena.seats} seats in ${arena.sections} sections at ₱${PRICE}, ${API_PROCESSES} API process${API_PROCESSES > 1 ? 'es' : ''}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  console.log(`  buyers: ${run.bought} bought (${run.seatsBought} seats), ${run.soldOut} found it sold out, ${run.failed} failed`);
  console.log('  step latency (p50 / p99 / max, calls):');
  for (const step of STEPS) console.log(`    ${stepRow(step, run.steps[step])}`);
  console.log(`  grid reads: ${run.gridAnswers[200]} answered 200, ${run.gridAnswers[304]} answered 304 (Not Modified); requests sent again on a fresh connection (the kept-alive one closed by the server): ${run.staleConnections}`);
  const saleSpan = run.lastPaidAt - run.firstArrivalAt;
  console.log(`  sales/s: ${(sales / (saleSpan / 1000)).toFixed(1)} (${sales} sales from the first arrival to the last payment, ${s(saleSpan)})`);
  console.log(
    soldOut
      ? `  time to sell out (from the first arrival): last seat held at +${s(run.lastHoldAt - run.firstArrivalAt)}, last sale paid at +${s(saleSpan)}`
      : `  not sold out: ${left.n} of ${arena.seats} seats sold`,
  );
  console.log(`  errors: ${run.errors.length} (must be 0), ${run.retries} of them tried again as the page or its user would; seat conflicts (409, chosen again): ${run.conflicts}; grids found full: ${run.gridFull}`);
  const kinds = new Map();
  for (const e of run.errors) {
    const kind = `${e.step} ${e.status === 0 ? 'no answer' : e.status}`;
    kinds.set(kind, { n: (kinds.get(kind)?.n ?? 0) + 1, example: kinds.get(kind)?.example ?? e.message });
  }
  for (const [kind, { n, example }] of kinds) console.log(`    ${String(n).padStart(5)} x ${kind}, e.g. ${example.slice(0, 160)}`);
  if (run.failures.length) console.log(`  buyers who gave up: ${run.failures.length}, e.g. ${run.failures.slice(0, 3).map((f) => `buyer ${f.buyer}: ${f.message.slice(0, 120)}`).join('; ')}`);
  console.log(`  seats sold twice (SQL): ${sale.seatsSoldTwice} (must be 0); paid orders ${sale.paidOrders} (${sale.paidSeats} seats) = buyers who bought ${run.bought} (${run.seatsBought} seats); unpaid holds left ${sale.unpaidHolds}`);
  const per = (v) => `${(v / Math.max(1, sales)).toFixed(2)} ms`;
  console.log(`  CPU per sale, the sale (${s(selling.wall)}): API ${per(selling.api)}, PostgreSQL ${per(selling.postgres)}, load generator ${per(selling.self)}`);
  console.log(`  CPU per sale, with the mail drain (${s(withMail.wall)}): API ${per(withMail.api)}, PostgreSQL ${per(withMail.postgres)}, load generator ${per(withMail.self)}`);
  console.log(`  CPU busy during the sale: API ${((selling.api / selling.wall) * 100).toFixed(0)}%, PostgreSQL ${((selling.postgres / selling.wall) * 100).toFixed(0)}%, load generator ${((selling.self / selling.wall) * 100).toFixed(0)}% of one core; the whole machine (other work included) ${(selling.machineBusy * 100).toFixed(0)}% of its ${os.cpus().length} CPUs`);
  console.log(`  load generator's event loop delay during the sale: p50 ${ms(loopDelay.percentile(50) / 1e6)}, p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)}`);
  const lag = sale.lastMailAt && sale.lastPaidAt ? sale.lastMailAt.getTime() - sale.lastPaidAt.getTime() : NaN;
  console.log(`  ticket mails: ${sale.ordersMailed} orders mailed (${sale.ticketMails} mails) for ${sale.paidOrders} paid orders${sale.drained ? '' : ` — NOT drained within ${MAIL_TIMEOUT_MS / 1000} s`}; mail lag (last sale to last ticket mail): ${Number.isNaN(lag) ? '-' : s(lag)}`);
  console.log(`  waiting room: ${WAITING_ROOM === 'on' ? `switched on before the sale, ${SHOPPERS} shoppers at once` : 'not switched on (it comes on by itself when the accounts holding seats reach its shoppers)'}; ${line.polls} line calls, answers saying there is no line: ${line.open}`);
  if (line.waited || line.admitted || line.sentBack) {
    console.log(`    buyers admitted: ${line.admitted} (${line.waited} waited first), ${line.sentBack} refused a hold without a pass and sent to the line, ${line.left} admitted who left it (sold out or failed), ${line.toldSoldOut} told in line that it sold out`);
    const waited = line.timesInLine;
    console.log(`    time in line (admitted buyers, p50 / p99 / max): ${s(quantile(waited, 0.5))} / ${s(quantile(waited, 0.99))} / ${s(waited.length ? waited.reduce((a, b) => Math.max(a, b)) : NaN)}; the last admitted at +${s(line.lastAdmittedAt - run.startedAt)}`);
    console.log(`    buyers whose place never went down while they waited more than 30 s: ${line.stuck} (must be 0); whose place went up between two answers: ${line.rose}`);
    console.log(`    the line in the database: ${lineKept.places} places kept, ${lineKept.admitted} admitted, ${lineKept.outOfOrder} of them before a place that came earlier (must be 0)`);
    console.log(`    line calls per second: ${(line.polls / (pollSpan / 1000)).toFixed(1)} on average over ${s(pollSpan)}, ${peakPolls.toFixed(1)} in the busiest 5 s`);
    console.log('    the line every 5 s (+seconds: waiting / admitted so far / calls per second):');
    const rows = line.series.map((p, k) => `+${p.at.toFixed(0)}: ${p.waiting} / ${p.admitted} / ${(p.polls / (k === 0 ? p.at : p.at - line.series[k - 1].at)).toFixed(0)}`);
    for (let k = 0; k < rows.length; k += 6) console.log(`      ${rows.slice(k, k + 6).map((r) => r.padEnd(26)).join('')}`.trimEnd());
    console.log(`    admitted buyers' steps after admission (p50 / p99 / max, calls); all together: p99 ${ms(quantile(admittedCalls, 0.99))} (target at most ${ms(ADMITTED_P99_TARGET_MS)}) over ${admittedCalls.length} calls`);
    for (const step of STEPS) if (run.admittedSteps[step].length) console.log(`      ${stepRow(step, run.admittedSteps[step])}`);
  }
  console.log(
    `RESULT ${JSON.stringify({
      buyers: BUYERS,
      arrivalS: ARRIVAL_S,
      apiProcesses: API_PROCESSES,
      bought: run.bought,
      soldOutSeen: run.soldOut,
      errors: run.errors.length,
      retries: run.retries,
      conflicts: run.conflicts,
      salesPerS: +(sales / (saleSpan / 1000)).toFixed(2),
      sellOutS: soldOut ? +(saleSpan / 1000).toFixed(1) : null,
      doubles: sale.seatsSoldTwice,
      apiCpuPerSale: +(selling.api / Math.max(1, sales)).toFixed(2),
      pgCpuPerSale: +(selling.postgres / Math.max(1, sales)).toFixed(2),
      loadCpuPerSale: +(selling.self / Math.max(1, sales)).toFixed(2),
      machineBusy: +selling.machineBusy.toFixed(2),
      mailLagS: Number.isNaN(lag) ? null : +(lag / 1000).toFixed(1),
      mailed: sale.ordersMailed,
      paid: sale.paidOrders,
      p99: Object.fromEntries(STEPS.map((st) => [st, +quantile(run.steps[st], 0.99).toFixed(1)])),
      waitingRoom: WAITING_ROOM === 'on',
      ...(WAITING_ROOM === 'on'
        ? {
            shoppers: SHOPPERS,
            admitted: line.admitted,
            waited: line.waited,
            toldSoldOut: line.toldSoldOut,
            inLineP50S: +(quantile(line.timesInLine, 0.5) / 1000).toFixed(1),
            inLineP99S: +(quantile(line.timesInLine, 0.99) / 1000).toFixed(1),
            inLineMaxS: line.timesInLine.length ? +(line.timesInLine.reduce((a, b) => Math.max(a, b)) / 1000).toFixed(1) : null,
            stuckInLine: line.stuck,
            admittedOutOfOrder: lineKept.outOfOrder,
            linePollsPerS: +(line.polls / (pollSpan / 1000)).toFixed(1),
            admittedP99: +quantile(admittedCalls, 0.99).toFixed(1),
            admittedP99ByStep: Object.fromEntries(STEPS.filter((st) => run.admittedSteps[st].length).map((st) => [st, +quantile(run.admittedSteps[st], 0.99).toFixed(1)])),
          }
        : {}),
    })}`,
  );

  const problems = [];
  if (run.errors.length) problems.push(`${run.errors.length} buyer errors`);
  if (sale.seatsSoldTwice) problems.push(`${sale.seatsSoldTwice} seats sold twice`);
  if (line.stuck) problems.push(`${line.stuck} buyers whose place in line did not move`);
  if (lineKept.outOfOrder) problems.push(`${lineKept.outOfOrder} places admitted before one that came earlier`);
  if (WAITING_ROOM === 'on' && line.open) problems.push(`${line.open} line answers said there was no line while it was switched on`);
  if (sale.paidOrders !== run.bought) problems.push(`${sale.paidOrders} paid orders for ${run.bought} buyers who bought`);
  if (!sale.drained || sale.ticketMails !== sale.paidOrders) problems.push(`${sale.ticketMails} ticket mails for ${sale.paidOrders} paid orders`);
  if (problems.length) throw new Error(`the on-sale went wrong: ${problems.join('; ')}`);
}

await runBench(main);
