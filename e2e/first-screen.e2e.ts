import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(60_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function servedHtml(path: string): Promise<string> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { Accept: 'text/html' } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The preload links of the served HTML: absolute URL -> `as`. */
function preloadsOf(html: string): Map<string, string> {
  const links = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="([a-z]+)"/g)];
  return new Map(links.map(([, href, as]) => [new URL((href as string).replace(/&amp;/g, '&'), baseUrl()).href, as as string]));
}

describe("the shell's HTML asks for a page's files and data before any script runs", () => {
  it('writes the runtime config into the page, the same as /runtime-config.json', async () => {
    const html = await servedHtml('/');
    const written = /<script type="application\/json" id="runtime-config">([^<]*)<\/script>/.exec(html)?.[1];
    const served = await (await fetch(`${baseUrl()}/runtime-config.json`)).json();
    expect(JSON.parse(written ?? 'null')).toEqual(served);
  });

  it.each([
    ['/', ['/api/me', '/api/events/featured'], /booking-home\.[0-9a-f]{8}\.js$/],
    ['/genre/sports', ['/api/events?genre=sports'], /booking-genre\.[0-9a-f]{8}\.js$/],
    ['/events/1/seatmap', ['/api/events/1', '/api/sections?event_id=1', '/api/events/1/availability'], /booking-seatmap\.[0-9a-f]{8}\.js$/],
  ])('%s: every file and read it preloads is used once, by the page itself, and it shows', async (path, reads, pageChunk) => {
    const preloads = preloadsOf(await servedHtml(path));
    for (const read of reads) expect(preloads.get(new URL(read, baseUrl()).href)).toBe('fetch');
    expect([...preloads.keys()].some((url) => pageChunk.test(url))).toBe(true);
    expect([...preloads.keys()].some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);

    const { context, page, errors } = await openPage(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.goto(path);
    await page.locator('h1, .bk-hero').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Unused preloads are reported by Chromium a few seconds after the load.
    await page.waitForTimeout(3500);
    for (const url of preloads.keys()) expect({ url, times: requested.filter((r) => r === url).length }).toEqual({ url, times: 1 });
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an event's page preloads its picture, the home page its first hero slide", async () => {
    const [event] = await queryDb<{ id: number }>(`SELECT id FROM events WHERE status = 'Approved' AND starts_at > now() ORDER BY id LIMIT 1`);
    const eventHtml = await servedHtml(`/events/${event?.id}`);
    const { event: shown } = await (await fetch(`${baseUrl()}/api/events/${event?.id}`)).json();
    expect(preloadsOf(eventHtml).get(new URL(shown.img, baseUrl()).href)).toBe('image');

    const { featured } = await (await fetch(`${baseUrl()}/api/events/featured`)).json();
    expect(featured.length).toBeGreaterThan(0);
    expect(preloadsOf(await servedHtml('/')).get(new URL(featured[0].img, baseUrl()).href)).toBe('image');
  });

  it.each(['/login', '/events/%E0%A4%A'])('%s, outside the booking remote, preloads only the shell', async (path) => {
    const preloads = [...preloadsOf(await servedHtml(path)).keys()];
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.every((url) => url.startsWith(`${baseUrl()}/`) && !url.includes('/api/'))).toBe(true);
  });
});
