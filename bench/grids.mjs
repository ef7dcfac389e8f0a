// `npm run bench:grids`: open seat grids on a sale day against the real stack (a fresh PostgreSQL,
// the migrated + seeded database, ONE API process as node api/dist/server.js).
//
// BENCH_GRIDS grids (default 20,000) each poll GET /backend/api/get-booked-seats.php for their
// section every 4 s, at random phases, like the booking app: with If-None-Match once an answer
// carried an ETag (a browser revalidates a no-cache answer that way). The load comes from worker
// threads over keep-alive connections, on a fixed schedule (latency counts from when a poll was
// due, so a slow server cannot hide its queue). Meanwhile a writer (another process's writes: a
// connection of its own) books a random free seat of a random section and releases it a little
// later, BENCH_GRIDS_WRITES times a second (default 4) each, and announces each change once committed
// (NOTIFY, as an API process does; BENCH_GRIDS_ANNOUNCE=0: not, the grids then show it once their answer is KEEP_MS old).
//
// Prints: polls/s achieved, p50/p99 latency, the share of 304s, database transactions per second
// caused by the polls (all commits minus the writer's and the bench's own), the staleness of the
// grids (from a change's commit until some grid first shows it; and the worst answer to a poll
// sent after a commit that did not show it yet), the CPU of the API, PostgreSQL and the load
// generator, and the cost of a kept availability answer (per call, over HTTP, one at a time).
// Runs BENCH_GRIDS_SECONDS (default 30) after a 5 s warm-up. Loopback only; it stops what it started.
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';

const PERIOD_MS = 4_000;

if (!isMainThread) await runWorker(workerData);
else {
  const { ensureInstalled, ROOT } = await import('../scripts/lib/install.mjs');
  ensureInstalled();
  const { runBench, stops } = await import('./lib/cleanup.mjs');
  await runBench(() => main(ROOT, stops));
}

async function main(ROOT, stops) {
  const { cpuMs, postmasterPid } = await import('./lib/proc-cpu.mjs');
  const { startBenchApi, startBenchDatabase } = await import('./lib/bench-database.mjs');
  const { default: pg } = await import('pg');

  const GRIDS = Number(process.env.BENCH_GRIDS ?? 20_000);
  const SECONDS = Number(process.env.BENCH_GRIDS_SECONDS ?? 30);
  const WRITES = Number(process.env.BENCH_GRIDS_WRITES ?? 4);
  const WORKERS = Number(process.env.BENCH_GRIDS_WORKERS ?? 2);
  const WARMUP_S = 5;
  const DATA_DIR = join(ROOT, '.data', 'bench-grids-pg');
  const log = (message) => console.log(`› ${message}`);

  const { databaseUrl, db, env } = await startBenchDatabase({ dataDir: DATA_DIR, applicationName: 'bench-grids', env: { LOG_LEVEL: 'fatal' }, log });

  const { base, child: api } = await startBenchApi(env);
  const port = Number(new URL(base).port);

  const { rows: events } = await db.query(
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
     VALUES ('sports', 'Grids bench final', 'Bench', now() + interval '30 days', true, 500, 'Approved') RETURNING id`,
  );
  const eventId = events[0].id;
  const { rows: sections } = await db.query('SELECT id, capacity FROM sections WHERE event_id IS NULL ORDER BY id');
  const { rows: users } = await db.query('SELECT id FROM users ORDER BY id LIMIT 1');
  const userId = users[0].id;
  // A third of every section already sold: the answers have a realistic size.
  await db.query(
    `WITH o AS (
       INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, payment_reference, paid_at)
       SELECT $1, $2, s.id, 'paid', 1, 500, now(), now() + interval '10 minutes', 'gcash', 'full', 'bench-' || s.id || '-' || g, now()
       FROM sections s, generate_series(1, 1000) g WHERE s.event_id IS NULL AND g % 3 = 0 AND g <= s.capacity
       RETURNING id, section_id, payment_reference
     )
     INSERT INTO order_seats (order_id, event_id, section_id, seat_number)
     SELECT o.id, $2, o.section_id, split_part(o.payment_reference, '-', 3)::int FROM o`,
    [userId, eventId],
  );
  const { rows: sold } = await db.query('SELECT section_id, array_agg(seat_number) AS seats FROM order_seats WHERE event_id = $1 GROUP BY 1', [eventId]);
  const taken = new Map(sold.map((r) => [r.section_id, new Set(r.seats)]));

  const stat = async () => (await db.query('SELECT xact_commit::float8 AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0].n;
  // Availability before the load: a kept answer, one call at a time over keep-alive.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path) =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        })
        .on('error', reject);
    });
  // Measured warm, as a process serving a sale is: right after start the same call costs three times
  // as much while V8 compiles and optimises the path (0.40 ms of API CPU over the first 2,000 calls,
  // 0.28 ms over the next 2,000, 0.12 ms after that, measured here).
  const AVAIL_WARMUP = 10_000;
  const AVAIL_CALLS = 20_000;
  for (let i = 0; i < AVAIL_WARMUP; i += 1) await get(`/api/events/${eventId}/availability`);
  const availBefore = { api: cpuMs([api.pid], false), commits: await stat() };
  const t0 = performance.now();
  for (let i = 0; i < AVAIL_CALLS; i += 1) await get(`/api/events/${eventId}/availability`);
  const availWall = (performance.now() - t0) / AVAIL_CALLS;
  const availTx = (await stat()) - availBefore.commits - 1;
  const availCpu = (cpuMs([api.pid], false) - availBefore.api) / AVAIL_CALLS;
  agent.destroy();

  // ------------------------------------------------------------------ the writer (another process)
  const writer = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-grids-writer' });
  await writer.connect();
  writer.on('error', () => undefined);
  stops.push(() => writer.end());
  let writerTx = 0;
  // What the API process that made a change does once it committed (booking/live-seats.ts announce);
  // BENCH_GRIDS_ANNOUNCE=0 leaves the grids' processes to the age limit of their kept answers.
  const ANNOUNCE = process.env.BENCH_GRIDS_ANNOUNCE !== '0';
  const announce = async (section) => {
    if (!ANNOUNCE) return;
    await writer.query(`SELECT pg_notify('seat_changes', 'public bench-writer ' || $1::int || ' ' || $2::int)`, [eventId, section]);
    writerTx += 1;
  };
  const changes = [];
  const held = [];
  let writing = true;
  const book = async () => {
    const section = sections[Math.floor(Math.random() * sections.length)];
    const used = taken.get(section.id) ?? new Set();
    let seat = 0;
    for (let i = 0; i < 20 && (seat === 0 || used.has(seat)); i += 1) seat = 1 + Math.floor(Math.random() * section.capacity);
    if (used.has(seat)) return;
    used.add(seat);
    taken.set(section.id, used);
    // Until the commit is known here, a grid may rightly show either state of this seat.
    broadcast({ pending: { section: section.id, seat } });
    await writer.query(
      `WITH o AS (
         INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at)
         VALUES ($1, $2, $3, 'held', 1, 500, now(), now() + interval '10 minutes') RETURNING id
       ) INSERT INTO order_seats (order_id, event_id, section_id, seat_number) SELECT id, $2, $3, $4 FROM o`,
      [userId, eventId, section.id, seat],
    );
    writerTx += 1;
    const at = performance.timeOrigin + performance.now();
    await announce(section.id);
    changes.push({ section: section.id, seat, booked: true, at });
    held.push({ section: section.id, seat, at });
    broadcast({ change: { section: section.id, seat, booked: true, at } });
  };
  const release = async () => {
    const h = held.shift();
    if (!h) return;
    broadcast({ pending: { section: h.section, seat: h.seat } });
    await writer.query(
      `WITH o AS (
         UPDATE orders o SET status = 'expired' FROM order_seats s
         WHERE s.order_id = o.id AND s.event_id = $1 AND s.section_id = $2 AND s.seat_number = $3 AND s.live RETURNING o.id
       ) UPDATE order_seats s SET live = false FROM o WHERE s.order_id = o.id`,
      [eventId, h.section, h.seat],
    );
    writerTx += 1;
    taken.get(h.section)?.delete(h.seat);
    const at = performance.timeOrigin + performance.now();
    await announce(h.section);
    changes.push({ section: h.section, seat: h.seat, booked: false, at });
    broadcast({ change: { section: h.section, seat: h.seat, booked: false, at } });
  };
  const writerLoop = async () => {
    const gap = 1000 / WRITES;
    let next = performance.now();
    while (writing) {
      next += gap;
      await book();
      // Each hold is released about 2 s after it was made.
      if (held.length > 0 && performance.timeOrigin + performance.now() - held[0].at > 2_000) await release();
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };

  // ------------------------------------------------------------------------------ the load workers
  const workers = [];
  const broadcast = (message) => {
    for (const w of workers) w.postMessage(message);
  };
  const startAt = performance.timeOrigin + performance.now() + 1_000;
  const measureFrom = startAt + WARMUP_S * 1000;
  const endAt = measureFrom + SECONDS * 1000;
  const results = [];
  const finished = [];
  for (let w = 0; w < WORKERS; w += 1) {
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { port, eventId, sections: sections.map((s) => s.id), grids: Math.ceil(GRIDS / WORKERS), seed: w, startAt, measureFrom, endAt, sockets: 64 },
    });
    workers.push(worker);
    finished.push(
      new Promise((resolve, reject) => {
        worker.on('message', (m) => {
          if (m.result) {
            results.push(m.result);
            resolve();
          }
        });
        worker.on('error', reject);
      }),
    );
  }
  stops.push(() => Promise.all(workers.map((w) => w.terminate())));

  log(
    `${GRIDS} grids polling every ${PERIOD_MS / 1000} s (${Math.round(GRIDS / (PERIOD_MS / 1000))} polls/s) from ${WORKERS} worker threads; writer: ${WRITES} bookings/s, each released ~2 s later, ${ANNOUNCE ? 'announced (NOTIFY) like an API process' : 'not announced'}`,
  );
  const postgres = postmasterPid(DATA_DIR);
  void writerLoop();
  await new Promise((resolve) => setTimeout(resolve, measureFrom - (performance.timeOrigin + performance.now())));
  const before = { commits: await stat(), writer: writerTx, api: cpuMs([api.pid], false), pg: postgres ? cpuMs([postgres], true) : 0, self: process.cpuUsage() };
  await new Promise((resolve) => setTimeout(resolve, endAt - (performance.timeOrigin + performance.now())));
  const after = { commits: await stat(), writer: writerTx, api: cpuMs([api.pid], false), pg: postgres ? cpuMs([postgres], true) : 0, self: process.cpuUsage(before.self) };
  writing = false;
  await Promise.all(finished);

  // ------------------------------------------------------------------------------------ figures
  const seconds = SECONDS;
  const lat = results.flatMap((r) => r.latencies);
  lat.sort((x, y) => x - y);
  const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0;
  const sum = (k) => results.reduce((acc, r) => acc + r[k], 0);
  const polls = sum('polls');
  const n304 = sum('notModified');
  const errors = sum('errors');
  const late = sum('late');
  // Each statement of the bench's own (two stat reads) and of the writer commits once.
  const gridTx = after.commits - before.commits - (after.writer - before.writer) - 2;
  // Changes of the measured time whose polls all came back (a second before its end at the latest).
  const measured = new Set(changes.filter((c) => c.at >= measureFrom && c.at < endAt - 1_000).map((c) => `${c.section}:${c.seat}:${c.at}`));
  const firstSeen = new Map();
  for (const r of results) for (const [key, ms] of r.firstSeen) if (measured.has(key)) firstSeen.set(key, Math.min(firstSeen.get(key) ?? Infinity, ms));
  const seen = [...firstSeen.values()].sort((x, y) => x - y);
  const staleMax = Math.max(0, ...results.map((r) => r.staleMax));
  const staleCount = sum('staleCount');
  const measuredChanges = measured.size;
  // process.cpuUsage counts every thread of this process: the workers, the writer and the rest.
  const genCpu = (after.self.user + after.self.system) / 1000;

  const f = (v) => v.toFixed(1);
  console.log(`\nbench:grids — ${GRIDS} open grids, one API process, ${SECONDS} s measured`);
  console.log(`  answers: ${f(sum('answers') / seconds)}/s; polls due in the measured time: ${polls} answered (${f(polls / seconds)}/s, due ${f(GRIDS / (PERIOD_MS / 1000))}/s), 304: ${f((100 * n304) / Math.max(1, polls))}%, errors: ${errors}, polls sent > 1 s late: ${late}`);
  console.log(`  latency from when due: p50 ${f(q(0.5))} ms, p99 ${f(q(0.99))} ms, max ${f(q(1))} ms`);
  console.log(`  database transactions caused by the polls: ${f(gridTx / seconds)}/s (writer ${f((after.writer - before.writer) / seconds)}/s)`);
  console.log(
    `  staleness: ${seen.length}/${measuredChanges} changes seen by a grid; from commit to first shown p50 ${f(seen[Math.floor(seen.length / 2)] ?? 0)} ms, max ${f(seen.at(-1) ?? 0)} ms; ` +
      `polls sent after a commit that did not show it: ${staleCount}, worst ${f(staleMax)} ms after the commit`,
  );
  console.log(`  CPU per second: API ${f((after.api - before.api) / seconds)} ms, PostgreSQL ${f((after.pg - before.pg) / seconds)} ms, load generator ${f(genCpu / seconds)} ms (of 1000 per core)`);
  console.log(`  availability (kept, one call at a time over HTTP, after ${AVAIL_WARMUP} calls to warm up): ${f(availWall * 1000)} µs wall, API CPU ${f(availCpu * 1000)} µs per call, ${availTx} database transactions in ${AVAIL_CALLS} calls`);
}

// ------------------------------------------------------------------------------------ the worker
async function runWorker({ port, eventId, sections, grids, seed, startAt, measureFrom, endAt, sockets }) {
  let rnd = 0x9e3779b9 ^ (seed * 7919 + 17);
  const random = () => {
    rnd ^= rnd << 13;
    rnd ^= rnd >>> 17;
    rnd ^= rnd << 5;
    return (rnd >>> 0) / 4294967296;
  };
  // In the order they are due: each one's next poll is a period later, so the order stays.
  const grid = Array.from({ length: grids }, (_, i) => ({ section: sections[i % sections.length], etag: null, seats: null, due: startAt + random() * PERIOD_MS })).sort(
    (x, y) => x.due - y.due,
  );
  // Per section: the last change of each seat (from the writer), to judge staleness.
  const lastChange = new Map(sections.map((s) => [s, new Map()]));
  const firstSeen = new Map();
  let staleMax = 0;
  let staleCount = 0;
  let staleReports = 0;
  parentPort.on('message', (m) => {
    if (m.change) lastChange.get(m.change.section)?.set(m.change.seat, m.change);
    if (m.pending) lastChange.get(m.pending.section)?.set(m.pending.seat, { pending: true, at: Infinity });
  });
  const latencies = [];
  let polls = 0;
  let answers = 0;
  let notModified = 0;
  let errors = 0;
  let late = 0;
  const now = () => performance.timeOrigin + performance.now();

  const judge = (g, sentAt, doneAt) => {
    const seats = g.seats;
    if (!seats) return;
    for (const [seat, c] of lastChange.get(g.section)) {
      if (c.at >= sentAt) continue;
      const shows = seats.has(seat) === c.booked;
      const key = `${g.section}:${seat}:${c.at}`;
      if (shows) {
        if (!firstSeen.has(key) && c.at >= measureFrom) firstSeen.set(key, doneAt - c.at);
      } else if (sentAt - c.at > 0) {
        staleCount += 1;
        staleMax = Math.max(staleMax, doneAt - c.at);
        if (doneAt - c.at > 5_000 && staleReports < 3) {
          staleReports += 1;
          console.error(`stale > 5 s: section ${g.section} seat ${seat} ${c.booked ? 'booked' : 'released'} ${Math.round(doneAt - c.at)} ms ago; grid has ${g.etag}, ${g.seats.size} seats, shows ${g.seats.has(seat)}`);
        }
      }
    }
  };

  // A lean HTTP/1.1 client: `sockets` keep-alive connections, one request in flight on each, the
  // polls waiting in one queue (node:http's client costs several times the server's work per call).
  const queue = [];
  let queued = 0;
  const answered = (g, due, sentAt, status, etag, body) => {
    const doneAt = now();
    if (doneAt >= measureFrom && doneAt < endAt) answers += 1;
    const measured = due >= measureFrom && due < endAt;
    if (measured) {
      polls += 1;
      latencies.push(doneAt - due);
    }
    if (status === 304) {
      if (measured) notModified += 1;
    } else if (status === 200) {
      g.etag = etag;
      g.seats = new Set(JSON.parse(body).bookedSeats);
    } else if (measured) {
      errors += 1;
      if (errors <= 3) console.error(`poll of section ${g.section} answered ${status}: ${body.slice(0, 200)}`);
    }
    judge(g, sentAt, doneAt);
  };
  const HEAD_END = '\r\n\r\n';
  const connect = () => {
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    socket.setEncoding('latin1');
    let buffer = '';
    let current = null;
    const next = () => {
      current = null;
      if (queued === 0) return;
      const { g, due } = queue[queue.length - queued];
      queued -= 1;
      if (queued === 0) queue.length = 0;
      const sentAt = now();
      if (sentAt - due > 1_000 && due >= measureFrom) late += 1;
      current = { g, due, sentAt };
      socket.write(
        `GET /backend/api/get-booked-seats.php?event_id=${eventId}&section_id=${g.section} HTTP/1.1\r\nHost: 127.0.0.1\r\n${g.etag ? `If-None-Match: ${g.etag}\r\n` : ''}\r\n`,
      );
    };
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        const headEnd = buffer.indexOf(HEAD_END);
        if (headEnd < 0 || !current) return;
        const head = buffer.slice(0, headEnd);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < headEnd + 4 + length) return;
        const body = buffer.slice(headEnd + 4, headEnd + 4 + length);
        buffer = buffer.slice(headEnd + 4 + length);
        const status = Number(head.slice(9, 12));
        const etag = /\r\netag: *("[^"]*")/i.exec(head)?.[1] ?? null;
        const { g, due, sentAt } = current;
        answered(g, due, sentAt, status, etag, body);
        next();
      }
    });
    socket.on('error', (err) => {
      console.error(`poll connection failed: ${err.message}`);
      if (current && current.due >= measureFrom && current.due < endAt) errors += 1;
      current = null;
    });
    return { socket, idle: () => current === null && !socket.destroyed, kick: next };
  };
  const connections = Array.from({ length: sockets }, connect);
  const pollOnce = (g) => {
    queue.push({ g, due: g.due });
    queued += 1;
  };
  const dispatch = () => {
    for (const c of connections) {
      if (queued === 0) return;
      if (c.idle()) c.kick();
    }
  };

  // The schedule: every grid at its due time, whatever the answers.
  let cursor = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const t = now();
      if (t >= endAt) {
        resolve();
        return;
      }
      for (let g = grid[cursor]; g.due <= t; g = grid[cursor]) {
        pollOnce(g);
        g.due += PERIOD_MS;
        cursor = (cursor + 1) % grid.length;
      }
      dispatch();
      setTimeout(tick, 2);
    };
    setTimeout(tick, Math.max(0, startAt - now()));
  });
  // Answers still on their way.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  for (const c of connections) c.socket.destroy();
  parentPort.postMessage({ result: { latencies, polls, answers, notModified, errors, late, firstSeen: [...firstSeen], staleMax, staleCount } });
}
