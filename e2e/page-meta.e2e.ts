import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(60_000);

/** The shell's HTML for `path`, fetched as a crawler does: no JavaScript runs. */
async function served(path: string): Promise<{ status: number; html: string; type: string | null }> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { Accept: 'text/html' } });
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') };
}

/** The content of `<meta property|name="key">` in `html`, as the page's parser reads it. */
function metaContent(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return tag ? decode(tag[1] as string) : null;
}
const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, unknown> | null;

let browser: Browser;
let eventId: number;
const TITLE = `Barangay "Finals" <Night> & $& ${Date.now()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await queryDb<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, ends_at, has_time, price, status, venue_name, street_name)
     VALUES ('sports', $1, 'Two rival barangays play for the cup. </script><script>alert(1)</script>', now() + interval '20 days',
             now() + interval '20 days 3 hours', true, 250, 'Approved', 'Main Arena', 'Caruncho Avenue') RETURNING id`,
    [TITLE],
  );
  eventId = (row as { id: number }).id;
});
afterAll(async () => {
  await browser?.close();
});

describe('what the served HTML says of a page, before any script', () => {
  it("an event's page carries its title, date and venue, canonical address, card tags and schema.org Event, all escaped", async () => {
    const { status, html, type } = await served(`/events/${eventId}/seatmap`);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(titleOf(html)).toBe(`${TITLE} | Sports Complex`);
    expect(metaContent(html, 'og:title')).toBe(`${TITLE} | Sports Complex`);
    const description = metaContent(html, 'description') ?? '';
    expect(description).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M at Main Arena, Caruncho Avenue/);
    expect(metaContent(html, 'og:description')).toBe(description);
    expect(html).toContain(`<link rel="canonical" href="${baseUrl()}/events/${eventId}" />`);
    expect(metaContent(html, 'og:url')).toBe(`${baseUrl()}/events/${eventId}`);
    // No banner of its own: the generated poster, drawn as a PNG (previews take no SVG).
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const image = metaContent(html, 'og:image') ?? '';
    expect(image).toBe(`${baseUrl()}/api/events/${eventId}/poster.png`);
    expect(metaContent(html, 'twitter:image')).toBe(image);
    const png = await fetch(image);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // Nothing the organizer wrote opens an element of its own.
    expect(html).not.toContain('<Night>');
    expect(html).not.toContain('<script>alert(1)');

    const event = jsonLdOf(html);
    expect(event).toMatchObject({
      '@type': 'Event',
      name: TITLE,
      location: { '@type': 'Place', name: 'Main Arena', address: { streetAddress: 'Caruncho Avenue', addressCountry: 'PH' } },
      offers: { price: '250.00', priceCurrency: 'PHP', availability: 'https://schema.org/InStock', url: `${baseUrl()}/events/${eventId}` },
    });
    const [stored] = await queryDb<{ starts: Date }>('SELECT starts_at AS starts FROM events WHERE id = $1', [eventId]);
    expect(Date.parse(String(event?.startDate))).toBe(stored?.starts.getTime());
  });

  it('the event page still runs under the strict policy with its data block in the head', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`/events/${eventId}`);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect(await page.title()).toBe(`${TITLE} | Sports Complex`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages have their own titles; an unknown event and private areas are not indexed', async () => {
    expect(titleOf((await served('/genre/sports')).html)).toBe('Sports Events | Sports Complex');
    expect(titleOf((await served('/privacy')).html)).toBe('Privacy Policy | Sports Complex');
    expect(titleOf((await served('/ticket-your-event')).html)).toBe('Ticket your Event | Sports Complex');
    expect(titleOf((await served('/')).html)).toBe('Sports Complex: tickets for sports, concerts and community events');
    const missing = (await served('/events/999999')).html;
    expect(titleOf(missing)).toBe('Page not found | Sports Complex');
    expect(missing).not.toContain('rel="canonical"');
    expect(metaContent((await served('/admin/accounts')).html, 'robots')).toBe('noindex');
    expect(metaContent((await served('/my-tickets')).html, 'robots')).toBe('noindex');
    expect(metaContent((await served('/account')).html, 'robots')).toBe('noindex');
    expect(metaContent((await served('/events/1')).html, 'robots')).toBeNull();
  });

  it('a page nobody has, or an event that does not exist, answers 404 and is not indexed; the page still says so', async () => {
    for (const path of ['/nope', '/events/999999', '/events/999999/seatmap', '/genre/sports/extra']) {
      const { status, html, type } = await served(path);
      expect([path, status, type?.startsWith('text/html'), metaContent(html, 'robots')]).toEqual([path, 404, true, 'noindex']);
    }
    for (const path of ['/', '/events/1', '/events/1/seatmap/6', '/login', '/guides/first-visit', '/admin/accounts', '/my-tickets']) {
      expect([path, (await served(path)).status]).toEqual([path, 200]);
    }
    const { context, page } = await openPage(browser);
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await context.close();
  });

  it('robots.txt keeps crawlers out of the private areas and names the sitemap, which lists the events on sale only', async () => {
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /my-tickets');
    expect(robots).toContain('Disallow: /account');
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);

    const res = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${baseUrl()}/`);
    expect(locs).toContain(`${baseUrl()}/privacy`);
    expect(locs).toContain(`${baseUrl()}/ticket-your-event`);
    expect(locs).toContain(`${baseUrl()}/events/${eventId}`);
    const past = await queryDb<{ id: number }>("SELECT id FROM events WHERE status = 'Approved' AND starts_at < now()");
    expect(past.length).toBeGreaterThan(0);
    for (const { id } of past) expect(locs).not.toContain(`${baseUrl()}/events/${id}`);
  });
});
