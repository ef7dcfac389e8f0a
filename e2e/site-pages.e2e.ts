import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchBrowser, openPage } from './support/browser';

jest.setTimeout(240_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface LinkInfo {
  name: string;
  href: string | null;
}

/** The links of an area: their accessible-ish name (aria-label, else text) and their raw href. */
async function linksOf(area: Locator): Promise<LinkInfo[]> {
  return area.locator('a').evaluateAll((links) => links.map((a) => ({ name: (a.getAttribute('aria-label') ?? a.textContent ?? '').trim(), href: a.getAttribute('href') })));
}

/** The page's h1 once it is there (remote pages and lazy chunks arrive after the address changes). */
async function headingOne(page: Page): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1 }).first();
  await h1.waitFor({ state: 'attached' });
  return ((await h1.textContent()) ?? '').trim();
}

async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Book Now' }).first().waitFor();
  await page.getByRole('heading', { name: 'DISCOVER MORE' }).waitFor();
}

/** Pages for signed-in visitors: a signed-out one is sent to log in first (and returned after). */
const SIGNED_IN_PAGES = ['/account'];

type AreaOf = (page: Page) => Locator;

const AREAS: Array<[string, AreaOf]> = [
  ['header', (page) => page.locator('header.site-header')],
  ['footer', (page) => page.getByRole('contentinfo')],
  ['DISCOVER MORE', (page) => page.locator('section[aria-labelledby="bk-discover-heading"]')],
];

describe('the site has no dead links: header, footer and DISCOVER MORE lead to real pages', () => {
  it.each(AREAS)('every %s link has a real address and leads to a page with its own h1', async (_area, areaOf) => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    await openHome(page);
    const links = await linksOf(areaOf(page));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect([link.name, link.href]).toEqual([link.name, expect.stringMatching(/^\/(?!\/)/)]);

    for (const [index, link] of links.entries()) {
      await openHome(page);
      await areaOf(page).locator('a').nth(index).click();
      await page.waitForURL((url) => url.pathname === link.href || (SIGNED_IN_PAGES.includes(link.href ?? '') && url.pathname === '/login'));
      const title = await headingOne(page);
      expect([link.name, title]).toEqual([link.name, expect.stringMatching(/\S/)]);
      expect([link.name, title]).not.toEqual([link.name, 'Page not found']);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the phone menu has the same links, About Us included, and none is a placeholder', async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await openHome(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    const links = await linksOf(menu);
    expect(links.map((l) => l.name)).toEqual(expect.arrayContaining(['Sports', 'Concert', 'Community', 'Home', 'About Us']));
    for (const link of links) expect(link.href).toMatch(/^\/(?!\/)/);
    await menu.getByRole('link', { name: 'About Us' }).click();
    // The About page's chunk loads after the click: until it is in, the home page's heading is.
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    await context.close();
  });

  it('each guide card opens its guide, which links to other guides; the Season Guide lists the events on sale', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await openHome(page);
    const cards = await linksOf(page.locator('section[aria-labelledby="bk-discover-heading"]'));
    expect(cards.map((c) => c.name)).toEqual(['What to Bring', 'Season Guide', 'Ticket-Sale Prep', 'Getting Started', 'Parking Guide']);
    for (const card of cards) {
      await page.goto(card.href as string);
      expect(await headingOne(page)).toBe(card.name);
      const more = await linksOf(page.getByRole('navigation', { name: 'More guides' }));
      expect(more.length).toBeGreaterThan(0);
      for (const link of more) expect(link.href).toMatch(/^\/guides\/[a-z-]+$/);
    }
    await page.goto('/guides/season-guide');
    const firstEvent = page.locator('.guide-calendar a').first();
    await firstEvent.waitFor();
    const href = await firstEvent.getAttribute('href');
    expect(href).toMatch(/^\/events\/\d+$/);
    await firstEvent.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByRole('link', { name: 'Select Seat(s)' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Help/FAQ opens the question an address names', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/help#change-seats');
    const summary = page.locator('summary', { hasText: 'Can I change the seats on a ticket I already paid for?' });
    await summary.waitFor();
    await page.waitForFunction(() => (document.getElementById('change-seats') as HTMLDetailsElement | null)?.open === true);
    expect(await page.getByText('Not directly: a paid ticket is for its seat.', { exact: false }).isVisible()).toBe(true);
    await context.close();
  });

  it('the served HTML titles the new pages and the sitemap lists them', async () => {
    const pages: Array<[string, string]> = [
      ['/about', 'About Us'],
      ['/ticketing-truths', 'Ticketing Truths'],
      ['/help', 'Help/FAQ'],
      ['/contact', 'Contact Us'],
      ['/guides/what-to-bring', 'What to Bring'],
      ['/guides/season-guide', 'Season Guide'],
      ['/guides/ticket-sale-prep', 'Ticket-Sale Prep'],
      ['/guides/getting-started', 'Getting Started'],
      ['/guides/parking-guide', 'Parking Guide'],
    ];
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    for (const [path, title] of pages) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      expect([path, /<title>([^<]*)<\/title>/.exec(html)?.[1]]).toEqual([path, `${title} | Sports Complex`]);
      expect(html).toContain(`<link rel="canonical" href="${baseUrl()}${path}" />`);
      expect(sitemap).toContain(`<loc>${baseUrl()}${path}</loc>`);
    }
  });
});
