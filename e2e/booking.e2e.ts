import { createPublicKey, verify } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { DEMO, logIn, registerParticipant } from './support/accounts';
import { apiUrl, launchBrowser, openPage } from './support/browser';
import { decodeQrFromScreen } from './support/qr';

jest.setTimeout(120_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const seat = (page: Page, row: string, number: number, state: 'available' | 'reserved' | 'selected') =>
  page.getByRole('button', { name: `Row ${row}, seat ${number}, ${state}`, exact: true });

describe('booking in Chromium', () => {
  it('logs in, picks seats on the map and grid, pays with GCash and gets a QR per seat whose signature verifies; another user then sees the seats Reserved', async () => {
    const { context, page, errors } = await openPage(browser);
    await logIn(page, DEMO.visitor);
    await page.goto('/events/5/seatmap');
    await page.getByRole('heading', { name: 'Select Seats' }).waitFor();
    const lowerA = page.getByRole('group', { name: 'Venue map' }).getByRole('button', { name: /^Lower Box A/ });
    await lowerA.click();
    expect(await lowerA.getAttribute('aria-pressed')).toBe('true');
    await lowerA.click();
    await page.waitForURL('**/events/5/seatmap/6');

    await seat(page, 'A', 3, 'available').click();
    await seat(page, 'A', 4, 'available').click();
    await seat(page, 'A', 4, 'selected').waitFor();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/events/5/checkout');
    await page.getByText('Successfully booked: A3, A4').waitFor();
    await page.getByText('Full Payment Only').waitFor();

    const pay = page.getByRole('button', { name: 'Pay and Generate QR' });
    expect(await pay.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'GCash' }).check();
    await pay.click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    await page.waitForURL('**/event/qr');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    // One ticket per seat: A3's QR is the order's payload naming seat 3.
    expect(await page.getByRole('img', { name: /^Ticket QR code, seat / }).count()).toBe(2);
    const text = await decodeQrFromScreen(page, page.getByRole('img', { name: 'Ticket QR code, seat A3' }));
    const ticket = JSON.parse(text);
    expect(ticket).toMatchObject({ event_id: 5, section_id: 6, seats: [3, 4], seat: 3, paymentType: 'full', paymentMethod: 'gcash' });
    expect(typeof ticket.ticket_id).toBe('string');

    const verified = await (await page.request.post(`${apiUrl()}/api/tickets/verify`, { data: { qr: text } })).json();
    expect(verified).toMatchObject({ success: true, valid: true });
    const altered = await (await page.request.post(`${apiUrl()}/api/tickets/verify`, { data: { qr: JSON.stringify({ ...ticket, seats: [3, 4, 5] }) } })).json();
    expect(altered).toMatchObject({ success: true, valid: false });

    // Offline check, as a gate scanner would: the server's public key over the payload without `sig`.
    const { publicKey } = await (await page.request.get(`${apiUrl()}/api/tickets/public-key`)).json();
    const { sig, ...payload } = ticket;
    const signed = Buffer.from(JSON.stringify(payload));
    expect(verify(null, signed, createPublicKey(publicKey), Buffer.from(sig, 'base64url'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    const other = await openPage(browser);
    await logIn(other.page, DEMO.organizer);
    await other.page.goto('/events/5/seatmap/6');
    await seat(other.page, 'A', 3, 'reserved').waitFor();
    await seat(other.page, 'A', 4, 'reserved').waitFor();
    await seat(other.page, 'A', 5, 'available').waitFor();
    await other.context.close();
  });

  it('a logged-out visitor goes to /login at Checkout and comes back to the same seats', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/events/7/seatmap/2');
    await seat(page, 'A', 10, 'available').click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/login');
    await logIn(page, DEMO.visitor);
    await page.waitForURL('**/events/7/seatmap/2');
    await seat(page, 'A', 10, 'selected').waitFor();
    await context.close();
  });

  it('two browsers racing for one seat: exactly one wins, the other is told which seat was taken', async () => {
    const first = await openPage(browser);
    const second = await openPage(browser);
    await logIn(first.page, DEMO.visitor);
    const email = await registerParticipant(second.page.request, 'buyer-pass-2025');
    await logIn(second.page, email, 'buyer-pass-2025');
    for (const { page } of [first, second]) {
      await page.goto('/events/8/seatmap/3');
      await seat(page, 'B', 40, 'available').click();
    }
    await Promise.all([first, second].map(({ page }) => page.getByRole('button', { name: 'Checkout' }).click()));
    const outcomes = await Promise.all(
      [first, second].map(({ page }) =>
        Promise.race([
          page.getByText('Successfully booked: B40').waitFor().then(() => 'won'),
          page.getByText('Some seats are already booked: B40').waitFor().then(() => 'lost'),
        ]),
      ),
    );
    expect(outcomes.sort()).toEqual(['lost', 'won']);
    await first.context.close();
    await second.context.close();
  });
});
