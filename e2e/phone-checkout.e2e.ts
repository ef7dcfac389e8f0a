// Checkout on a 390 x 844 phone with touch: the hold is never lost (a new tab and a second device
// signed in to the same account find it, with its time left), a free event's way from seats to
// ticket has no payment word, Release seats asks first, and My Tickets says Released with its
// time in Manila, whatever the device's zone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { logIn, registerParticipant } from './support/accounts';
import { apiUrl, launchBrowser, openPage } from './support/browser';

jest.setTimeout(120_000);

const PASSWORD = 'phone-seat-2026';
/** A phone in a zone far from Manila: every time shown must still be Manila's. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'America/New_York' } as const;
/** Event 15 (₱50) and event 16 (free), Lower Box A (section 6): 150 seats, 5 rows of 30. */
const PAID_EVENT = 15;
const FREE_EVENT = 16;
const LOWER_A = 6;
const rowOfLowerA = (seat: number): string => 'ABCDE'.charAt(Math.floor((seat - 1) / 30));
const freshLowerASeat = (): number => 1 + Math.floor(Math.random() * 150);
/** Any word that speaks of money being paid. */
const PAYMENT_WORDS = /\bpay\b|\bpaid\b|payment|nonrefundable|full payment only/i;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const seatButton = (page: Page, seat: number) => page.getByRole('button', { name: `Row ${rowOfLowerA(seat)}, seat ${seat}, available`, exact: true });

/** The page's own words (the shell's header and footer left out). */
const mainText = async (page: Page): Promise<string> => (await page.locator('main').innerText()).replace(/\s+/g, ' ');

/** Seconds on the checkout timer (mm:ss). */
async function secondsLeft(page: Page): Promise<number> {
  const timer = page.getByRole('timer');
  await timer.waitFor();
  const [, mm, ss] = /(\d{2}):(\d{2})/.exec((await timer.textContent()) ?? '') ?? [];
  return Number(mm) * 60 + Number(ss);
}

/** A new buyer signed in on a phone, holding one seat of `eventId` through the seat grid and checkout. */
async function holdOnPhone(eventId: number): Promise<{ context: BrowserContext; page: Page; errors: string[]; email: string; seat: number }> {
  const { context, page, errors } = await openPage(browser, PHONE);
  const email = await registerParticipant(page.request, PASSWORD, 'phone');
  await logIn(page, email, PASSWORD);
  await page.goto(`/events/${eventId}/seatmap/${LOWER_A}`);
  await page.getByRole('group', { name: 'Seats in Lower Box A' }).waitFor();
  // A seat nobody holds (another run may have taken the first one tried).
  let seat = freshLowerASeat();
  for (let i = 0; i < 20 && (await seatButton(page, seat).count()) === 0; i += 1) seat = freshLowerASeat();
  expect(await mainText(page)).not.toMatch(/\bpay\b|payment|nonrefundable/i);
  await seatButton(page, seat).tap();
  await page.getByRole('button', { name: 'Checkout' }).tap();
  await page.waitForURL(`**/events/${eventId}/checkout`);
  await page.getByText(`Successfully booked: ${rowOfLowerA(seat)}${seat}`).waitFor();
  return { context, page, errors, email, seat };
}

describe('checkout on a phone', () => {
  it('the hold is never lost: a new tab and a second device signed in to the same account find it with its time left; Release seats asks first; My Tickets says Released in Manila time', async () => {
    const { context, page, errors, email, seat } = await holdOnPhone(PAID_EVENT);
    const name = `${rowOfLowerA(seat)}${seat}`;
    // A paid order: its seats are held and not paid yet, said beside the timer.
    expect(await secondsLeft(page)).toBeGreaterThan(9 * 60);
    await page.getByText('Held for you, not paid yet: pay before the time runs out to get your tickets.').waitFor();

    // A new tab of the same browser: no navigation state, the server's hold.
    const tab = await context.newPage();
    await tab.goto(`/events/${PAID_EVENT}/checkout`);
    const tabLeft = await secondsLeft(tab);
    expect(tabLeft).toBeGreaterThan(8 * 60);
    expect(tabLeft).toBeLessThanOrEqual(10 * 60);
    expect(await mainText(tab)).toContain(name);
    expect(await tab.getByText('Invalid checkout. Please select seats again.').count()).toBe(0);
    await tab.close();

    // Another device, signed in to the same account.
    const other = await openPage(browser, PHONE);
    await logIn(other.page, email, PASSWORD);
    await other.page.goto(`/events/${PAID_EVENT}/checkout`);
    expect(await secondsLeft(other.page)).toBeGreaterThan(8 * 60);
    expect(await mainText(other.page)).toContain(name);

    // Release seats there: asked first; Keep my seats keeps them.
    await other.page.getByRole('button', { name: 'Release seats' }).tap();
    const dialog = other.page.getByRole('dialog', { name: 'Release these seats?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep my seats' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    expect(await secondsLeft(other.page)).toBeGreaterThan(8 * 60);
    await other.page.getByRole('button', { name: 'Release seats' }).tap();
    await dialog.getByRole('button', { name: 'Release seats' }).tap();
    await other.page.waitForURL(`**/events/${PAID_EVENT}/seatmap/${LOWER_A}`);
    await other.page.getByText('Your seats were released.').waitFor();

    // The first device, reloaded: its order says it was released.
    await page.reload();
    await page.getByText('Your seats were released.').waitFor();
    // And a new tab there finds no hold: SPEC's text.
    const after = await context.newPage();
    await after.goto(`/events/${PAID_EVENT}/checkout`);
    await after.getByText('Invalid checkout. Please select seats again.').waitFor();
    await after.close();

    // My Tickets: Released (not Expired), its times in Manila and labelled.
    await other.page.goto('/my-tickets');
    const card = other.page.locator('.bk-ticket').first();
    await card.locator('.bk-ticket__status', { hasText: 'Released' }).waitFor();
    const orders = (await (await other.page.request.get(`${apiUrl()}/api/my/orders`)).json()) as { orders: Array<{ event: { id: number }; releasedAt?: string }> };
    const releasedAt = orders.orders.find((o) => o.event.id === PAID_EVENT)?.releasedAt ?? '';
    const manila = new Date(Date.parse(releasedAt) + 8 * 3_600_000);
    const hour12 = manila.getUTCHours() % 12 || 12;
    const clock = `${hour12}:${String(manila.getUTCMinutes()).padStart(2, '0')}\\s${manila.getUTCHours() < 12 ? 'AM' : 'PM'}`;
    const shown = (await card.locator('dt', { hasText: /^Released$/ }).locator('xpath=following-sibling::dd').innerText()).trim();
    expect(shown).toMatch(new RegExp(`, ${clock} PHT$`));
    expect((await card.locator('dt', { hasText: /^Booked$/ }).locator('xpath=following-sibling::dd').innerText()).trim()).toMatch(/\d:\d{2}\s[AP]M PHT$/);

    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('a free event, from seats to the ticket: Get tickets and Your tickets, and no payment word on the way', async () => {
    const { context, page, errors, seat } = await holdOnPhone(FREE_EVENT);
    const name = `${rowOfLowerA(seat)}${seat}`;
    await page.getByRole('heading', { name: 'Your tickets' }).waitFor();
    expect(await secondsLeft(page)).toBeGreaterThan(9 * 60);
    expect(await mainText(page)).not.toMatch(PAYMENT_WORDS);
    await page.getByRole('button', { name: 'Get tickets' }).tap();
    await page.waitForURL('**/event/qr');
    await page.getByRole('heading', { level: 1, name: 'Your tickets' }).waitFor();
    await page.getByRole('img', { name: `Ticket QR code, seat ${name}` }).waitFor();
    expect(await mainText(page)).not.toMatch(PAYMENT_WORDS);
    // The page fits the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
