import type { APIRequestContext, Page } from 'playwright-core';
import { apiUrl } from './browser';
import { queryDb } from './db';

export const DEMO_PASSWORD = 'demo-pass-2025';
export const DEMO = {
  admin: 'admin@demo.local',
  organizer: 'organizer@demo.local',
  visitor: 'visitor@demo.local',
} as const;

/** Logs in through the real login form and waits until the session is stored. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  // The URL changes before the lazily loaded login page replaces the previous one: wait for its form.
  await page.getByRole('form', { name: 'Login with email' }).waitFor();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const alert = page.getByRole('alert').first();
  const outcome = await Promise.race([
    page.waitForFunction(() => localStorage.getItem('user') !== null).then(() => 'ok'),
    alert.waitFor().then(async () => `login refused: ${await alert.textContent()}`),
  ]);
  if (outcome !== 'ok') throw new Error(outcome);
}

/** A unique address per test run, so runs never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function firstLocation(request: APIRequestContext, type: string, parent?: string): Promise<string> {
  const query = parent ? `type=${type}&id=${encodeURIComponent(parent)}` : `type=${type}`;
  const items: Array<{ id: string }> = await (await request.get(`${apiUrl()}/api/locations.php?${query}`)).json();
  if (!items[0]) throw new Error(`no ${type} under ${parent ?? 'the country'}`);
  return items[0].id;
}

/** Creates a Participant through the real registration API and confirms its address with the mailed link; returns its email. */
export async function registerParticipant(request: APIRequestContext, password: string, prefix = 'buyer', name = { first_name: 'Paolo', last_name: 'Garcia' }): Promise<string> {
  const email = await signUp(request, password, prefix, name);
  await confirmAddress(request, email);
  return email;
}

/** Signs up a Participant through the real registration API (a real PSGC address), its address not yet confirmed; returns its email. */
export async function signUp(request: APIRequestContext, password: string, prefix = 'buyer', name = { first_name: 'Paolo', last_name: 'Garcia' }): Promise<string> {
  const email = uniqueEmail(prefix);
  const region_id = await firstLocation(request, 'regions');
  const province_id = await firstLocation(request, 'provinces', region_id);
  const city_id = await firstLocation(request, 'cities', province_id);
  const barangay_id = await firstLocation(request, 'barangays', city_id);
  const response = await request.post(`${apiUrl()}/api/register.php`, {
    data: { ...name, middle_initial: '', suffix: '', gender: 'Male', region_id, province_id, city_id, barangay_id, house_address: '8 Bonifacio St.', email, password },
  });
  if (!response.ok()) throw new Error(`registration failed: ${response.status()} ${await response.text()}`);
  return email;
}

/** The newest confirmation link mailed to `email` (the development outbox), as mailed, waiting for the mail queue. */
export async function confirmationLink(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await queryDb<{ text: string }>(
      `SELECT text FROM mail_outbox WHERE lower("to") = lower($1) AND subject = 'Confirm your email address' ORDER BY id DESC LIMIT 1`,
      [email],
    );
    const link = rows[0] ? /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]{43}\b/.exec(rows[0].text)?.[0] : undefined;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no confirmation link mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The token of the newest confirmation link mailed to `email`. */
export async function confirmationToken(email: string): Promise<string> {
  return new URL(await confirmationLink(email)).searchParams.get('token') as string;
}

/** Confirms a new account's address with the link mailed to it, as its owner would. */
export async function confirmAddress(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post(`${apiUrl()}/api/auth/confirm-email`, { data: { token: await confirmationToken(email) } });
  if (!response.ok()) throw new Error(`confirming ${email} failed: ${response.status()} ${await response.text()}`);
}
