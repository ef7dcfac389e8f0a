import type { Browser, Page } from 'playwright-core';
import { DEMO, logIn } from './support/accounts';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** How far the page is wider than the window (a table scrolls inside its own box, never the page). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** What each page shows once its data is in, from the demo organizer's seed (SPEC §9's indicators). */
const PAGES: Array<[string, (page: Page) => Promise<void>]> = [
  ['/organizer/dashboard', (page) => page.getByRole('heading', { name: 'No-show Breakdown by Section' }).waitFor()],
  ['/organizer/create-event', (page) => page.getByRole('button', { name: 'Proceed to Seat Planning' }).waitFor()],
  ['/organizer/seat-planning', (page) => page.getByRole('button', { name: 'Apply Event' }).waitFor()],
  // 1 of 1 on a fresh install; other suites add events.
  ['/organizer/event-list', (page) => page.getByText(/^1 of \d+$/).waitFor()],
  // SPEC's sample '1 of 5' counted orders; the list has a row per ticket (seat) now, so more pages.
  ['/organizer/attendee-list', (page) => page.getByText(/^1 of \d+$/).waitFor()],
  ['/organizer/reviews', (page) => page.getByText('1 of 10', { exact: true }).waitFor()],
];

describe.each([1366, 390])('the organizer pages at %i px', (width) => {
  it('show the demo data with no serious or critical axe violation and nothing wider than the window', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width, height: 900 } });
    await logIn(page, DEMO.organizer);
    for (const [path, ready] of PAGES) {
      await page.goto(path);
      await ready(page);
      expect([path, await seriousViolations(page)]).toEqual([path, []]);
      expect([path, await overflow(page)]).toEqual([path, 0]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the Scan, Check in by hand and Inquiry Resolution dialogs have no serious or critical axe violation', async () => {
    const { context, page } = await openPage(browser, { viewport: { width, height: 900 } });
    await logIn(page, DEMO.organizer);
    await page.goto('/organizer/attendee-list');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const scan = page.getByRole('dialog', { name: 'Scan tickets' });
    await scan.getByRole('textbox', { name: 'Ticket code' }).fill('not a ticket');
    await page.keyboard.press('Enter');
    await scan.getByText('Not a ticket code', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await scan.getByRole('button', { name: 'Close' }).click();

    // Asked, then cancelled: the demo data stays as it was.
    await page.getByRole('button', { name: /^Check in / }).first().click();
    const byHand = page.getByRole('dialog', { name: 'Check in by hand?' });
    await byHand.getByText(/without scanning the ticket\?/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect([width, await overflow(page)]).toEqual([width, 0]);
    await byHand.getByRole('button', { name: 'Cancel' }).click();
    await byHand.waitFor({ state: 'hidden' });

    await page.goto('/organizer/reviews');
    await page.getByRole('button', { name: /^Actions for the review by / }).first().click();
    await page.getByRole('menuitem').first().click();
    await page.getByRole('dialog', { name: 'Inquiry Resolution' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
