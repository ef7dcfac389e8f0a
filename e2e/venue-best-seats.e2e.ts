// "How many seats?" on the seat map: the venue's best section for N seats side by side opens with
// those seats selected. On a 390 x 844 touch phone the form comes before the map and a signed-in
// buyer checks the seats out; on a desktop the form sits beside the map, and when any 4 seats of
// the best section (the first lower box) would strand a single one, the visitor goes to the next.
import { request } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { bestAvailable, sectionRows } from '@sports/seating';
import { logIn, registerParticipant } from './support/accounts';
import { apiUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(120_000);

const PASSWORD = 'venue-seats-2026';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };
/** The venue's best two sections, nearest the court (SPEC §9): Lower Box F (186 seats) and Lower Box A (150). */
const LOWER_F = { id: 4, rows: sectionRows(186, 'lower') };
const LOWER_A = { id: 6, rows: sectionRows(150, 'lower') };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Asks "How many seats?" for `count` on the seat map open in `page`. */
async function findSeats(page: Page, count: number): Promise<void> {
  const form = page.getByRole('form', { name: 'How many seats?' });
  await form.getByLabel('Seats together').selectOption(String(count));
  await form.getByRole('button', { name: 'Find seats' }).click();
}

/** The selected seats of the section page, after the proposal: numbers, and the row group of each. */
async function selectedSeats(page: Page): Promise<{ seats: number[]; rows: Set<string | null | undefined> }> {
  const chosen = page.locator('.bk-grid [aria-pressed="true"]');
  const seats = await chosen.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-seat'))));
  const rows = new Set(await chosen.evaluateAll((els) => els.map((el) => el.closest('[role="group"]')?.getAttribute('aria-label'))));
  return { seats, rows };
}

/** Holds `seats` of the event's section, 10 per new account (the most one order may hold), through book-seats. */
async function holdSeats(eventId: number, sectionId: number, seats: number[]): Promise<void> {
  for (let i = 0; i < seats.length; i += 10) {
    const rival = await request.newContext();
    try {
      const email = await registerParticipant(rival, PASSWORD, 'venue-rival');
      expect((await rival.post(`${apiUrl()}/api/login.php`, { data: { email, password: PASSWORD } })).status()).toBe(200);
      const hold = await rival.post(`${apiUrl()}/backend/api/book-seats.php`, { data: { event_id: eventId, section_id: sectionId, seat_numbers: seats.slice(i, i + 10) } });
      expect(hold.status()).toBe(200);
    } finally {
      await rival.dispose();
    }
  }
}

describe('How many seats? across the venue', () => {
  it('on a phone: comes before the map; 4 seats side by side open selected, and Checkout takes them', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    const email = await registerParticipant(page.request, PASSWORD, 'venue-phone');
    await logIn(page, email, PASSWORD);
    await page.getByTestId('header-user').waitFor();
    await page.goto('/events/10/seatmap');
    const form = page.getByRole('form', { name: 'How many seats?' });
    await form.waitFor();
    const map = page.getByRole('group', { name: 'Venue map' });
    expect((await form.boundingBox())?.y ?? 1e9).toBeLessThan((await map.boundingBox())?.y ?? 0);

    const select = form.getByLabel('Seats together');
    await select.selectOption('4');
    await form.getByRole('button', { name: 'Find seats' }).tap();
    // The section opens with ?seats=4, which leaves the address once the seats are proposed.
    await page.waitForURL(/\/events\/10\/seatmap\/\d+(\?seats=4)?$/);
    await page.getByRole('heading', { name: '4 seats selected' }).waitFor();
    expect(await page.getByLabel('Seats together').inputValue()).toBe('4');
    const { seats, rows } = await selectedSeats(page);
    expect(seats.map((seat) => seat - (seats[0] ?? 0))).toEqual([0, 1, 2, 3]);
    expect(rows.size).toBe(1);
    // Proposed once: ?seats= leaves the address, so a reload keeps a seat the buyer tapped off.
    await page.waitForURL(/\/events\/10\/seatmap\/\d+$/);
    await page.locator(`.bk-grid [data-seat="${seats[3]}"]`).tap();
    await page.getByRole('heading', { name: '3 seats selected' }).waitFor();
    await page.reload();
    await page.locator('.bk-grid:not([aria-busy]) [data-seat="1"]').waitFor();
    await page.getByRole('heading', { name: '3 seats selected' }).waitFor();
    await page.locator(`.bk-grid [data-seat="${seats[3]}"]`).tap();
    await page.getByRole('heading', { name: '4 seats selected' }).waitFor();

    const names = (await page.getByText(/^Seats: /).textContent())?.replace('Seats: ', '');
    await page.getByRole('button', { name: 'Checkout' }).tap();
    await page.waitForURL('**/events/10/checkout');
    await page.getByText(`Successfully booked: ${names}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a desktop: beside the map; a best section where 4 would strand a seat sends the visitor to the next one', async () => {
    const [event] = await queryDb<{ id: number }>(
      `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
       VALUES ('sports', $1, 'How many seats? across the venue', now() + interval '30 days', true, 0, 'Approved') RETURNING id`,
      [`Venue seats ${Date.now()}`],
    );
    const eventId = event?.id as number;
    // Every 6th seat of each row of Lower Box F: runs of 5 free seats at most, so any 4 there strand one.
    await holdSeats(eventId, LOWER_F.id, LOWER_F.rows.flatMap((row) => row.seats.filter((_, i) => i % 6 === 5)));

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`/events/${eventId}/seatmap`);
    const form = page.getByRole('form', { name: 'How many seats?' });
    await form.waitFor();
    const [formBox, mapBox] = [await form.boundingBox(), await page.getByRole('group', { name: 'Venue map' }).boundingBox()];
    expect((formBox?.x ?? 0) >= (mapBox?.x ?? 0) + (mapBox?.width ?? 0)).toBe(true);

    await findSeats(page, 4);
    await page.waitForURL(new RegExp(`/events/${eventId}/seatmap/${LOWER_A.id}(\\?seats=4)?$`));
    await page.getByRole('heading', { level: 1, name: 'Lower Box A' }).waitFor();
    await page.getByRole('heading', { name: '4 seats selected' }).waitFor();
    const { seats, rows } = await selectedSeats(page);
    expect(seats).toEqual(bestAvailable(LOWER_A.rows, new Set(), 4));
    expect(rows.size).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
