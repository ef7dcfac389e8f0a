import { createPublicKey, verify } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { DEMO, DEMO_PASSWORD, logIn, registerParticipant } from './accounts';
import { launchBrowser, openPage } from './browser';
import { decodeQrFromScreen } from './qr';

/** A site the booking scenarios run against, and what each run needs of its own in the one test database. */
export interface BookingSite {
  /** The describe block's name. */
  name: string;
  /** The shell's origin, which the pages are opened under. */
  baseUrl: () => string;
  /** Where the scenarios call the API themselves (ticket checks). */
  apiUrl: () => string;
  /**
   * Seat numbers no other run takes: `pair` and `next` in row A of event 5's Lower Box A, `single` in
   * row A of event 7's Upper Box DE, `race` in row B of event 8's Upper Box E.
   */
  seats: { pair: [number, number]; next: number; single: number; race: number };
  /** The account that buys (and races against a new one). */
  buyer: (request: APIRequestContext) => Promise<{ email: string; password: string }>;
}

const seat = (page: Page, row: string, number: number, state: 'available' | 'reserved' | 'selected') =>
  page.getByRole('button', { name: `Row ${row}, seat ${number}, ${state}`, exact: true });

/** The booking scenarios in Chromium against `site`: pick, hold, pay, verify the QR, and a race for one seat. */
export function describeBooking(site: BookingSite): void {
  describe(site.name, () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });
    const open = () => openPage(browser, { baseURL: site.baseUrl() });
    const [first, second] = site.seats.pair;

    it('logs in, picks seats on the map and grid, pays with GCash and gets a QR per seat whose signature verifies; another user then sees the seats Reserved', async () => {
      const { context, page, errors } = await open();
      const buyer = await site.buyer(page.request);
      await logIn(page, buyer.email, buyer.password);
      await page.goto('/events/5/seatmap');
      await page.getByRole('heading', { name: 'Select Seats' }).waitFor();
      const lowerA = page.getByRole('group', { name: 'Venue map' }).getByRole('button', { name: /^Lower Box A/ });
      await lowerA.click();
      expect(await lowerA.getAttribute('aria-pressed')).toBe('true');
      await lowerA.click();
      await page.waitForURL('**/events/5/seatmap/6');

      await seat(page, 'A', first, 'available').click();
      await seat(page, 'A', second, 'available').click();
      await seat(page, 'A', second, 'selected').waitFor();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL('**/events/5/checkout');
      await page.getByText(`Successfully booked: A${first}, A${second}`).waitFor();
      await page.getByText('Full Payment Only').waitFor();

      const pay = page.getByRole('button', { name: 'Pay and Generate QR' });
      expect(await pay.isDisabled()).toBe(true);
      await page.getByRole('radio', { name: 'GCash' }).check();
      await pay.click();
      await page.getByRole('button', { name: 'Processing...' }).waitFor();
      await page.waitForURL('**/event/qr');
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

      // One ticket per seat: the first seat's QR is the order's payload naming that seat.
      expect(await page.getByRole('img', { name: /^Ticket QR code, seat / }).count()).toBe(2);
      const text = await decodeQrFromScreen(page.getByRole('img', { name: `Ticket QR code, seat A${first}` }));
      const ticket = JSON.parse(text);
      expect(ticket).toMatchObject({ event_id: 5, section_id: 6, seats: [first, second], seat: first, paymentType: 'full', paymentMethod: 'gcash' });
      expect(typeof ticket.ticket_id).toBe('string');

      const verified = await (await page.request.post(`${site.apiUrl()}/api/tickets/verify`, { data: { qr: text } })).json();
      expect(verified).toMatchObject({ success: true, valid: true });
      const altered = await (await page.request.post(`${site.apiUrl()}/api/tickets/verify`, { data: { qr: JSON.stringify({ ...ticket, seats: [first, second, site.seats.next] }) } })).json();
      expect(altered).toMatchObject({ success: true, valid: false });

      // Offline check, as a gate scanner would: the server's public key over the payload without `sig`.
      const { publicKey } = await (await page.request.get(`${site.apiUrl()}/api/tickets/public-key`)).json();
      const { sig, ...payload } = ticket;
      const signed = Buffer.from(JSON.stringify(payload));
      expect(verify(null, signed, createPublicKey(publicKey), Buffer.from(sig, 'base64url'))).toBe(true);
      expect(errors).toEqual([]);
      await context.close();

      const other = await open();
      await logIn(other.page, DEMO.organizer, DEMO_PASSWORD);
      await other.page.goto('/events/5/seatmap/6');
      await seat(other.page, 'A', first, 'reserved').waitFor();
      await seat(other.page, 'A', second, 'reserved').waitFor();
      await seat(other.page, 'A', site.seats.next, 'available').waitFor();
      await other.context.close();
    });

    it('a logged-out visitor goes to /login at Checkout and comes back to the same seats', async () => {
      const { context, page } = await open();
      const buyer = await site.buyer(page.request);
      await page.goto('/events/7/seatmap/2');
      await seat(page, 'A', site.seats.single, 'available').click();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL('**/login');
      await logIn(page, buyer.email, buyer.password);
      await page.waitForURL('**/events/7/seatmap/2');
      await seat(page, 'A', site.seats.single, 'selected').waitFor();
      await context.close();
    });

    it('two browsers racing for one seat: exactly one wins, the other is told which seat was taken', async () => {
      const racer = await open();
      const rival = await open();
      const racers = [racer, rival];
      const buyer = await site.buyer(racer.page.request);
      await logIn(racer.page, buyer.email, buyer.password);
      const email = await registerParticipant(rival.page.request, 'buyer-pass-2025');
      await logIn(rival.page, email, 'buyer-pass-2025');
      const race = `B${site.seats.race}`;
      for (const { page } of racers) {
        await page.goto('/events/8/seatmap/3');
        await seat(page, 'B', site.seats.race, 'available').click();
      }
      await Promise.all(racers.map(({ page }) => page.getByRole('button', { name: 'Checkout' }).click()));
      const outcomes = await Promise.all(
        racers.map(({ page }) =>
          Promise.race([
            page.getByText(`Successfully booked: ${race}`).waitFor().then(() => 'won'),
            page.getByText(`Some seats are already booked: ${race}`).waitFor().then(() => 'lost'),
          ]),
        ),
      );
      expect(outcomes.sort()).toEqual(['lost', 'won']);
      for (const { context } of racers) await context.close();
    });
  });
}
