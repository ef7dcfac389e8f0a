import type { Browser, Page } from 'playwright-core';
import { confirmationLink, confirmationToken, DEMO, logIn, registerParticipant, signUp, uniqueEmail } from './support/accounts';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(90_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Picks the first real option of a select once its options have loaded from the API. */
async function chooseFirstOption(page: Page, label: string): Promise<string> {
  const select = page.getByLabel(label, { exact: true });
  await page.waitForFunction((name) => {
    const el = [...document.querySelectorAll('select')].find((s) => s.labels?.[0]?.textContent?.includes(name));
    return Boolean(el && !el.disabled && el.options.length > 1);
  }, label);
  const value = await select.evaluate((el) => (el as HTMLSelectElement).options[1]?.value ?? '');
  await select.selectOption(value);
  return value;
}

describe('accounts in Chromium', () => {
  it('registers through the three steps with real location selects, logs in, shows the first name, logs out', async () => {
    const { context, page } = await openPage(browser);
    const email = uniqueEmail('reg');
    await page.goto('/register1');
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Ligaya');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Bautista');
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('Female');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/register2');

    const region = await chooseFirstOption(page, 'Region');
    expect(region).toMatch(/^\d{9,10}$/);
    await chooseFirstOption(page, 'Province');
    await chooseFirstOption(page, 'City/Municipality');
    await chooseFirstOption(page, 'Barangay');
    await page.getByRole('textbox', { name: 'House address', exact: true }).fill('12 Mabini St.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/register3');

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('sunrise-court-42');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('sunrise-court-42');
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('status').filter({ hasText: 'Check your email to finish signing up: we sent you a message with the next step.' }).waitFor();

    await logIn(page, email, 'sunrise-court-42');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('header-user').getByText('Ligaya').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await context.close();
  });

  it('an unconfirmed account is asked to confirm before buying, gets a new link, and the link confirms once', async () => {
    const { context, page } = await openPage(browser);
    const email = await signUp(page.request, 'unconfirmed-pass-7', 'unconfirmed');
    await logIn(page, email, 'unconfirmed-pass-7');
    await page.goto('/events/5/seatmap/6');
    await page.getByRole('button', { name: 'Row A, seat 27, available', exact: true }).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/events/5/checkout');
    await page.getByRole('alert').filter({ hasText: 'Confirm your email address before buying tickets. We sent you a link.' }).waitFor();
    const first = await confirmationToken(email);
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await page.getByText(`We sent a new confirmation link to ${email}. Open it, then try again.`).waitFor();
    let fresh = first;
    for (let i = 0; i < 100 && fresh === first; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      fresh = await confirmationToken(email);
    }
    expect(fresh).not.toBe(first);

    // The mailed link itself: it names the site where it runs, whatever the shell's port.
    const link = await confirmationLink(email);
    expect(new URL(link).origin).toBe(new URL(baseUrl()).origin);
    expect(new URL(link).searchParams.get('token')).toBe(fresh);
    await page.goto(link);
    await page.getByText('Your email address is confirmed. You can now buy tickets.').waitFor();
    await page.goto(`/confirm-email?token=${fresh}`);
    await page.getByRole('alert').filter({ hasText: 'This confirmation link has expired or was already used.' }).waitFor();
    await page.getByRole('button', { name: 'Send a new link' }).waitFor();
    await context.close();
  });

  it.each([
    [DEMO.admin, '/admin/dashboard'],
    [DEMO.organizer, '/organizer/dashboard'],
    [DEMO.visitor, '/'],
  ])('%s lands on %s', async (email, landing) => {
    const { context, page } = await openPage(browser);
    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === landing);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();
  });

  it('a logged-in Participant opening /admin/accounts is sent to /', async () => {
    const { context, page } = await openPage(browser);
    await logIn(page, DEMO.visitor);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin/accounts');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('shows the SPEC validation messages for bad input', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/register1');
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Ana');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lim');
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('Other');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const label of ['Region', 'Province', 'City/Municipality', 'Barangay']) await chooseFirstOption(page, label);
    await page.getByRole('textbox', { name: 'House address', exact: true }).fill('1 Rizal Ave.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/register3');

    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const text of ['Email is required', 'Password is required', 'You must agree to the terms']) await page.getByText(text, { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('abd');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const text of ['Invalid email format', 'Password must be at least 6 characters', 'Passwords do not match']) await page.getByText(text, { exact: true }).waitFor();

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.visitor);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: /invalid email or password/i }).waitFor();
    await context.close();
  });

  it('resets a forgotten password with the code from the mail outbox, then logs in with it', async () => {
    const { context, page } = await openPage(browser);
    // A fresh account through the real API, so the demo logins stay untouched.
    const email = await registerParticipant(page.request, 'first-pass-99', 'reset');

    await page.goto('/ForgotPassword');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText('A 6-digit code has been sent to your email.').waitFor();

    const code = await latestResetCode(email);
    await page.getByRole('textbox', { name: '6-digit code', exact: true }).fill(`${code}`);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('new-court-pass-7');
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('new-court-pass-7');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(/Your password has been reset/).waitFor();
    await page.waitForURL('**/login');

    await logIn(page, email, 'new-court-pass-7');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

/** The code of the newest mail to `email`; the API sends it after answering, so wait for it a little. */
async function latestResetCode(email: string): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const [mail] = await queryDb<{ body: string }>('SELECT text AS body FROM mail_outbox WHERE lower("to") = lower($1) ORDER BY id DESC LIMIT 1', [email]);
    const code = mail?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no reset code mailed to ${email} within 10 s`);
}
