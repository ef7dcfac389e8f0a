import type { Browser, Page } from 'playwright-core';
import { logIn, registerParticipant } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(90_000);

const PASSWORD = 'ticket-window-77';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new signed-in participant (so the demo accounts other suites use stay as they are). */
async function signedInParticipant(page: Page, prefix: string): Promise<string> {
  const email = await registerParticipant(page.request, PASSWORD, prefix);
  await logIn(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  return email;
}

const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('user'));

describe('a live session in Chromium', () => {
  it('sends a visitor whose account was restricted elsewhere to /login on reload, saying why', async () => {
    const { context, page } = await openPage(browser);
    const email = await signedInParticipant(page, 'restricted');
    await page.goto('/my-tickets');
    await page.getByRole('heading', { name: 'My Tickets' }).waitFor();
    await page.getByText('You have no tickets yet.').waitFor();
    // The page's own reads (transfers, reviews) must have answered: one still in flight would meet the
    // restriction first and sign this page out before the reload, which is then a signed-out reload.
    await page.waitForLoadState('networkidle');

    await queryDb("UPDATE users SET status = 'Restricted' WHERE lower(email) = lower($1)", [email]);
    await page.reload();
    await page.waitForURL('**/login');
    await page.getByText('This account is restricted. Please contact support.').waitFor();
    expect(await storedUser(page)).toBeNull();
    await expect(page.getByRole('link', { name: 'Login', exact: true }).count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it('ends the session when a signed-in page gets a 401, and returns to that page after logging in again', async () => {
    const { context, page } = await openPage(browser);
    const email = await signedInParticipant(page, 'revoked');
    await queryDb('UPDATE sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE lower(email) = lower($1))', [email]);
    // Client-side navigation: the page's own call to /api/my/profile meets the 401.
    await page.getByRole('link', { name: 'My Account', exact: true }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your session has ended. Please log in again.').waitFor();
    expect(await storedUser(page)).toBeNull();

    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/account');
    await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    await context.close();
  });

  it('follows a role change between two page loads, and never flashes the login page for a signed-in user', async () => {
    const { context, page } = await openPage(browser);
    const email = await signedInParticipant(page, 'promoted');
    await queryDb("UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'Admin') WHERE lower(email) = lower($1)", [email]);
    // Records whether the login form ever appears while the admin page loads.
    await page.addInitScript(() => {
      const seen = { login: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('form[aria-label="Login with email"]')) seen.login = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __seen: { login: boolean } }).__seen.login)).toBe(false);
    expect(JSON.parse((await storedUser(page)) ?? 'null')).toMatchObject({ role_name: 'Admin' });
    // As above: no admin read may still be in flight to meet the role change before the reload does.
    await page.waitForLoadState('networkidle');

    await queryDb("UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'Participant') WHERE lower(email) = lower($1)", [email]);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('You are not allowed to open that page.').waitFor();
    expect(JSON.parse((await storedUser(page)) ?? 'null')).toMatchObject({ role_name: 'Participant' });
    await context.close();
  });
});
