import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, logIn } from './support/accounts';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';

jest.setTimeout(120_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PUBLIC_ROUTES: Array<[string, string]> = [
  ['/', 'Book Now'],
  ['/genre/sports', 'Sports Events'],
  ['/events/past', 'View Event'],
  ['/search', 'View Event'],
  ['/search?q=zzqqxxvv&price=free', 'No events match your search.'],
  ['/privacy', 'Your rights'],
  ['/about', 'What this site does'],
  ['/ticketing-truths', 'No resale, no markups'],
  ['/help', 'Refunds and changes'],
  ['/guides/what-to-bring', 'Water and food'],
  ['/guides/season-guide', 'Coming up, month by month'],
  ['/guides/ticket-sale-prep', 'Check out within 10 minutes'],
  ['/guides/getting-started', '1. Create your account'],
  ['/guides/parking-guide', 'Getting out quickly'],
  ['/ticket-your-event', 'What organizers can do'],
  ['/events/1', 'About Event'],
  ['/events/1/seatmap', 'Select Seats'],
  ['/events/1/seatmap/1', 'Checkout'],
  ['/event/qr', 'Invalid QR page. No data found.'],
  ['/events/1/checkout', 'Invalid checkout. Please select seats again.'],
  ['/login', 'Forgot Password'],
  ['/register1', 'Create Account'],
  ['/ForgotPassword', 'Send Code'],
  ['/no/such/page', 'Page not found'],
];

describe('accessibility (axe-core in Chromium)', () => {
  // One visitor's browser goes through every public route, as a visitor would: its cache keeps the
  // scripts between pages (a new browser per route spent most of its time loading them again).
  let visitor: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    visitor = await openPage(browser);
  });
  afterAll(async () => {
    await visitor?.context.close();
  });

  it.each(PUBLIC_ROUTES)('%s has no serious or critical violation', async (path, marker) => {
    const { page } = visitor;
    await page.goto(path);
    await page.getByText(marker).first().waitFor();
    // Checked once settled: a part still loading is drawn muted on purpose (the seat grid before the taken seats are known).
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    expect(await seriousViolations(page)).toEqual([]);
  });

  // The organizer's routes: organizer-pages.e2e.ts, at a desktop's and a phone's width.
  it.each([
    [DEMO.admin, ['/admin/dashboard', '/admin/accounts', '/admin/events', '/admin/events/1', '/admin/feedback']],
    [DEMO.visitor, ['/my-tickets', '/ticket-your-event', '/account']],
  ])('%s routes have no serious or critical violation', async (email, paths) => {
    const { context, page } = await openPage(browser);
    await logIn(page, email);
    for (const path of paths) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect([path, await seriousViolations(page)]).toEqual([path, []]);
    }
    await context.close();
  });
});
