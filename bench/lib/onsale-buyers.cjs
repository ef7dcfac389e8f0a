// The on-sale's buyers: N people who arrive at a popular event's sale and do what the booking pages
// do (booking-mfe): the event page (GET /api/events/:id and its reviews), the event's waiting room
// (POST /api/events/:id/line: no line, or wait there, asking again every refreshSeconds the answer
// names, until admitted), the seat map (the sections, GET /api/events/:id/availability), a section's seat grid (GET /api/my/orders, then
// GET /backend/api/get-booked-seats.php, read again every few seconds while the buyer chooses),
// the hold (POST /backend/api/book-seats.php), the payment (POST /api/orders/:id/pay) and the paid
// order (GET /api/orders/:id). A taken seat (409) sends the buyer back to the grid to choose
// again, in another section once this one is full; a buyer stops when the seat map shows no seat
// left (sold out, which is no error), leaving the line (DELETE) if it was admitted so that its
// place goes to the next. A buyer who found no line but is refused its hold because the line came
// on meanwhile (403 without a pass) joins the line then. Every other answer is an error, a 403 to
// an admitted buyer included. The line's place and pass travel in the cookie `line-<eventId>`
// (line-cookie.cjs), sent back with the session cookie.
//
// Used by bench/onsale.mjs (thousands of buyers) and by the end-to-end smoke test
// (e2e/onsale.e2e.ts), hence CommonJS: jest loads it as it is. Node's http client with keep-alive
// agents, one per API process, so the load generator stays cheap next to what it measures.
const http = require('node:http');
const { cookieFromAnswer, pathMatches } = require('./line-cookie.cjs');
const { seededRandom } = require('./seeded-random.cjs');

const PAYMENT_METHODS = ['gcash', 'paymaya', 'bdo', 'visa'];
/**
 * A failed call is tried again as the page and its user do (packages/api-client query-client.ts):
 * a read twice more, after 1 s and then 2 s, when the server was overloaded or failing (5xx, 429)
 * or never answered; a write is never retried by the page, but the person clicks again (Retry on
 * the checkout, Pay again with the same key) after the Retry-After the answer asked for, twice too.
 * Every such answer still counts as an error.
 */
const RETRIES = 2;
const retryable = (status) => status === 0 || status === 429 || status >= 500;
/** Steps timed, in the order a buyer meets them; `join` is a wait's first line call, `poll` every next one. */
const STEPS = ['event', 'reviews', 'join', 'poll', 'sections', 'availability', 'myOrders', 'grid', 'hold', 'pay', 'order', 'leave'];
/** A waiting buyer whose position has not gone down for longer than this is stuck in line. */
const STUCK_MS = 30_000;
/** The line's figures are sampled this often (figures.line.series). */
const SERIES_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A failed step: an answer the buyer's page does not expect, or no answer. */
class StepError extends Error {
  constructor(step, status, detail) {
    super(`${step}: ${status === 0 ? 'no answer' : `HTTP ${status}`} ${detail}`.trim());
    this.step = step;
    this.status = status;
  }
}

/**
 * JSON over one keep-alive agent per API base URL. A request sent on a kept-alive connection that
 * the server closed meanwhile (its idle timeout) fails before any answer: it is sent again at once
 * on a fresh connection, as browsers do, and counted in `staleConnections`.
 */
function createClient(base) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });
  const client = { request: null, staleConnections: 0, close: () => agent.destroy() };
  const request = (method, path, { cookie, body, headers = {} } = {}, resent = false) =>
    new Promise((resolve) => {
      const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const started = performance.now();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          // Sent again: on a connection of its own (the agent's other idle ones may be closed too).
          agent: resent ? false : agent,
          headers: { Accept: 'application/json', ...(data ? { 'Content-Type': 'application/json', 'Content-Length': data.length } : {}), ...(cookie ? { Cookie: cookie } : {}), ...headers },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const ms = performance.now() - started;
            const text = Buffer.concat(chunks).toString('utf8');
            let json = null;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              json = { raw: text.slice(0, 200) };
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, json, ms });
          });
          res.on('error', (err) => resolve({ status: 0, headers: {}, json: { error: String(err.message) }, ms: performance.now() - started }));
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', (err) => {
        if (req.reusedSocket && !resent && ['ECONNRESET', 'EPIPE'].includes(err.code)) {
          client.staleConnections += 1;
          resolve(request(method, path, { cookie, body, headers }, true));
          return;
        }
        resolve({ status: 0, headers: {}, json: { error: String(err.message) }, ms: performance.now() - started });
      });
      if (data) req.write(data);
      req.end();
    });
  client.request = request;
  return client;
}

/**
 * Runs the sale. Options:
 *   bases       API base URLs (buyer i uses bases[i % bases.length])
 *   eventId     the event on sale
 *   cookies     one session cookie ("session=...") per buyer: N = cookies.length
 *   arrivalMs   buyers arrive at seeded random moments in [0, arrivalMs)
 *   chooseMs    [min, max]: how long a buyer looks at the grid before holding seats
 *   rethinkMs   [min, max]: how long it chooses again after a seat was taken
 *   refreshMs   the grid's refresh while choosing (the page's 4 s)
 *   seats       seats a buyer wants (fewer only when no section has that many left)
 *   seed        of the random choices
 *   timeoutMs   the whole run: past it, the promise rejects (loudly) with what is still running
 *   maxVisits   grid visits per buyer before it gives up (an error)
 *   log         optional progress line sink, called every 10 s
 */
async function runBuyers(options) {
  const {
    bases,
    eventId,
    cookies,
    arrivalMs = 60_000,
    chooseMs = [2_000, 8_000],
    rethinkMs = [500, 1_500],
    refreshMs = 4_000,
    seats: wanted = 2,
    seed = 20261127,
    timeoutMs = 10 * 60_000,
    maxVisits = 60,
    log,
  } = options;
  const n = cookies.length;
  const linePath = `/api/events/${eventId}/line`;
  const lineCookieName = `line-${eventId}`;
  const clients = bases.map(createClient);
  const random = seededRandom(seed);
  const between = ([lo, hi]) => lo + random() * (hi - lo);
  const arrivals = Array.from({ length: n }, () => random() * arrivalMs);

  const steps = Object.fromEntries(STEPS.map((s) => [s, []]));
  const line = {
    /** Buyers told to wait at least once. */
    waited: 0,
    /** Buyers admitted (a pass), and when the last one was. */
    admitted: 0,
    lastAdmittedAt: 0,
    /** Answers saying the event has no line. */
    open: 0,
    /** Buyers in line now (their last answer said waiting). */
    waitingNow: 0,
    /** Line calls (the join and every poll), and when the first and last were sent. */
    polls: 0,
    firstPollAt: 0,
    lastPollAt: 0,
    /** Per admitted buyer: ms from its first line call to the answer that admitted it. */
    timesInLine: [],
    /** Buyers who waited more than STUCK_MS without their position ever going below the first one. */
    stuck: 0,
    /** Buyers whose position went up from one answer to the next. */
    rose: 0,
    /** Buyers who found no line, were refused their hold without a pass (403), and joined the line then. */
    sentBack: 0,
    /** Admitted buyers who left the line (sold out, or they failed). */
    left: 0,
    /** Buyers the line told that every seat is sold. */
    toldSoldOut: 0,
    /** Every SERIES_MS: seconds since the start, buyers in line, admitted so far, line calls in that span. */
    series: [],
  };
  const figures = {
    buyers: n,
    bought: 0,
    soldOut: 0,
    failed: 0,
    seatsBought: 0,
    conflicts: 0,
    gridFull: 0,
    gridAnswers: { 200: 0, 304: 0 },
    /** Every answer that was not an expected one (retried or not). */
    errors: [],
    retries: 0,
    /** Why each buyer who gave up did. */
    failures: [],
    orders: [],
    steps,
    /** The calls of admitted buyers after their admission, per step. */
    admittedSteps: Object.fromEntries(STEPS.map((s) => [s, []])),
    line,
    /** Requests sent again at once because the server had closed their kept-alive connection. */
    staleConnections: 0,
    startedAt: 0,
    firstArrivalAt: 0,
    lastHoldAt: 0,
    lastPaidAt: 0,
    finishedAt: 0,
  };
  let running = 0;

  async function buyer(i) {
    const { request } = clients[i % clients.length];
    const session = cookies[i];
    // The line cookie ({ pair, path }) once the API set it, and whether this buyer holds a pass.
    let lineCookie = null;
    let admitted = false;
    const cookieFor = (path) => (lineCookie && pathMatches(lineCookie.path, path) ? `${session}; ${lineCookie.pair}` : session);
    const call = async (step, method, path, { expect = [200], retryOn = retryable, ...rest } = {}) => {
      for (let failures = 0; ; failures += 1) {
        const answer = await request(method, path, { cookie: cookieFor(path), ...rest });
        const set = cookieFromAnswer(answer.headers['set-cookie'], lineCookieName, path);
        if (set !== undefined) lineCookie = set;
        steps[step].push(answer.ms);
        if (admitted) figures.admittedSteps[step].push(answer.ms);
        if (expect.includes(answer.status)) return answer;
        const error = new StepError(step, answer.status, JSON.stringify(answer.json ?? '').slice(0, 300));
        figures.errors.push({ buyer: i, step, status: answer.status, message: error.message });
        error.recorded = true;
        if (failures >= RETRIES || !retryOn(answer.status)) throw error;
        figures.retries += 1;
        await sleep(method === 'GET' ? 1000 * 2 ** failures : 1000 * (Number(answer.headers['retry-after']) || 1));
      }
    };

    // The line: joined (or the place kept) and asked again every refreshSeconds until the answer
    // says there is no line, admits the buyer, or says every seat is sold: 'open', 'admitted' or 'soldout'.
    const waitInLine = async () => {
      const since = performance.now();
      let waitingSince = 0;
      let lastWaitingAt = 0;
      let first = 0;
      let lowest = Infinity;
      let previous = Infinity;
      let rose = false;
      try {
        for (let calls = 0; ; calls += 1) {
          line.polls += 1;
          line.firstPollAt ||= Date.now();
          line.lastPollAt = Date.now();
          const step = calls === 0 ? 'join' : 'poll';
          const { json } = await call(step, 'POST', linePath, { body: {} });
          const status = json?.line;
          if (status?.state === 'open') {
            line.open += 1;
            return 'open';
          }
          if (status?.state === 'admitted') {
            admitted = true;
            line.admitted += 1;
            line.lastAdmittedAt = Date.now();
            line.timesInLine.push(performance.now() - since);
            return 'admitted';
          }
          if (status?.state === 'soldout') {
            line.toldSoldOut += 1;
            return 'soldout';
          }
          const { position, refreshSeconds } = status ?? {};
          if (status?.state !== 'waiting' || !Number.isInteger(position) || position < 1 || !Number.isInteger(refreshSeconds) || refreshSeconds < 1) {
            throw new StepError(step, 200, `not an answer to someone in line: ${JSON.stringify(json).slice(0, 300)}`);
          }
          const now = performance.now();
          if (!waitingSince) {
            waitingSince = now;
            first = position;
            line.waited += 1;
            line.waitingNow += 1;
          }
          lastWaitingAt = now;
          if (position > previous) rose = true;
          previous = position;
          lowest = Math.min(lowest, position);
          await sleep(refreshSeconds * 1000);
        }
      } finally {
        if (waitingSince) {
          line.waitingNow -= 1;
          if (lastWaitingAt - waitingSince > STUCK_MS && lowest >= first) line.stuck += 1;
          if (rose) line.rose += 1;
        }
      }
    };
    // An admitted buyer who will not buy gives its place to the next.
    const leave = async () => {
      await call('leave', 'DELETE', linePath, { body: {} });
      admitted = false;
      line.left += 1;
    };

    // The event page, the line, then the seat map (its event detail is the one the event page read).
    await call('event', 'GET', `/api/events/${eventId}`);
    await call('reviews', 'GET', `/api/events/${eventId}/reviews`);
    if ((await waitInLine()) === 'soldout') return 'sold-out';
    try {
      await call('sections', 'GET', `/api/sections?event_id=${eventId}`);

      // The seat grid of one section: what it shows (booked seats, with the answer's ETag).
      const grids = new Map();
      const readGrid = async (sectionId) => {
        const known = grids.get(sectionId);
        const headers = known?.etag ? { 'If-None-Match': known.etag } : {};
        const answer = await call('grid', 'GET', `/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=${sectionId}`, { expect: known?.etag ? [200, 304] : [200], headers });
        figures.gridAnswers[answer.status] += 1;
        if (answer.status === 200) {
          if (!Array.isArray(answer.json?.bookedSeats)) throw new StepError('grid', 200, `no bookedSeats: ${JSON.stringify(answer.json).slice(0, 200)}`);
          grids.set(sectionId, { booked: new Set(answer.json.bookedSeats), etag: typeof answer.headers.etag === 'string' ? answer.headers.etag : null, readAt: performance.now() });
        } else {
          grids.set(sectionId, { ...known, readAt: performance.now() });
        }
        return grids.get(sectionId);
      };
      // Looking at the grid for `ms`, which the page reads again every refreshMs meanwhile.
      const choose = async (sectionId, ms) => {
        const until = performance.now() + ms;
        for (;;) {
          const next = grids.get(sectionId).readAt + refreshMs;
          if (next >= until) break;
          await sleep(next - performance.now());
          await readGrid(sectionId);
        }
        await sleep(until - performance.now());
      };
      // `count` free seats of the grid, side by side when it can: a random free seat and its neighbours.
      const pick = (grid, capacity, count) => {
        const free = [];
        for (let s = 1; s <= capacity; s += 1) if (!grid.booked.has(s)) free.push(s);
        if (free.length < count) return null;
        const first = free[Math.floor(random() * free.length)];
        const chosen = [first];
        for (let d = 1; chosen.length < count && d < capacity; d += 1) {
          if (first + d <= capacity && !grid.booked.has(first + d)) chosen.push(first + d);
          if (chosen.length < count && first - d >= 1 && !grid.booked.has(first - d)) chosen.push(first - d);
        }
        return chosen.sort((a, b) => a - b);
      };

      let held = null;
      let visits = 0;
      let sentBack = false;
      while (!held) {
        const { json } = await call('availability', 'GET', `/api/events/${eventId}/availability`);
        const open = json.sections.filter((s) => s.available > 0);
        if (open.length === 0) {
          if (admitted) await leave();
          return 'sold-out';
        }
        const most = Math.max(...open.map((s) => s.available));
        const count = Math.min(wanted, most);
        // A section with enough seats, likelier where more are free.
        const candidates = open.filter((s) => s.available >= count);
        let r = random() * candidates.reduce((sum, s) => sum + s.available, 0);
        const section = candidates.find((s) => (r -= s.available) < 0) ?? candidates[candidates.length - 1];

        let first = true;
        while (!held) {
          visits += 1;
          if (visits > maxVisits) throw new StepError('hold', 409, `still no seats after ${maxVisits} grid visits`);
          // The section's page: the buyer's own hold (useBuyerHold), then the grid.
          await call('myOrders', 'GET', '/api/my/orders');
          await readGrid(section.sectionId);
          await choose(section.sectionId, between(first ? chooseMs : rethinkMs));
          first = false;
          const chosen = pick(grids.get(section.sectionId), section.capacity, count);
          if (!chosen) {
            figures.gridFull += 1;
            break;
          }
          // Without a pass, a 403 says the line came on since the buyer found none: once, it joins the line.
          const expect = admitted || sentBack ? [200, 409] : [200, 403, 409];
          const answer = await call('hold', 'POST', '/backend/api/book-seats.php', { expect, body: { event_id: eventId, section_id: section.sectionId, seat_numbers: chosen } });
          if (answer.status === 403) {
            sentBack = true;
            line.sentBack += 1;
            if ((await waitInLine()) === 'soldout') return 'sold-out';
            continue;
          }
          if (answer.status === 200) {
            held = answer.json.order;
            figures.lastHoldAt = Math.max(figures.lastHoldAt, Date.now());
            break;
          }
          const taken = answer.json?.alreadyBooked;
          if (!Array.isArray(taken) || taken.length === 0) throw new StepError('hold', 409, `a refusal that names no taken seat: ${JSON.stringify(answer.json).slice(0, 300)}`);
          figures.conflicts += 1;
          for (const s of taken) grids.get(section.sectionId).booked.add(s);
        }
      }

      const method = PAYMENT_METHODS[Math.floor(random() * PAYMENT_METHODS.length)];
      const paid = await call('pay', 'POST', `/api/orders/${held.orderId}/pay`, {
        body: { paymentMethod: method, paymentType: 'full' },
        headers: { 'Idempotency-Key': `onsale-${seed}-${i}-${held.orderId}` },
        // Paying again with the same key after a failure may find that payment still in progress (409, Retry-After).
        retryOn: (status) => retryable(status) || status === 409,
      });
      if (paid.json?.order?.status !== 'paid') throw new StepError('pay', 200, `order not paid: ${JSON.stringify(paid.json).slice(0, 300)}`);
      figures.lastPaidAt = Math.max(figures.lastPaidAt, Date.now());
      const { json: read } = await call('order', 'GET', `/api/orders/${held.orderId}`);
      if (read.order?.tickets?.length !== held.seats.length) throw new StepError('order', 200, `${held.seats.length} seats but tickets ${JSON.stringify(read.order?.tickets?.length)}`);
      figures.seatsBought += held.seats.length;
      figures.orders.push(held.orderId);
      return 'bought';
    } catch (err) {
      // Its place would otherwise stay taken until the pass ends; the failure is already counted.
      if (admitted) {
        await request('DELETE', linePath, { cookie: cookieFor(linePath), body: {} });
        line.left += 1;
      }
      throw err;
    }
  }

  figures.startedAt = Date.now();
  figures.firstArrivalAt = figures.startedAt + Math.min(...arrivals);
  const inLine = () => (line.waited ? `, ${line.waitingNow} in line, ${line.admitted} admitted` : '');
  const progress = log
    ? setInterval(() => log(`+${((Date.now() - figures.startedAt) / 1000).toFixed(0)} s: ${figures.bought} bought, ${figures.soldOut} saw sold out, ${figures.failed} failed, ${running} running${inLine()}, ${figures.conflicts} seat conflicts`), 10_000)
    : null;
  let polled = 0;
  const sampling = setInterval(() => {
    line.series.push({ at: (Date.now() - figures.startedAt) / 1000, waiting: line.waitingNow, admitted: line.admitted, polls: line.polls - polled });
    polled = line.polls;
  }, SERIES_MS);
  const all = Promise.all(
    arrivals.map(async (at, i) => {
      await sleep(at);
      running += 1;
      try {
        const outcome = await buyer(i);
        if (outcome === 'bought') figures.bought += 1;
        else figures.soldOut += 1;
      } catch (err) {
        figures.failed += 1;
        // An answer of the wrong shape is an error too (an unexpected status was counted when it came).
        if (!err.recorded) figures.errors.push({ buyer: i, step: err.step ?? 'buyer', status: err.status ?? 0, message: String(err.message ?? err) });
        figures.failures.push({ buyer: i, step: err.step ?? 'buyer', status: err.status ?? 0, message: String(err.message ?? err) });
      } finally {
        running -= 1;
      }
    }),
  );
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the on-sale did not finish within ${timeoutMs / 1000} s: ${running} buyers still running, ${figures.bought} bought, ${figures.soldOut} saw sold out, ${figures.failed} failed`)), timeoutMs);
  });
  try {
    await Promise.race([all, timeout]);
  } finally {
    clearTimeout(timer);
    if (progress) clearInterval(progress);
    clearInterval(sampling);
    for (const c of clients) c.close();
  }
  figures.finishedAt = Date.now();
  figures.staleConnections = clients.reduce((sum, c) => sum + c.staleConnections, 0);
  return figures;
}

/** The q-quantile (0..1) of `values` (nearest rank); NaN for none. */
function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * What the database says about the sale of `eventId`: seats of live orders held or sold twice,
 * paid orders and their seats, holds still unpaid, the last payment, and the ticket mails kept
 * by the development mail transport (mail_outbox: one per paid order, its subject naming the order).
 * `query(sql, params)` resolves with the rows.
 */
async function saleInDatabase(query, eventId) {
  const [doubles] = await query(
    `SELECT count(*)::int AS seats FROM (
       SELECT s.section_id, s.seat_number FROM order_seats s JOIN orders o ON o.id = s.order_id
       WHERE s.event_id = $1 AND o.status IN ('held', 'paid') GROUP BY s.section_id, s.seat_number HAVING count(*) > 1) twice`,
    [eventId],
  );
  const [orders] = await query(
    `SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid, coalesce(sum(seat_count) FILTER (WHERE status = 'paid'), 0)::int AS "paidSeats",
            count(*) FILTER (WHERE status = 'held')::int AS held, max(paid_at) AS "lastPaidAt"
     FROM orders WHERE event_id = $1`,
    [eventId],
  );
  const [mails] = await query(
    `SELECT count(DISTINCT o.id)::int AS sent, count(*)::int AS mails, max(m.created_at) AS "lastSentAt"
     FROM mail_outbox m JOIN orders o ON o.id = substring(m.subject FROM '\\(order TXN-(\\d+)\\)$')::int
     WHERE m.subject LIKE 'Your tickets for %' AND o.event_id = $1 AND o.status = 'paid'`,
    [eventId],
  );
  return {
    seatsSoldTwice: doubles.seats,
    paidOrders: orders.paid,
    paidSeats: orders.paidSeats,
    unpaidHolds: orders.held,
    lastPaidAt: orders.lastPaidAt ? new Date(orders.lastPaidAt) : null,
    ticketMails: mails.mails,
    ordersMailed: mails.sent,
    lastMailAt: mails.lastSentAt ? new Date(mails.lastSentAt) : null,
  };
}

/**
 * What the database says about `eventId`'s line (waiting_line): the places kept (a place is
 * deleted when its holder leaves), how many were admitted, and how many were admitted before a
 * place that came earlier (by place number, which is the order of arrival; must be none).
 */
async function lineInDatabase(query, eventId) {
  const [line] = await query(
    `SELECT count(*)::int AS places, count(admitted_at)::int AS admitted, count(*) FILTER (WHERE admitted_at < earlier)::int AS "outOfOrder"
     FROM (SELECT admitted_at, max(admitted_at) OVER (ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier
           FROM waiting_line WHERE event_id = $1) l`,
    [eventId],
  );
  return line;
}

/** saleInDatabase once every paid order's ticket mail is kept, or when `timeoutMs` is up (then `drained` is false). */
async function waitForTicketMails(query, eventId, timeoutMs, pollMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sale = await saleInDatabase(query, eventId);
    if (sale.ordersMailed >= sale.paidOrders) return { ...sale, drained: true };
    if (Date.now() > deadline) return { ...sale, drained: false };
    await sleep(pollMs);
  }
}

module.exports = { runBuyers, saleInDatabase, lineInDatabase, waitForTicketMails, quantile, STEPS };
