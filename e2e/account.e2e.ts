// My Account in Chromium: a visitor with a ticket, sent to /login from /account and brought back,
// corrects their address, downloads their data (a JSON file with their email), deletes the
// account: they are signed out with a notice and cannot sign in again, and the organizer's
// Attendee List still shows the ticket, under "Deleted user".
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser } from 'playwright-core';
import type { OrderSummary } from '@sports/contracts';
import { ACCOUNT_MESSAGES } from '@sports/contracts';
import { DEMO, logIn, registerParticipant } from './support/accounts';
import { apiUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(180_000);

const PASSWORD = 'my-account-2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An event of the demo organizer starting in 30 days. */
async function organizersEvent(): Promise<{ id: number; name: string }> {
  const name = `Account e2e ${Date.now()}`;
  const [event] = await queryDb<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, ends_at, has_time, price, status, organizer_user_id)
     SELECT 'sports', $1, 'My Account test', now() + interval '30 days', now() + interval '30 days 3 hours', true, 150, 'Approved', id
     FROM users WHERE email = $2 RETURNING id`,
    [name, DEMO.organizer],
  );
  return { id: event?.id as number, name };
}

/** Books and pays one seat of section 1 as `email`, through the API. */
async function buy(request: APIRequestContext, email: string, eventId: number): Promise<OrderSummary> {
  const login = await request.post(`${apiUrl()}/api/login.php`, { data: { email, password: PASSWORD } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  const hold = await request.post(`${apiUrl()}/backend/api/book-seats.php`, { data: { event_id: eventId, section_id: 1, seat_numbers: [7], user_id: 1 } });
  if (!hold.ok()) throw new Error(`booking failed: ${hold.status()} ${await hold.text()}`);
  const { order } = (await hold.json()) as { order: OrderSummary };
  const paid = await request.post(`${apiUrl()}/api/orders/${order.orderId}/pay`, { data: { paymentMethod: 'gcash', paymentType: 'full' }, headers: { 'Idempotency-Key': `account-e2e-${order.orderId}` } });
  if (!paid.ok()) throw new Error(`payment failed: ${paid.status()} ${await paid.text()}`);
  return ((await paid.json()) as { order: OrderSummary }).order;
}

it('a visitor corrects their address, downloads their data and deletes the account; the ticket stays on the attendee list without their name', async () => {
  const event = await organizersEvent();
  const api = await openPage(browser);
  const email = await registerParticipant(api.page.request, PASSWORD, 'leaving', { first_name: 'Lorna', last_name: 'Villanueva' });
  const order = await buy(api.page.request, email, event.id);
  const ticket = order.tickets?.[0];
  if (!ticket) throw new Error('a ticket expected');
  await api.context.close();

  // Signed out, /account leads to the login page, and back after signing in.
  const visitor = await openPage(browser);
  const { page } = visitor;
  await page.goto('/account');
  await page.getByText('Please log in to continue.').waitFor();
  await logIn(page, email, PASSWORD);
  await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/account');
  await page.getByRole('link', { name: 'My Tickets' }).first().waitFor();
  expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);

  // Profile: another city (and a barangay of it) and house address.
  const profile = page.getByRole('form', { name: 'Profile' });
  const city = profile.getByRole('combobox', { name: 'City/Municipality' });
  await city.locator('option').nth(2).waitFor({ state: 'attached' });
  await city.selectOption({ index: 2 });
  const barangay = profile.getByRole('combobox', { name: 'Barangay' });
  await barangay.locator('option').nth(1).waitFor({ state: 'attached' });
  const chosen = (await barangay.locator('option').nth(1).getAttribute('value')) as string;
  await barangay.selectOption(chosen);
  await profile.getByRole('textbox', { name: 'House address' }).fill('21 Mabini St.');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Your profile has been saved.').waitFor();
  const [stored] = await queryDb<{ house_address: string; barangay_code: string }>('SELECT house_address, barangay_code FROM users WHERE lower(email) = lower($1)', [email]);
  expect(stored).toEqual({ house_address: '21 Mabini St.', barangay_code: chosen });

  // Download my data: a JSON file with the account's email and the new address.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
  expect(data.account).toMatchObject({ email, firstName: 'Lorna' });
  expect(data.account.address.house).toBe('21 Mabini St.');
  expect(data.tickets.map((t: { id: string }) => t.id)).toEqual([ticket.ticketId]);

  // Delete my account: confirmed with the password; signed out with the notice.
  const danger = page.getByRole('form', { name: 'Delete my account' });
  await danger.getByRole('textbox', { name: 'Your password' }).fill(PASSWORD);
  await danger.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByText(ACCOUNT_MESSAGES.deleted).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await expect(logIn(page, email, PASSWORD)).rejects.toThrow('login refused: Invalid email or password.');
  expect(visitor.errors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([]);

  // The organizer still has the ticket, now under "Deleted user".
  const organizer = await openPage(browser);
  await logIn(organizer.page, DEMO.organizer);
  await organizer.page.goto(`/organizer/attendee-list?event=${event.id}`);
  const row = organizer.page.getByRole('row', { name: new RegExp(`Deleted user.*${ticket.code}`) });
  await row.waitFor();
  expect(await organizer.page.getByRole('row', { name: /Lorna|Villanueva/ }).count()).toBe(0);

  await Promise.all([visitor.context.close(), organizer.context.close()]);
});
