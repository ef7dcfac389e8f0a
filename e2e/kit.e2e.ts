// The data-screen kit of @sports/ui in Chromium: the pager and the search box keep their state in
// the URL (reload, Back), and the dialog holds and restores focus. The admin and organizer pages are
// built on the kit; these tests check the kit alone, on a small harness page (kit-harness/) they serve themselves.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { startHarness } from './kit-harness/serve-harness';
import type { HarnessServer } from './kit-harness/serve-harness';

jest.setTimeout(60_000);

let harness: HarnessServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  [harness, browser] = await Promise.all([startHarness(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await harness?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ baseURL: harness.url, viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
});
afterEach(async () => {
  await context?.close();
  expect(errors).toEqual([]);
});

/** What the harness's fake API logs (e2e/kit-harness/fake-api.tsx). */
type HarnessWindow = Window & { __kitRequests?: Array<{ page: number; q: string; status: string; event: string }>; __kitFinishWrite?: () => void };

const search = () => new URL(page.url()).search;
const pagerStatus = () => page.getByRole('navigation', { name: 'Account pages' }).locator('.ds-pager__status');
const firstRowName = () => page.getByRole('table', { name: 'Accounts, 10 a page' }).getByRole('rowheader').first().textContent();
const button = (name: string) => page.getByRole('button', { name, exact: true });
const pagerButton = (name: string) => page.getByRole('navigation', { name: 'Account pages' }).getByRole('button', { name, exact: true });

/** The table has its answer: no load in flight (the pager may already show the new page over old rows). */
const settled = () => page.waitForFunction(() => !document.querySelector('table[aria-busy]'));

/** The pager says `text` and the rows of that page are in. */
async function atPage(text: string | RegExp) {
  await page.getByRole('navigation', { name: 'Account pages' }).getByText(text).waitFor();
  await settled();
}

async function openAccounts(path = '/kit/admin') {
  await page.goto(path);
  await page.getByRole('table', { name: 'Accounts, 10 a page' }).getByRole('rowheader').first().waitFor();
}

describe('kit pager in the URL', () => {
  it('keeps the page in the URL: reload stays, Back returns to the previous page', async () => {
    await openAccounts();
    await expect(pagerStatus().textContent()).resolves.toBe('Page 1 of 25');
    expect(await page.getByText('Total Accounts: 250').isVisible()).toBe(true);
    expect(await pagerButton('First page').isDisabled()).toBe(true);
    expect(await pagerButton('Previous page').isDisabled()).toBe(true);
    const page1 = await firstRowName();

    await pagerButton('Next page').click();
    await page.waitForURL(/\?page=2$/);
    await atPage('Page 2 of 25');
    await pagerButton('Next page').click();
    await page.waitForURL(/\?page=3$/);
    await atPage('Page 3 of 25');
    const page3 = await firstRowName();
    expect(page3).not.toBe(page1);

    await page.reload();
    await atPage('Page 3 of 25');
    await page.getByRole('rowheader', { name: page3 ?? '' }).first().waitFor();
    expect(search()).toBe('?page=3');

    await page.goBack();
    await atPage('Page 2 of 25');
    expect(search()).toBe('?page=2');
    await page.goBack();
    await atPage('Page 1 of 25');
    expect(await firstRowName()).toBe(page1);

    await pagerButton('Last page').click();
    await atPage('Page 25 of 25');
    expect(search()).toBe('?page=25');
    expect(await pagerButton('Next page').isDisabled()).toBe(true);
    expect(await pagerButton('Last page').isDisabled()).toBe(true);
    // The button that became disabled handed focus on, not to the page's top.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous page');
  });

  it('takes a page past the end to the last page, and junk to page 1', async () => {
    await openAccounts('/kit/admin?page=99');
    await atPage('Page 25 of 25');
    await page.waitForURL(/\?page=25$/);

    await openAccounts('/kit/admin?page=-2x&status=Restricted');
    await atPage(/^Page 1 of \d+$/);
    await page.waitForURL((url) => url.search === '?status=Restricted');
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Restricted');
  });
});

describe('kit search box in the URL', () => {
  it('waits for typing to pause, then searches from page 1 in place of the current history entry', async () => {
    await openAccounts();
    await pagerButton('Next page').click();
    await atPage('Page 2 of 25');
    await pagerButton('Next page').click();
    await atPage('Page 3 of 25');
    const requestsBefore = await page.evaluate(() => (window as HarnessWindow).__kitRequests?.length ?? 0);

    const box = page.getByRole('searchbox', { name: 'Search accounts' });
    await box.focus();
    // Typed in the page's own time, a key every 50 ms (CDP round trips on a busy machine would
    // stretch the gaps past 300 ms); the URL is read 100 ms after the last key.
    const searchSoonAfter = await box.evaluate(
      (input: HTMLInputElement, text: string) =>
        new Promise<string>((resolve) => {
          const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          for (let i = 1; i <= text.length; i += 1) {
            setTimeout(() => {
              setValue.call(input, text.slice(0, i));
              input.dispatchEvent(new Event('input', { bubbles: true }));
            }, (i - 1) * 50);
          }
          setTimeout(() => resolve(window.location.search), (text.length - 1) * 50 + 100);
        }),
      'maria',
    );
    expect(searchSoonAfter).toBe('?page=3');
    await page.waitForURL((url) => url.search === '?q=maria');
    await atPage(/^Page 1 of \d+$/);
    const names = await page.getByRole('rowheader').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^Maria /);

    // One search reached the "server", not one per keystroke.
    const searched = await page.evaluate((from) => ((window as HarnessWindow).__kitRequests ?? []).slice(from).map((request) => request.q), requestsBefore);
    expect(searched).toEqual(['maria']);

    // The search took page 3's place in history: Back goes to page 2, Forward brings the search back.
    await page.goBack();
    await atPage('Page 2 of 25');
    expect(search()).toBe('?page=2');
    expect(await box.inputValue()).toBe('');
    await page.goForward();
    await page.waitForURL((url) => url.search === '?q=maria');
    expect(await box.inputValue()).toBe('maria');

    await page.reload();
    expect(await box.inputValue()).toBe('maria');
    await box.press('Escape');
    await page.waitForURL((url) => url.search === '');
    expect(await box.inputValue()).toBe('');
    await atPage('Page 1 of 25');
  });

  it('says so when nothing matches, and the filters live in the URL too', async () => {
    await openAccounts();
    await page.getByRole('combobox', { name: 'Event' }).selectOption({ label: 'Zumba Night at the Plaza' });
    await page.waitForURL((url) => url.search === '?event=3');
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill('nobody-by-this-name');
    await page.getByText('No accounts match this search.').waitFor();
    expect(search()).toBe('?event=3&q=nobody-by-this-name');
    await page.getByRole('button', { name: 'Clear search accounts' }).click();
    await page.waitForURL((url) => url.search === '?event=3');
  });
});

describe('kit dialog', () => {
  async function openDialog() {
    const opener = page.getByRole('button', { name: 'Respond to Ana Cruz' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Inquiry Resolution' });
    await dialog.waitFor();
    return { opener, dialog };
  }
  const focusedLabel = () =>
    page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active instanceof HTMLTextAreaElement) return active?.tagName ?? null;
      return active.getAttribute('aria-label') ?? active.textContent;
    });
  const focusInsideDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

  it('moves focus in, keeps Tab inside, and closes on Escape with focus back on the opener', async () => {
    await openAccounts();
    await openDialog();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    expect(await page.evaluate(() => (document.querySelector('dialog[open]') as HTMLDialogElement | null)?.matches(':modal'))).toBe(true);

    const seen = new Set<string | null>();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInsideDialog()).toBe(true);
      seen.add(await focusedLabel());
    }
    expect([...seen].sort()).toEqual(['Cancel', 'Close', 'Send Response', 'TEXTAREA'].sort());
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInsideDialog()).toBe(true);
    }

    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await focusedLabel()).toBe('Respond to Ana Cruz');
  });

  it('closes on its close button and on a click outside, not on a click inside', async () => {
    await openAccounts();
    const { dialog } = await openDialog();
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Thank you for writing.');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedLabel()).toBe('Respond to Ana Cruz');

    // Opened again it starts afresh: the caller cleared its state in onClose.
    await openDialog();
    expect(await dialog.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    await dialog.getByText('The customer will receive an email with the response.').click();
    expect(await dialog.isVisible()).toBe(true);
    await page.mouse.click(8, 8);
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedLabel()).toBe('Respond to Ana Cruz');
  });

  it('confirmation: busy while it runs, the failure inside, success as a toast that takes no focus', async () => {
    await openAccounts();
    await button('Restrict Ana Cruz').click();
    const dialog = page.getByRole('dialog', { name: 'Restrict this account?' });
    await dialog.waitFor();
    expect(await focusedLabel()).toBe('Cancel');
    await dialog.getByRole('button', { name: 'Restrict', exact: true }).click();
    const busy = dialog.getByRole('button', { name: 'Working…' });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-busy')).toBe('true');
    // Busy: Escape and a click outside do not close it.
    await page.keyboard.press('Escape');
    await page.mouse.click(8, 8);
    expect(await dialog.isVisible()).toBe(true);
    await page.evaluate(() => (window as HarnessWindow).__kitFinishWrite?.());
    await dialog.getByRole('alert').getByText('This account changed meanwhile. Try again.').waitFor();
    await dialog.getByRole('button', { name: 'Restrict', exact: true }).click();
    await busy.waitFor();
    await page.evaluate(() => (window as HarnessWindow).__kitFinishWrite?.());
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Ana Cruz is now Restricted.').waitFor();
    expect(await focusedLabel()).toBe('Restrict Ana Cruz');
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await page.getByText('Ana Cruz is now Restricted.').waitFor({ state: 'hidden' });
  });
});

describe('kit on screens wide and narrow', () => {
  const shots = process.env.KIT_SCREENSHOT_DIR;

  it.each(['admin', 'organizer'])('%s colours at 1366 and 390 px have no serious or critical axe violation', async (area) => {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await openAccounts(`/kit/${area}`);
      expect([width, await seriousViolations(page)]).toEqual([width, []]);
      if (shots) {
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: join(shots, `kit-${area}-${width}.png`), fullPage: true });
      }
    }
  });

  it('on a 390 px phone the table scrolls in its own box, says so, and takes keyboard focus', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAccounts();
    const region = page.getByRole('region', { name: 'Accounts, 10 a page' });
    await page.getByText('Scroll sideways to see every column.').waitFor();
    const box = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, tabIndex: element.tabIndex }));
    expect(box.scroll).toBeGreaterThan(box.client);
    expect(box.tabIndex).toBe(0);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await region.evaluate((element) => new Promise<void>((resolve) => {
      const check = () => (element.scrollLeft > 0 ? resolve() : requestAnimationFrame(check));
      check();
    }));
    expect(await region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});
