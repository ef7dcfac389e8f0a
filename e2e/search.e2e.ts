// A visitor finds a game by searching, in Chromium: "basketbal" (a typo) in the header's search,
// This weekend, at most ₱300; the URL carries the filters (Back returns to them); from the results
// the event's page, a seat, GCash, and the ticket.
import type { Browser } from 'playwright-core';
import { logIn, registerParticipant } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(180_000);

const PASSWORD = 'courtside-2026';
const MANILA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A start on the last day "This weekend" means now (Sunday; Sunday itself on a Sunday), at 23:30
 * Manila time, whatever today's weekday: always within the shortcut's days and still on sale.
 */
function thisWeekendsSundayNight(now = Date.now()): Date {
  const manila = new Date(now + MANILA_OFFSET_MS);
  const daysToSunday = (7 - manila.getUTCDay()) % 7;
  const sunday = new Date(now + MANILA_OFFSET_MS + daysToSunday * DAY_MS).toISOString().slice(0, 10);
  return new Date(`${sunday}T23:30:00+08:00`);
}

it('searches "basketbal" this weekend under ₱300 from the header, opens the game from the results and books it to the ticket', async () => {
  const title = `Basketball Barangay Cup ${Date.now().toString(36)}`;
  const startsAt = thisWeekendsSundayNight();
  const [event] = await queryDb<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status, organizer)
     VALUES ('sports', $1, 'Sunday night hoops at the complex.', $2, true, 250, 'Approved', 'Pasig Hoops League') RETURNING id`,
    [title, startsAt],
  );
  const eventId = event?.id as number;
  // A dearer game the same night: the price filter must leave it out.
  await queryDb(
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
     VALUES ('sports', $1, 'Courtside seats only.', $2, true, 900, 'Approved')`,
    [`${title} VIP`, startsAt],
  );

  const { context, page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    const email = await registerParticipant(page.request, PASSWORD, 'searcher');
    await logIn(page, email, PASSWORD);
    await page.goto('/genre/community');

    // The header's search, on any page.
    const search = page.getByRole('search');
    await search.getByRole('searchbox', { name: 'Search events' }).fill('basketbal');
    await search.getByRole('searchbox', { name: 'Search events' }).press('Enter');
    await page.waitForURL('**/search?q=basketbal');
    await page.getByRole('heading', { level: 1, name: 'Search events' }).waitFor();
    await page.getByRole('article', { name: `${title} VIP` }).waitFor();

    await page.getByRole('button', { name: 'This weekend' }).click();
    await page.waitForURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    expect(await page.getByRole('button', { name: 'This weekend' }).getAttribute('aria-pressed')).toBe('true');
    const maxPrice = page.getByRole('spinbutton', { name: 'Max price (₱)' });
    await maxPrice.fill('300');
    await maxPrice.press('Enter');
    await page.waitForURL(/[?&]maxPrice=300/);

    const card = page.getByRole('article', { name: title, exact: true });
    await card.waitFor();
    // The results before the filter stay until the filtered ones arrive: the VIP game must go.
    await page.getByRole('article', { name: `${title} VIP` }).waitFor({ state: 'detached' });
    expect(await card.textContent()).toContain('₱250.00');
    const searched = page.url();
    expect(new URL(searched).searchParams.get('q')).toBe('basketbal');

    // The link reproduces the search; Back from the event returns to it.
    await card.getByRole('link', { name: 'View Event' }).click();
    await page.waitForURL(`**/events/${eventId}`);
    await page.goBack();
    await page.waitForURL(searched);
    await card.waitFor();
    expect(await maxPrice.inputValue()).toBe('300');

    await card.getByRole('link', { name: 'View Event' }).click();
    await page.waitForURL(`**/events/${eventId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('link', { name: 'Select Seat(s)' }).click();
    await page.waitForURL(`**/events/${eventId}/seatmap`);
    const lowerA = page.getByRole('group', { name: 'Venue map' }).getByRole('button', { name: /^Lower Box A/ });
    await lowerA.click();
    await lowerA.click();
    await page.waitForURL(`**/events/${eventId}/seatmap/6`);
    await page.getByRole('button', { name: 'Row A, seat 5, available', exact: true }).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`**/events/${eventId}/checkout`);
    await page.getByText('Successfully booked: A5').waitFor();
    await page.getByRole('radio', { name: 'GCash' }).check();
    await page.getByRole('button', { name: 'Pay and Generate QR' }).click();
    await page.waitForURL('**/event/qr');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(await page.getByRole('img', { name: 'Ticket QR code, seat A5' }).count()).toBe(1);

    const paid = await queryDb<{ status: string }>(`SELECT o.status FROM orders o JOIN users u ON u.id = o.user_id WHERE o.event_id = $1 AND u.email = $2`, [eventId, email]);
    expect(paid).toEqual([{ status: 'paid' }]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('on a phone the search is a row of the header: in view, nothing wider than the screen, the same before and after the page loads', async () => {
  const phone = { width: 360, height: 740 };
  const { context, page, errors } = await openPage(browser, { viewport: phone, isMobile: true, hasTouch: true });
  try {
    await page.goto('/');
    const field = page.getByRole('search').getByRole('searchbox', { name: 'Search events' });
    await field.waitFor();
    const before = await page.locator('.site-header').boundingBox();
    const box = await field.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 1e9) <= phone.width).toBe(true);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(36);
    await page.getByRole('button', { name: 'Book Now' }).first().or(page.getByRole('link', { name: 'Book Now' }).first()).waitFor();
    expect(await page.locator('.site-header').boundingBox()).toEqual(before);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    await field.tap();
    await field.fill('cafe');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).tap();
    await page.waitForURL('**/search?q=cafe');
    await page.getByRole('heading', { level: 2, name: /events? match “cafe”|No events match your search\./ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('at 1366 px the date fields show their whole date, and the home hero its whole event name', async () => {
  const { context, page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
  await page.goto('/search?q=basketball');
  const widths = await Promise.all(['From', 'To'].map((name) => page.getByLabel(name, { exact: true }).evaluate((el) => el.getBoundingClientRect().width)));
  // 10rem: mm/dd/yyyy and the picker's button, side by side only where both fit.
  for (const width of widths) expect(width).toBeGreaterThanOrEqual(160);

  await page.goto('/');
  const title = page.locator('.bk-hero__slide').first().locator('.bk-hero__title');
  await title.waitFor();
  expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
