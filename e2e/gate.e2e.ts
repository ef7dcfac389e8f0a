// The offline gate in Chromium: two browser contexts are two named gates of the demo organizer.
// Both open the gate online (each keeps the event's tickets and the pages), go offline, scan (one
// ticket at both gates), one reloads with no network, both come back online and sync: the
// attendees and the check-in log show the first scan's gate and the conflict with both gates.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { AttendeesResponse, CheckinLogResponse, OrderSummary } from '@sports/contracts';
import { DEMO, DEMO_PASSWORD, logIn, registerParticipant } from './support/accounts';
import { apiUrl, baseUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(240_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An event of the demo organizer, sold while ahead, then moved so its doors are open now. */
async function eventWithTickets(seats: number[]): Promise<{ id: number; name: string; order: OrderSummary }> {
  const name = `Gate e2e ${Date.now()}`;
  const [event] = await queryDb<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, ends_at, has_time, price, status, organizer_user_id)
     SELECT 'sports', $1, 'Offline gate test', now() + interval '30 days', now() + interval '30 days 4 hours', true, 100, 'Approved', id
     FROM users WHERE email = $2 RETURNING id`,
    [name, DEMO.organizer],
  );
  const id = event?.id as number;
  const visitor = await browser.newContext();
  try {
    const request = visitor.request;
    const login = await request.post(`${apiUrl()}/api/login.php`, { data: { email: DEMO.visitor, password: DEMO_PASSWORD } });
    if (!login.ok()) throw new Error(`visitor login failed: ${login.status()}`);
    const { user } = await login.json();
    const hold = await request.post(`${apiUrl()}/backend/api/book-seats.php`, { data: { event_id: id, section_id: 1, seat_numbers: seats, user_id: user.user_id } });
    if (!hold.ok()) throw new Error(`booking failed: ${hold.status()} ${await hold.text()}`);
    const { order } = await hold.json();
    const paid = await request.post(`${apiUrl()}/api/orders/${order.orderId}/pay`, { data: { paymentMethod: 'gcash', paymentType: 'full' }, headers: { 'Idempotency-Key': `gate-e2e-${order.orderId}` } });
    if (!paid.ok()) throw new Error(`payment failed: ${paid.status()} ${await paid.text()}`);
    await queryDb(`UPDATE events SET starts_at = now() - interval '1 hour', ends_at = now() + interval '3 hours' WHERE id = $1`, [id]);
    return { id, name, order: (await paid.json()).order as OrderSummary };
  } finally {
    await visitor.close();
  }
}

interface Gate {
  context: BrowserContext;
  page: Page;
  scans: number;
}

/** Opens the gate for the event online, names it, and waits until it keeps the tickets and the pages. */
async function openGate(eventId: number, eventName: string, name: string, options: Parameters<typeof openPage>[1] = {}): Promise<Gate> {
  const { context, page } = await openPage(browser, options);
  await logIn(page, DEMO.organizer);
  await page.goto(`/organizer/gate?event=${eventId}`);
  await page.getByRole('textbox', { name: 'Gate name' }).fill(name);
  await page.getByRole('button', { name: 'Save gate name' }).click();
  await page.getByText(`Checking in for ${eventName}`).waitFor();
  await page.locator('[data-gate-offline-ready="true"]').waitFor();
  await page.locator('[data-gate-online="true"]').waitFor();
  return { context, page, scans: 0 };
}

/** Types (or a USB scanner types) the text and Enter; the answer's headline and sentence. */
async function scan(gate: Gate, text: string): Promise<{ headline: string; message: string }> {
  const field = gate.page.getByRole('textbox', { name: 'Ticket code' });
  await field.fill(text);
  await field.press('Enter');
  gate.scans += 1;
  const answer = gate.page.locator(`.gate-answer[data-scan="${gate.scans}"]`);
  await answer.waitFor();
  return { headline: (await answer.locator('.org-scan__headline').textContent()) ?? '', message: (await answer.locator('.org-scan__message').textContent()) ?? '' };
}

/**
 * No network for this gate: the context is offline, and every request still made (in Chromium a
 * service worker's own fetches are not covered by setOffline, but they do pass context.route) fails.
 */
const workerRequestsCutOff: string[] = [];
const cutOff = (route: Route) => {
  if (route.request().serviceWorker()) workerRequestsCutOff.push(route.request().url());
  return route.abort('internetdisconnected');
};
async function goOffline(gate: Gate): Promise<void> {
  await gate.context.setOffline(true);
  await gate.context.route('**/*', cutOff);
}
async function goOnline(gate: Gate): Promise<void> {
  await gate.context.unroute('**/*', cutOff);
  await gate.context.setOffline(false);
}

const pending = (gate: Gate) => gate.page.locator('[data-gate-pending]').getAttribute('data-gate-pending');

it("on a 390 x 844 phone every scan's answer, with the holder's name and seat, is in view, the field ready for the next", async () => {
  const { id, name, order } = await eventWithTickets([11, 12]);
  const gate = await openGate(id, name, 'Phone gate', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const field = gate.page.getByRole('textbox', { name: 'Ticket code' });
  const codes = (order.tickets ?? []).map((t) => t.code);
  expect(codes).toHaveLength(2);
  for (const [i, code] of [codes[0], codes[1], codes[0]].entries()) {
    const { headline, message } = await scan(gate, code as string);
    expect(headline).toBe(i < 2 ? 'Checked in' : 'Already checked in');
    expect(message).toMatch(/ · .*seat A1[12]/);
    const answer = gate.page.locator(`.gate-answer[data-scan="${gate.scans}"]`);
    await gate.page.waitForFunction((el) => { const r = el!.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }, await answer.elementHandle());
    expect(await field.evaluate((el) => el === document.activeElement && el.getBoundingClientRect().top >= 0)).toBe(true);
  }
  await gate.context.close();
});

it('two named gates work offline, sync when the network returns, and the first scan wins with the conflict logged', async () => {
  const { id, name, order } = await eventWithTickets([41, 42, 43]);
  const [t1, t2, t3] = order.tickets ?? [];
  if (!t1 || !t2 || !t3) throw new Error('three tickets expected');

  const north = await openGate(id, name, 'North');
  const south = await openGate(id, name, 'South');
  // Installable: Chromium finds nothing missing in the manifest and the worker (a test browser's
  // profile is incognito-like, which alone would keep an install prompt away).
  const cdp = await north.context.newCDPSession(north.page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  expect(installabilityErrors.map((e) => e.errorId).filter((e) => e !== 'in-incognito')).toEqual([]);
  await cdp.detach();
  await goOffline(north);
  await goOffline(south);
  await north.page.locator('[data-gate-online="false"]').waitFor();
  await south.page.locator('[data-gate-online="false"]').waitFor();

  // North first: t1 by its QR, t2 by its typed code (lower case, no dashes).
  const first = await scan(north, t1.qr);
  expect(first.headline).toBe('Checked in');
  expect(first.message).toContain(`${order.section.label} · seat ${t1.seatName}`);
  expect((await scan(north, t2.code.replace(/-/g, '').toLowerCase())).headline).toBe('Checked in');
  // A forged QR and an unknown code are refused from the gate's own copy.
  const forged = t3.qr.replace(/"sig":"(.)/, (_m, c: string) => `"sig":"${c === 'A' ? 'B' : 'A'}`);
  expect((await scan(north, forged)).headline).toBe('Forged ticket');
  expect((await scan(north, 'ZZZZ-ZZZZ-ZZ')).headline).toBe('Not found');
  // South, later, admits t1 too (its copy cannot know), and t3; t3 again is already in, at South.
  expect((await scan(south, t1.qr)).headline).toBe('Checked in');
  expect((await scan(south, t3.qr)).headline).toBe('Checked in');
  const again = await scan(south, t3.code);
  expect(again.headline).toBe('Already checked in');
  expect(again.message).toContain('at South');
  // Waiting to be sent: the admissions, and the refusals for the check-in log.
  expect(await pending(north)).toBe('4');
  expect(await pending(south)).toBe('3');

  // With no network, the gate reloads from its service worker and its own copy.
  const fromWorker: string[] = [];
  north.page.on('response', (response) => {
    if (response.fromServiceWorker()) fromWorker.push(response.url());
  });
  await north.page.reload();
  await north.page.getByText(`Checking in for ${name}`).waitFor();
  expect(await north.page.locator('[data-gate-online]').getAttribute('data-gate-online')).toBe('false');
  expect(await pending(north)).toBe('4');
  // The page the worker kept carries the runtime config the shell's server wrote into it.
  expect(await north.page.locator('script#runtime-config').count()).toBe(1);
  expect(fromWorker.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  // The worker did try the network for the page (network first), was refused, and answered from its cache.
  expect(workerRequestsCutOff.some((url) => url.includes(`/organizer/gate?event=${id}`))).toBe(true);
  north.scans = 0;
  expect((await scan(north, t2.qr)).headline).toBe('Already checked in');

  await goOnline(north);
  await north.page.locator('[data-gate-pending="0"]').waitFor();
  await goOnline(south);
  await south.page.locator('[data-gate-pending="0"]').waitFor();
  await north.page.locator('[data-gate-online="true"]').waitFor();

  // The truth, through the API: t1 at North (the first scan), t2 at North, t3 at South.
  const request = north.context.request;
  const attendees: AttendeesResponse = await (await request.get(`${baseUrl()}/api/organizer/events/${id}/attendees`)).json();
  const byTicket = new Map(attendees.attendees.map((a) => [a.ticketId, a]));
  expect([t1, t2, t3].map((t) => [byTicket.get(t.ticketId)?.status, byTicket.get(t.ticketId)?.checkinMethod, byTicket.get(t.ticketId)?.gate])).toEqual([
    ['Present', 'gate', 'North'],
    ['Present', 'gate', 'North'],
    ['Present', 'gate', 'South'],
  ]);
  const log: CheckinLogResponse = await (await request.get(`${baseUrl()}/api/organizer/events/${id}/checkin-log`)).json();
  const conflicts = log.entries.filter((e) => e.action === 'conflict');
  expect(conflicts).toHaveLength(1);
  expect(conflicts[0]?.detail).toMatch(/^Admitted at North at .+ and at South at .+: the first \(North\) stands\.$/);
  expect(conflicts[0]?.seatNames).toEqual([t1.seatName]);
  // The gates' refusals are in the log too, with the gate that made them.
  const refusals = log.entries.filter((e) => e.action === 'gate' && e.result !== 'checked_in').map((e) => [e.gate, e.result]);
  expect(refusals).toEqual(expect.arrayContaining([['North', 'forged'], ['North', 'not_found'], ['North', 'already_checked_in'], ['South', 'already_checked_in']]));

  // South learns the truth with its fresh copy: t1 is in, at North.
  const south2 = await scan(south, t1.code);
  expect(south2.headline).toBe('Already checked in');
  expect(south2.message).toContain('at North');

  // And on the organizer's pages: the Attendee List's check-in log shows the conflict with both gates.
  await north.page.goto(`/organizer/attendee-list?event=${id}`);
  await north.page.getByRole('button', { name: 'Check-in log', exact: true }).click();
  const logDialog = north.page.getByRole('dialog', { name: 'Check-in log' });
  await logDialog.getByText(/^Admitted at North at .+ and at South at .+: the first \(North\) stands\.$/).waitFor();
  expect(await logDialog.getByText('Gate: South').count()).toBeGreaterThan(0);

  await north.context.close();
  await south.context.close();
});

/** The events this page's device keeps a gate copy of (their ids), read from IndexedDB. */
function copiedEventIds(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('sports-gate');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction('copies').objectStore('copies').getAllKeys();
          keys.onsuccess = () => resolve((keys.result as number[]).slice().sort((a, b) => a - b));
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

it("a device forgets an event's copy (its holders' names) once the API no longer gives it to whoever is signed in", async () => {
  const { id, name } = await eventWithTickets([51]);
  const gate = await openGate(id, name, 'East');
  expect(await copiedEventIds(gate.page)).toContain(id);
  // Another organizer signs in on the same device and opens the gate of that event.
  const password = 'other-organizer-pass-9';
  const email = await registerParticipant(gate.context.request, password, 'gate-organizer');
  await queryDb(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'Organizer') WHERE lower(email) = lower($1)`, [email]);
  await gate.page.request.post(`${baseUrl()}/api/logout.php`, { data: {} });
  await gate.page.evaluate(() => localStorage.removeItem('user'));
  await logIn(gate.page, email, password);
  const refused = gate.page.waitForResponse((r) => r.url().includes(`/api/organizer/events/${id}/gate`) && r.request().method() === 'GET');
  await gate.page.goto(`/organizer/gate?event=${id}`);
  expect((await refused).status()).toBe(404);
  let copied = await copiedEventIds(gate.page);
  for (let tries = 0; tries < 50 && copied.includes(id); tries += 1) {
    await gate.page.waitForTimeout(100);
    copied = await copiedEventIds(gate.page);
  }
  expect(copied).not.toContain(id);
  await gate.context.close();
});
