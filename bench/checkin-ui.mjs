// `npm run bench:checkin`: check-in at the gate as an organizer sees it. Starts the built stack on a
// fresh database (like bench/bundle.mjs), sells 20 tickets of a demo event to the demo visitor
// through the API, then in Chromium the demo organizer opens Scan on the Attendee List and enters
// each ticket's code followed by Enter, as a USB scanner does. For each scan it prints the time
// from the Enter key to the answer's headline on screen (measured inside the page), then the
// median, min and max.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';

ensureInstalled();
const { buildAll } = await import('../scripts/lib/build.mjs');
const { ensureChromium } = await import('../scripts/lib/chromium.mjs');
const { startStack } = await import('../scripts/lib/stack.mjs');
const { chromium } = await import('playwright-core');

const SCANS = 20;
/** A demo event of the demo organizer that the seed leaves mostly unsold. */
const EVENT_ID = 24;
const SECTION_ID = 1;
const PASSWORD = 'demo-pass-2025';

buildAll();
const executablePath = ensureChromium();
const pgDataDir = join(ROOT, '.data', 'bench-checkin-pg');
rmSync(pgDataDir, { recursive: true, force: true });
// One visitor buys all SCANS tickets: the per-account cap (MAX_SEATS_PER_ACCOUNT, 10 by default) is
// raised for this stack, as the bench measures the gate, not the cap.
const stack = await startStack({
  pgDataDir,
  ports: { api: 0, shell: 0, booking: 0, admin: 0, organizer: 0 },
  hostname: '127.0.0.1',
  env: { LOG_LEVEL: 'warn', MAX_SEATS_PER_ACCOUNT: String(SCANS) },
});
const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
});

const api = stack.urls.api;
const ms = (value) => `${value.toFixed(1)} ms`;

/** The demo visitor buys `count` one-seat tickets and pays for each; returns their QR texts. */
async function sellTickets(count) {
  const visitor = await browser.newContext();
  const request = visitor.request;
  const login = await request.post(`${api}/api/login.php`, { data: { email: 'visitor@demo.local', password: PASSWORD } });
  if (!login.ok()) throw new Error(`visitor login failed: ${login.status()} ${await login.text()}`);
  const { user } = await login.json();
  const booked = await (await request.get(`${api}/backend/api/get-booked-seats.php?event_id=${EVENT_ID}&section_id=${SECTION_ID}`)).json();
  const taken = new Set(booked.bookedSeats);
  const free = Array.from({ length: 180 }, (_, i) => i + 1).filter((n) => !taken.has(n));
  const codes = [];
  for (let i = 0; i < count; i += 1) {
    const hold = await request.post(`${api}/backend/api/book-seats.php`, { data: { event_id: EVENT_ID, section_id: SECTION_ID, seat_numbers: [free[i]], user_id: user.user_id } });
    if (!hold.ok()) throw new Error(`booking failed: ${hold.status()} ${await hold.text()}`);
    const { order } = await hold.json();
    const paid = await request.post(`${api}/api/orders/${order.orderId}/pay`, { data: { paymentMethod: 'gcash', paymentType: 'full' }, headers: { 'Idempotency-Key': `bench-checkin-${order.orderId}` } });
    if (!paid.ok()) throw new Error(`payment failed: ${paid.status()} ${await paid.text()}`);
    codes.push((await paid.json()).order.qr);
  }
  await visitor.close();
  return codes;
}

try {
  const codes = await sellTickets(SCANS);
  const context = await browser.newContext({ baseURL: stack.urls.shell, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('organizer@demo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/organizer/dashboard');
  await page.goto(`/organizer/attendee-list?event=${EVENT_ID}`);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const field = page.getByRole('dialog', { name: 'Scan tickets' }).getByRole('textbox', { name: 'Ticket code' });
  await field.waitFor();

  // Inside the page: the moment Enter goes down in the field, and the moment answer n is on screen.
  await page.evaluate(() => {
    const marks = { enter: [], shown: new Map() };
    window.__checkinMarks = marks;
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.target instanceof HTMLInputElement) marks.enter.push(performance.now());
    }, true);
    new MutationObserver(() => {
      for (const answer of document.querySelectorAll('.org-scan__answer[data-scan]')) {
        const n = Number(answer.getAttribute('data-scan'));
        if (!marks.shown.has(n)) marks.shown.set(n, { at: performance.now(), headline: answer.querySelector('.org-scan__headline')?.textContent ?? '' });
      }
    }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-scan'] });
  });

  const results = [];
  for (let i = 0; i < SCANS; i += 1) {
    await field.focus();
    await page.keyboard.insertText(codes[i]);
    await page.keyboard.press('Enter');
    const n = i + 1;
    const mark = await page.waitForFunction((scan) => {
      const marks = window.__checkinMarks;
      const shown = marks.shown.get(scan);
      return shown ? { ms: shown.at - marks.enter[scan - 1], headline: shown.headline } : null;
    }, n);
    const value = await mark.jsonValue();
    results.push(value);
    console.log(`  scan ${String(n).padStart(2)}: ${ms(value.ms).padStart(9)}  ${value.headline}`);
  }
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const median = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
  const checkedIn = results.filter((r) => r.headline === 'Checked in').length;
  console.log(`\nCheck-in, Enter to answer on screen (${SCANS} scans, ${checkedIn} checked in): median ${ms(median)}, min ${ms(times[0])}, max ${ms(times[times.length - 1])}`);
  if (checkedIn !== SCANS) process.exitCode = 1;
  await context.close();
} finally {
  await browser.close();
  await stack.stop();
}
