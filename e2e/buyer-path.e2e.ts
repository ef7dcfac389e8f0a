import { request } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { formatTransactionNo } from '@sports/contracts';
import { logIn, registerParticipant } from './support/accounts';
import { apiUrl, baseUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';
import { decodeQrFromScreen } from './support/qr';

jest.setTimeout(120_000);

const PASSWORD = 'aisle-seat-2026';
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Lower Box A (section 6): 150 seats, 5 rows of 30. A seat from a range no earlier run of this suite took. */
const LOWER_A = 6;
const rowOfLowerA = (seat: number): string => 'ABCDE'.charAt(Math.floor((seat - 1) / 30));
const freshLowerASeat = (): number => 1 + 30 * Math.floor(Math.random() * 5) + Math.floor(Math.random() * 25);

interface MyOrder {
  orderId: number;
  status: string;
  event: { id: number };
  seats: number[];
  seatNames?: string[];
}

async function myOrders(page: Page, eventId: number): Promise<MyOrder[]> {
  const body = (await (await page.request.get(`${apiUrl()}/api/my/orders`)).json()) as { orders: MyOrder[] };
  return body.orders.filter((o) => o.event.id === eventId);
}

const seatButton = (page: Page, row: string, seat: number, state: 'available' | 'reserved' | 'selected') =>
  page.getByRole('button', { name: `Row ${row}, seat ${seat}, ${state}`, exact: true });

/** Holds `seats` of an event's section for a new account elsewhere (its own cookies), through the documented call. */
async function holdElsewhere(eventId: number, sectionId: number, seats: number[]): Promise<void> {
  const rival = await request.newContext();
  try {
    const email = await registerParticipant(rival, PASSWORD, 'rival');
    const login = await rival.post(`${apiUrl()}/api/login.php`, { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    const hold = await rival.post(`${apiUrl()}/backend/api/book-seats.php`, { data: { event_id: eventId, section_id: sectionId, seat_numbers: seats } });
    expect(hold.status()).toBe(200);
  } finally {
    await rival.dispose();
  }
}

describe("the buyer's path in Chromium", () => {
  it('works the same under another host name (a LAN name): the API is reached under the page\'s own origin, so the session holds at checkout', async () => {
    const lanBrowser = await launchBrowser({ hostAliases: ['gym-box.lan'] });
    try {
      const lan = baseUrl().replace('127.0.0.1', 'gym-box.lan');
      const { context, page } = await openPage(lanBrowser, { baseURL: lan, viewport: { width: 1366, height: 900 } });
      const email = await registerParticipant(page.request, PASSWORD, 'lan');
      await page.goto(`${lan}/login`);
      await logIn(page, email, PASSWORD);
      await page.getByTestId('header-user').waitFor();
      await page.goto(`${lan}/events/13/seatmap/6`);
      await seatButton(page, 'C', 70, 'available').click();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL('**/events/13/checkout');
      await page.getByText('Successfully booked: C70').waitFor();
      expect(new URL(page.url()).hostname).toBe('gym-box.lan');
      await context.close();
    } finally {
      await lanBrowser.close();
    }
  });

  it('the seat map does not move under the pointer: the second click lands on the same section', async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    await page.goto('/events/10/seatmap');
    const map = page.getByRole('group', { name: 'Venue map' });
    await map.waitFor();
    const upperC = map.getByRole('button', { name: /^Upper Box C/ });
    await page.waitForFunction(() => document.querySelector('.bk-venue__left') !== null);
    await upperC.scrollIntoViewIfNeeded();
    const before = await upperC.boundingBox();
    await upperC.click();
    expect(await upperC.getAttribute('aria-pressed')).toBe('true');
    // Its centre stays put (the chosen section grows a little around it, nothing shifts).
    const centre = (b: { x: number; y: number; width: number; height: number } | null) => [(b?.x ?? 0) + (b?.width ?? 0) / 2, (b?.y ?? 0) + (b?.height ?? 0) / 2];
    const [x0, y0] = centre(before);
    const [x1, y1] = centre(await upperC.boundingBox());
    expect(Math.abs((x1 ?? 0) - (x0 ?? 0))).toBeLessThan(1);
    expect(Math.abs((y1 ?? 0) - (y0 ?? 0))).toBeLessThan(1);
    await page.mouse.click((before?.x ?? 0) + (before?.width ?? 0) / 2, (before?.y ?? 0) + (before?.height ?? 0) / 2);
    await page.waitForURL('**/events/10/seatmap/12');
    await context.close();
  });

  it('on a phone, a 250-seat grid fits the width with its row letters in view, and zooms in keeping them there', async () => {
    const { context, page } = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto('/events/10/seatmap/12');
    await seatButton(page, 'A', 1, 'available').waitFor();
    const grid = page.getByRole('group', { name: 'Seats in Upper Box C' });
    const box = await grid.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 1e9) <= PHONE.width).toBe(true);
    const lastOfRowA = await seatButton(page, 'A', 42, 'available').boundingBox();
    expect((lastOfRowA?.x ?? 1e9) + (lastOfRowA?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const zoomed = await seatButton(page, 'A', 1, 'available').boundingBox();
    expect(zoomed?.width ?? 0).toBeGreaterThan((lastOfRowA?.width ?? 0) * 1.5);
    // Zoomed in all the way, seats are big enough to tap.
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 20 && (await zoomIn.isEnabled()); i += 1) await zoomIn.click();
    expect(await zoomIn.isEnabled()).toBe(false);
    const biggest = await seatButton(page, 'A', 1, 'available').boundingBox();
    expect(biggest?.width ?? 0).toBeGreaterThanOrEqual(24);
    // Scrolled to the far end of the row, the letters stay in view.
    await page.locator('.bk-grid-scroll').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    for (const row of ['A', 'F']) {
      const letter = await page.locator('.bk-grid__letter', { hasText: row }).first().boundingBox();
      expect((letter?.x ?? -1) >= 0 && (letter?.x ?? 1e9) + (letter?.width ?? 0) <= PHONE.width).toBe(true);
    }
    await context.close();
  });

  it('on a phone, a two-finger pinch on the grid zooms it in', async () => {
    const { context, page } = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto('/events/10/seatmap/12');
    const first = seatButton(page, 'A', 1, 'available');
    await first.waitFor();
    const before = (await first.boundingBox())?.width ?? 0;
    // The grid at the top of the screen, clear of the sticky summary at the bottom.
    await page.locator('.bk-grid-scroll').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const scroller = await page.locator('.bk-grid-scroll').boundingBox();
    const y = (scroller?.y ?? 0) + Math.min(60, (scroller?.height ?? 0) / 2);
    const x = (scroller?.x ?? 0) + (scroller?.width ?? 0) / 2;
    expect(await page.evaluate(([px, py]) => document.elementFromPoint(px ?? 0, py ?? 0)?.closest('.bk-grid-scroll') !== null, [x, y])).toBe(true);
    const fingers = (apart: number) => [
      { x: x - apart / 2, y, id: 1 },
      { x: x + apart / 2, y, id: 2 },
    ];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
    for (let apart = 60; apart <= 200; apart += 20) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(apart) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForFunction(() => document.querySelector('.bk-zoom__level')?.textContent !== '100%');
    // The fingers went 5 times as far apart: the seats grew (at least 3x, the pinch's start may be lost to the first move).
    expect((await first.boundingBox())?.width ?? 0).toBeGreaterThan(before * 3);
    expect(await page.locator('.bk-zoom__level').textContent()).toMatch(/^\d+%$/);
    await context.close();
  });

  it('a seat taken elsewhere shows as Reserved within 5 s, and leaves the buyer\'s selection with a notice', async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    await page.goto('/events/11/seatmap/6');
    await seatButton(page, 'B', 40, 'available').click();
    await seatButton(page, 'B', 40, 'selected').waitFor();
    await holdElsewhere(11, 6, [40, 41]);
    const start = Date.now();
    await seatButton(page, 'B', 41, 'reserved').waitFor({ timeout: 5_000 });
    await seatButton(page, 'B', 40, 'reserved').waitFor({ timeout: 5_000 });
    expect(Date.now() - start).toBeLessThan(5_000);
    await page.getByText('Seat B40 was booked by someone else and was removed from your selection.').waitFor();
    await context.close();
  });

  it('Best available picks adjacent free seats without stranding a single seat', async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    // Lower Box B (90 seats, 5 rows of 18): in row A only 1-3 and 5-18 are free, and the middle is taken.
    await holdElsewhere(12, 9, [4, 9, 10]);
    await page.goto('/events/12/seatmap/9');
    await seatButton(page, 'A', 4, 'reserved').waitFor();
    await page.getByLabel('Seats together').selectOption('2');
    await page.getByRole('button', { name: 'Best available' }).click();
    await page.getByText(/^Seats: /).waitFor();
    const picked = (await page.getByText(/^Seats: /).textContent()) ?? '';
    const seats = picked.replace('Seats: ', '').split(', ').map((name) => Number(name.slice(1)));
    expect(seats).toHaveLength(2);
    expect(seats[1]).toBe((seats[0] ?? 0) + 1);
    const taken = new Set([4, 9, 10, ...seats]);
    // No single free seat left between the block and a taken seat or the row's end.
    const free = (n: number) => n >= 1 && n <= 18 && !taken.has(n);
    const lonelyLeft = free((seats[0] ?? 0) - 1) && !free((seats[0] ?? 0) - 2);
    const lonelyRight = free((seats[1] ?? 0) + 1) && !free((seats[1] ?? 0) + 2);
    expect([lonelyLeft, lonelyRight]).toEqual([false, false]);
    await context.close();
  });

  it('one hold under the buyer\'s control: back on the grid the held seats are the buyer\'s, a new choice changes that hold, Release seats frees it', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    const email = await registerParticipant(page.request, PASSWORD, 'holder');
    await logIn(page, email, PASSWORD);
    // Event 6 (₱50). Three free seats side by side in one row of Lower Box A.
    const first = freshLowerASeat();
    const row = rowOfLowerA(first);
    await page.goto(`/events/6/seatmap/${LOWER_A}`);
    await seatButton(page, row, first, 'available').click();
    await seatButton(page, row, first + 1, 'available').click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/events/6/checkout');
    await page.getByText(`Successfully booked: ${row}${first}, ${row}${first + 1}`).waitFor();
    const [hold] = await myOrders(page, 6);
    expect(hold).toMatchObject({ status: 'held', seats: [first, first + 1] });

    // Back to the grid (the browser's Back): the held seats are the buyer's own, selected; not Reserved.
    expect(await page.getByRole('link', { name: 'Change seats' }).getAttribute('href')).toBe(`/events/6/seatmap/${LOWER_A}`);
    await page.goBack();
    await page.waitForURL(`**/events/6/seatmap/${LOWER_A}`);
    await seatButton(page, row, first, 'selected').waitFor();
    await seatButton(page, row, first + 1, 'selected').waitFor();
    await page.getByText(`Seats ${row}${first}, ${row}${first + 1} are held for you.`, { exact: false }).waitFor();
    // A new choice changes that hold: one order, its seats now first+1 and first+2.
    await seatButton(page, row, first, 'selected').click();
    await seatButton(page, row, first + 2, 'available').click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByText(`Successfully booked: ${row}${first + 1}, ${row}${first + 2}`).waitFor();
    const after = await myOrders(page, 6);
    expect(after.filter((o) => o.status === 'held')).toEqual([expect.objectContaining({ orderId: hold?.orderId, seats: [first + 1, first + 2] })]);
    expect(after).toHaveLength(1);

    // Release seats, once confirmed: the hold ends and its seats are free again.
    await page.getByRole('button', { name: 'Release seats' }).click();
    await page.getByRole('dialog', { name: 'Release these seats?' }).getByRole('button', { name: 'Release seats' }).click();
    await page.waitForURL(`**/events/6/seatmap/${LOWER_A}`);
    await page.getByText('Your seats were released.').waitFor();
    await seatButton(page, row, first + 1, 'available').waitFor();
    await seatButton(page, row, first + 2, 'available').waitFor();
    expect((await myOrders(page, 6)).map((o) => o.status)).toEqual(['expired']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a free event: no payment method asked (Get tickets), the ticket says Free and names the seat by row, the mail carries the seat\'s QR image and the .ics', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    const email = await registerParticipant(page.request, PASSWORD, 'free');
    await logIn(page, email, PASSWORD);
    // Event 9 is free (₱0). A seat past row A, so the row letter shows.
    const seat = 31 + Math.floor(Math.random() * 119);
    const name = `${rowOfLowerA(seat)}${seat}`;
    await page.goto(`/events/9/seatmap/${LOWER_A}`);
    await seatButton(page, rowOfLowerA(seat), seat, 'available').click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByText(`Successfully booked: ${name}`).waitFor();
    await page.getByText('This event is free: your tickets cost nothing.').waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    const getTickets = page.getByRole('button', { name: 'Get tickets' });
    expect(await getTickets.isEnabled()).toBe(true);
    await getTickets.click();
    await page.waitForURL('**/event/qr');
    await page.getByRole('heading', { name: 'Your tickets' }).waitFor();
    const summary = page.locator('.bk-qr__summary');
    expect(await summary.getByText('Price').locator('xpath=following-sibling::dd').textContent()).toBe('Free');
    expect(await summary.getByText('Seats').locator('xpath=following-sibling::dd').textContent()).toBe(name);
    expect(await summary.textContent()).not.toMatch(/GCash|PayMaya|BDO|VISA/);
    // The signed payload keeps SPEC's seat numbers.
    const ticket = JSON.parse(await decodeQrFromScreen(page.getByRole('img', { name: `Ticket QR code, seat ${name}` })));
    expect(ticket).toMatchObject({ event_id: 9, section_id: LOWER_A, seats: [seat], seat, paymentMethod: 'free', totalAmount: 0 });

    // Add to calendar downloads the order's .ics.
    const calendar = page.getByRole('link', { name: 'Add to calendar' });
    const ics = await (await page.request.get(new URL((await calendar.getAttribute('href')) ?? '', baseUrl()).toString())).text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain(name);

    // My Tickets says Free, never a method.
    await page.goto('/my-tickets');
    const card = page.locator('.bk-ticket').first();
    await card.getByText('Price', { exact: true }).waitFor();
    expect(await card.getByText('Price', { exact: true }).locator('xpath=following-sibling::dd').textContent()).toBe('Free');

    // The confirmation mail, in the development outbox: order number, seat name, the seat's QR as PNG and .ics.
    const [order] = await myOrders(page, 9);
    let mail: { text: string; attachments: { filename: string; contentType: string; content: string }[] } | undefined;
    for (let i = 0; i < 100 && !mail; i += 1) {
      [mail] = await queryDb<{ text: string; attachments: { filename: string; contentType: string; content: string }[] }>(
        'SELECT text, attachments FROM mail_outbox WHERE lower("to") = lower($1) ORDER BY id DESC LIMIT 1',
        [email],
      );
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mail?.text).toContain(`Order number: ${formatTransactionNo(order?.orderId ?? 0)}`);
    expect(mail?.text).toContain(`Seats: ${name}`);
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`ticket-${name}-qr.png`, `ticket-${order?.orderId}.ics`]);
    expect(Buffer.from(mail?.attachments[0]?.content ?? '', 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(Buffer.from(mail?.attachments[1]?.content ?? '', 'base64').toString('utf8')).toBe(ics);
    expect(errors).toEqual([]);
    await context.close();
  });
});
