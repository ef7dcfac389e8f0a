import type { Browser } from 'playwright-core';
import { DEMO, logIn } from './support/accounts';
import { launchBrowser, openPage, remoteUrls, storeSessionUser } from './support/browser';

jest.setTimeout(60_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('composed product in Chromium', () => {
  it('home renders the featured carousel with three Book Now links, header and footer, without console errors', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/');
    // All three slides are in the page; only the current one is exposed (the others are inert).
    const bookNow = page.locator('a', { hasText: 'Book Now' });
    await page.getByRole('link', { name: 'Book Now' }).waitFor();
    expect(await bookNow.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/events/1', '/events/2', '/events/3']);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await page.waitForFunction(() => document.querySelector('a[href="/events/2"]')?.closest('[inert]') === null);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sports' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await page.getByText('DISCOVER MORE').count()).toBeGreaterThan(0);
    expect(await page.getByText(/2025-2026/).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the home page downloads no admin or organizer code', async () => {
    const { context, page } = await openPage(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/');
    await page.getByRole('link', { name: 'Book Now' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const { admin, organizer, booking } = remoteUrls();
    expect(requested.some((url) => url.startsWith(booking))).toBe(true);
    expect(requested.filter((url) => url.startsWith(admin) || url.startsWith(organizer))).toEqual([]);
    await context.close();
  });

  it('/admin/dashboard sends an anonymous visitor to /login', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('a Participant opening /admin/accounts is sent to /', async () => {
    const { context, page } = await openPage(browser);
    await logIn(page, DEMO.visitor);
    await page.goto('/admin/accounts');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Book Now' }).first().waitFor();
    await context.close();
  });

  it('a stored Admin copy without a session opens nothing: the server is asked, the guard sends to /login', async () => {
    const { context, page } = await openPage(browser);
    await storeSessionUser(page, { user_id: 1, email: 'admin@demo.local', first_name: 'Ana', last_name: 'Reyes', role_id: 1, role_name: 'Admin' });
    await page.goto('/admin/accounts');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await context.close();
  });

  it('an Admin session loads the admin remote with its drawer navigation', async () => {
    const { context, page } = await openPage(browser);
    await logIn(page, DEMO.admin);
    await page.goto('/admin/accounts');
    await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('SPORTS COMPLEX').waitFor();
    await drawer.getByRole('link', { name: 'EVENTS' }).click();
    await page.waitForURL('**/admin/events');
    await page.getByRole('heading', { name: 'Manage Events' }).waitFor();
    await context.close();
  });

  it("when a remote's files are blocked its area says so, and the header and other pages keep working", async () => {
    const { context, page } = await openPage(browser);
    const { booking } = remoteUrls();
    await context.route(`${booking}/**`, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { name: 'Event booking is unavailable right now' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sports' }).waitFor();
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('unknown paths show the not-found page inside the layout', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/definitely/not/here');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('the hamburger menu carries the same links on a narrow screen', async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 390, height: 800 } });
    await page.goto('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Concert' }).click();
    await page.waitForURL('**/genre/concert');
    await page.getByRole('heading', { name: 'Concerts & Music' }).waitFor();
    await context.close();
  });

  it('a genre lists only events on sale, and its Past events link leads to the ones that took place, each with its page', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/genre/sports');
    await page.getByRole('link', { name: 'Book Now' }).first().waitFor();
    expect(await page.getByText('Ticket sales closed').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Inter-Barangay Basketball Cup 2024 Finals' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Past events', exact: true }).click();
    await page.waitForURL('**/events/past');
    await page.getByRole('heading', { level: 1, name: 'Past Events' }).waitFor();
    const sports = page.getByRole('region', { name: 'Sports Events' });
    const final = sports.getByRole('article', { name: 'Inter-Barangay Basketball Cup 2024 Finals' });
    await final.getByText('Ticket sales closed').waitFor();
    await final.getByRole('link', { name: 'View Event' }).click();
    await page.waitForURL(/\/events\/\d+$/);
    await page.getByRole('heading', { name: 'Inter-Barangay Basketball Cup 2024 Finals' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
