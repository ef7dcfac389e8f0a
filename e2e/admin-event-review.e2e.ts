// The admin sees what they approve: the demo admin opens a Pending request of the demo organizer
// from Manage Events by keyboard, reads its venue with the full address and its seat plan, previews
// it as visitors will see it, rejects it with a reason, and the organizer's mail is in the outbox.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { placeLine } from '@sports/contracts';
import { DEMO, logIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(120_000);

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;

let browser: Browser;
let admin: { context: BrowserContext; page: Page; errors: string[] };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser, { reducedMotion: 'reduce' });
  await logIn(admin.page, DEMO.admin);
  await admin.page.waitForURL('**/admin/dashboard');
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

/** The outbox mail to `to` with `subject`, once the mail queue has sent it (it runs after the decision's commit). */
async function mailTo(to: string, subject: string): Promise<{ text: string }> {
  for (;;) {
    const [mail] = await queryDb<{ text: string }>('SELECT text FROM mail_outbox WHERE "to" = $1 AND subject = $2 ORDER BY id DESC LIMIT 1', [to, subject]);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Manage Events: a request in full before the decision', () => {
  it('opens a Pending request by keyboard, shows its address and seat plan, previews it, rejects it with a reason, and the organizer is mailed', async () => {
    const { page } = admin;
    const title = `E2E Review Zumba Night ${stamp}`;
    const [place] = await queryDb<{ city_code: string; barangay_code: string; barangay: string; city: string; province: string }>(
      `SELECT c.code AS city_code, b.code AS barangay_code, b.name AS barangay, c.name AS city, p.name AS province
       FROM barangays b JOIN cities c ON c.code = b.city_code JOIN provinces p ON p.code = c.province_code
       ORDER BY b.code LIMIT 1`,
    );
    if (!place) throw new Error('no locations loaded');
    // As Create Event and Seat Planning save it: Pending, 40 days ahead, a venue and a plan of 5 x 8.
    const [created] = await queryDb<{ id: number }>(
      `INSERT INTO events (genre, title, description, starts_at, ends_at, price, organizer, organizer_user_id, venue_name, street_name, city_code, barangay_code)
       SELECT 'community', $1, 'An hour of Zumba under the lights. Bring water and a towel.', now() + interval '40 days', now() + interval '40 days 2 hours', 75,
              'Demo Organizer', id, 'Covered Court', '7 Mabini Street', $3, $4
       FROM users WHERE email = $2 RETURNING id`,
      [title, DEMO.organizer, place.city_code, place.barangay_code],
    );
    const id = created?.id ?? 0;
    await queryDb(
      `INSERT INTO event_seat_plans (event_id, seat_rows, seat_columns, updated_at, updated_by)
       SELECT $1, 5, 8, now(), organizer_user_id FROM events WHERE id = $1`,
      [id],
    );

    await page.goto(`/admin/events?status=Pending&q=${encodeURIComponent(stamp)}`);
    await page.getByRole('heading', { level: 1, name: 'Manage Events' }).waitFor();
    await page.getByText('view, approve, or reject event requests').waitFor();
    const link = page.getByRole('table', { name: 'Event requests' }).getByRole('link', { name: title, exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/events/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    const venue = page.getByRole('region', { name: 'Venue' });
    for (const [label, value] of [
      ['Venue', 'Covered Court'],
      ['Street', '7 Mabini Street'],
      ['Barangay', place.barangay],
      ['City', place.city],
      ['Province', place.province],
    ]) {
      expect([label, (await venue.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd').innerText()).trim()]).toEqual([label, value]);
    }
    const plan = page.getByRole('region', { name: 'Seat plan' });
    await plan.getByRole('img', { name: 'Seat plan: 5 rows (A to E) of 8 seats, 40 seats in all' }).waitFor();
    expect(await plan.locator('.adm-plan__seat').count()).toBe(40);
    await page.getByRole('region', { name: 'Organizer' }).getByRole('link', { name: DEMO.organizer }).waitFor();
    await page.getByRole('region', { name: 'History' }).getByText(/^Submitted /).waitFor();
    // On a phone the page scrolls its tables and wraps its buttons: nothing is wider than the window.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    if (size) await page.setViewportSize(size);

    await page.getByRole('button', { name: 'View as visitors will see it' }).click();
    const preview = page.getByRole('dialog', { name: 'As visitors will see it' });
    const article = preview.getByRole('article', { name: `${title} as visitors will see it` });
    await article.getByRole('heading', { name: title }).waitFor();
    await article.getByText('An hour of Zumba under the lights. Bring water and a towel.').waitFor();
    await article.getByText('₱75.00').waitFor();
    // A part that repeats the one before it is said once (a barangay named as its town).
    await article.getByText(placeLine(['Covered Court', '7 Mabini Street', place.barangay, place.city, place.province])).waitFor();
    // The generated poster (no banner was uploaded) is drawn from the admin API.
    const poster = article.getByRole('img', { name: title });
    await poster.evaluate((img: HTMLImageElement) => img.decode());
    expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const reject = page.getByRole('dialog', { name: 'Reject this event request?' });
    const reason = `The court floor is being resurfaced that week. (${stamp})`;
    await reject.getByRole('textbox', { name: 'Reason for rejecting' }).fill(reason);
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText(`${title} is rejected. The organizer sees your reason.`).waitFor();
    await page.getByText(`Reason: ${reason}`, { exact: true }).first().waitFor();
    await page.getByRole('region', { name: 'History' }).getByText(/^Rejected /).waitFor();

    const mail = await mailTo(DEMO.organizer, `Not approved: ${title}`);
    expect(mail.text).toContain(`Your event request "${title}" for `);
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect(mail.text).toContain('You can edit the request and send it again from your Event List');
    expect(admin.errors).toEqual([]);
  });
});
