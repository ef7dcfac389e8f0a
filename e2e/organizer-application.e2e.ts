// "Ticket your Event" from apply to approval to the new organizer's first sign-in: a new visitor
// applies on /ticket-your-event, an admin approves on Accounts, the applicant is mailed, signs in
// again and lands on the organizer dashboard.
import type { Browser } from 'playwright-core';
import { DEMO, logIn, registerParticipant } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(120_000);

const PASSWORD = 'event-organizer-88';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The newest mail to `email` with `subject` from the development outbox, waiting for the mail queue. */
async function mailTo(email: string, subject: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await queryDb<{ text: string }>('SELECT text FROM mail_outbox WHERE lower("to") = lower($1) AND subject = $2 ORDER BY id DESC LIMIT 1', [email, subject]);
    if (rows[0]) return rows[0].text;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${email}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('the organizer application in Chromium', () => {
  it('a visitor applies, an admin approves on Accounts, the applicant is mailed and signs in as an organizer', async () => {
    const organization = `E2E Runners Club ${Date.now()}`;
    const visitor = await openPage(browser);
    const email = await registerParticipant(visitor.page.request, PASSWORD, 'applicant', { first_name: 'Marisol', last_name: 'Cruz' });

    // Signed out: the page explains, and "Log in" comes back here.
    await visitor.page.goto('/ticket-your-event');
    await visitor.page.getByRole('heading', { level: 1, name: 'Ticket your Event' }).waitFor();
    await visitor.page.getByRole('link', { name: 'Register' }).waitFor();
    await visitor.page.getByRole('link', { name: 'Log in', exact: true }).click();
    await logIn(visitor.page, email, PASSWORD);
    await visitor.page.waitForURL('**/ticket-your-event');

    // A wrong phone is refused at its field; then the application goes in.
    const form = visitor.page.getByRole('form', { name: 'Apply to ticket your event' });
    await form.getByRole('textbox', { name: 'Organization' }).fill(organization);
    expect(await form.getByRole('textbox', { name: 'Contact person' }).inputValue()).toBe('Marisol Cruz');
    await form.getByRole('textbox', { name: 'Phone' }).fill('12345');
    await form.getByRole('textbox', { name: 'What do you run?' }).fill('Monthly fun runs around the complex for about 800 runners.');
    await form.getByRole('button', { name: 'Send Application' }).click();
    await form.getByText('Phone must be a Philippine number, like 0917 123 4567 or +63 2 8123 4567').waitFor();
    await form.getByRole('textbox', { name: 'Phone' }).fill('0917 123 4567');
    await form.getByRole('button', { name: 'Send Application' }).click();
    await visitor.page.getByText(`We received your application for ${organization}.`).waitFor();
    await visitor.page.reload();
    await visitor.page.getByText(`We received your application for ${organization}.`).waitFor();

    // The admin approves it on Accounts.
    const admin = await openPage(browser);
    await logIn(admin.page, DEMO.admin);
    await admin.page.waitForURL('**/admin/dashboard');
    await admin.page.goto('/admin/accounts');
    const section = admin.page.getByRole('region', { name: 'Organizer applications' });
    const row = section.getByRole('row').filter({ hasText: organization });
    await row.getByText(email).waitFor();
    await row.getByText('+639171234567').waitFor();
    await row.getByRole('button', { name: `Approve ${organization}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Approve the application of ${organization}` });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await admin.page.getByText(`${email} is now an organizer for ${organization}.`).waitFor();
    await row.waitFor({ state: 'detached' });
    // The accounts table shows the new role, and the account's history the change.
    await admin.page.goto(`/admin/accounts?q=${encodeURIComponent(email)}`);
    const account = admin.page.getByRole('table', { name: 'Accounts' }).getByRole('row').filter({ hasText: email });
    await account.getByRole('cell', { name: 'Organizer', exact: true }).waitFor();
    await account.getByRole('button', { name: 'History of Marisol Cruz' }).click();
    await admin.page.getByRole('dialog').getByText('Role: Organizer').waitFor();
    await admin.context.close();

    // The applicant is mailed, with the way to the dashboard.
    expect(await mailTo(email, 'You are now an organizer on Sports Complex Tickets')).toContain(`${organization} has been approved`);

    // Signed in again, the applicant lands on the organizer dashboard, which works.
    await visitor.page.getByRole('button', { name: 'Logout' }).click();
    await visitor.page.waitForURL('**/login');
    await logIn(visitor.page, email, PASSWORD);
    await visitor.page.waitForURL('**/organizer/dashboard');
    await visitor.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await visitor.page.goto('/ticket-your-event');
    await visitor.page.getByRole('link', { name: 'Go to your organizer dashboard' }).waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});
