// Giving a ticket to someone, in Chromium: a visitor gives one of their two tickets to another
// visitor's address from My Tickets; the giver's page shows it Sent to them (its QR gone) until
// the recipient accepts it in their My Tickets, where it then shows with its own QR and the giver's
// name; only then does the giver's page show it Transferred, and the organizer's Attendee List
// shows the recipient as that seat's attendee (docs/transfers.md).
import type { APIRequestContext, Browser } from 'playwright-core';
import type { OrderSummary } from '@sports/contracts';
import { DEMO, logIn, registerParticipant } from './support/accounts';
import { apiUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';
import { decodeQrFromScreen } from './support/qr';

jest.setTimeout(180_000);

const PASSWORD = 'give-a-seat-2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An event of the demo organizer starting in 30 days (its doors are far from open). */
async function organizersEvent(): Promise<{ id: number; name: string }> {
  const name = `Transfer e2e ${Date.now()}`;
  const [event] = await queryDb<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, ends_at, has_time, price, status, organizer_user_id)
     SELECT 'concert', $1, 'Ticket transfer test', now() + interval '30 days', now() + interval '30 days 3 hours', true, 200, 'Approved', id
     FROM users WHERE email = $2 RETURNING id`,
    [name, DEMO.organizer],
  );
  return { id: event?.id as number, name };
}

/** Books and pays `seats` of section 1 as the signed-in user of `request`. */
async function buy(request: APIRequestContext, email: string, eventId: number, seats: number[]): Promise<OrderSummary> {
  const login = await request.post(`${apiUrl()}/api/login.php`, { data: { email, password: PASSWORD } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  const hold = await request.post(`${apiUrl()}/backend/api/book-seats.php`, { data: { event_id: eventId, section_id: 1, seat_numbers: seats, user_id: 1 } });
  if (!hold.ok()) throw new Error(`booking failed: ${hold.status()} ${await hold.text()}`);
  const { order } = (await hold.json()) as { order: OrderSummary };
  const paid = await request.post(`${apiUrl()}/api/orders/${order.orderId}/pay`, { data: { paymentMethod: 'gcash', paymentType: 'full' }, headers: { 'Idempotency-Key': `transfer-e2e-${order.orderId}` } });
  if (!paid.ok()) throw new Error(`payment failed: ${paid.status()} ${await paid.text()}`);
  return ((await paid.json()) as { order: OrderSummary }).order;
}

it('a ticket given from My Tickets shows in both visitors\' My Tickets and on the attendee list', async () => {
  const event = await organizersEvent();
  const giver = await openPage(browser);
  const giverEmail = await registerParticipant(giver.page.request, PASSWORD, 'giver', { first_name: 'Paolo', last_name: 'Garcia' });
  const recipient = await openPage(browser);
  const recipientEmail = await registerParticipant(recipient.page.request, PASSWORD, 'recipient', { first_name: 'Rosa', last_name: 'Santos' });
  const order = await buy(giver.page.request, giverEmail, event.id, [3, 4]);
  const [kept, given] = order.tickets ?? [];
  if (!kept || !given) throw new Error('two tickets expected');

  // The giver: Give to someone under the second seat's ticket, the address, then the confirmation.
  await logIn(giver.page, giverEmail, PASSWORD);
  await giver.page.goto('/my-tickets');
  const card = giver.page.locator('.bk-ticket', { has: giver.page.getByRole('heading', { name: event.name }) });
  await card.getByRole('button', { name: `Give to someone (seat ${given.seatName})` }).click();
  const dialog = giver.page.getByRole('dialog', { name: 'Give this ticket to someone' });
  await dialog.getByRole('textbox', { name: 'Their email address' }).fill(recipientEmail);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByText(`to ${recipientEmail.toLowerCase()}?`, { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Give ticket' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // The giver keeps one QR; the seat given reads Sent to (not yet Transferred), without its QR.
  const gave = giver.page.getByRole('region', { name: 'Tickets you gave' });
  await gave.getByText(`Sent to ${recipientEmail.toLowerCase()}`, { exact: true }).waitFor();
  expect(await gave.getByText('Transferred', { exact: true }).count()).toBe(0);
  await card.getByRole('img', { name: `Ticket QR code, seat ${kept.seatName}` }).waitFor();
  expect(await card.getByRole('img', { name: `Ticket QR code, seat ${given.seatName}` }).count()).toBe(0);
  expect(giver.errors).toEqual([]);

  // The recipient: the ticket waits for their Accept, then it is theirs with its own QR (a new
  // ticket id for the same seat) and the giver's name.
  await logIn(recipient.page, recipientEmail, PASSWORD);
  await recipient.page.goto('/my-tickets');
  const waiting = recipient.page.getByRole('region', { name: 'Tickets waiting for you' });
  await waiting.getByRole('button', { name: `Accept the ticket for seat ${given.seatName} from Paolo Garcia` }).click();
  const received = recipient.page.getByRole('region', { name: 'Tickets given to you' });
  await received.getByRole('heading', { name: event.name }).waitFor();
  await received.getByText('From Paolo Garcia', { exact: false }).waitFor();
  const qr = JSON.parse(await decodeQrFromScreen(received.getByRole('img', { name: `Ticket QR code, seat ${given.seatName}` })));
  expect(qr).toMatchObject({ event_id: event.id, seat: given.seat });
  expect(qr.ticket_id).not.toBe(given.ticketId);
  expect(await recipient.page.getByRole('region', { name: 'Tickets waiting for you' }).count()).toBe(0);
  expect(recipient.errors).toEqual([]);

  // Only now does the giver's page say Transferred (no Take back any more).
  await giver.page.reload();
  await gave.getByText('Transferred', { exact: true }).waitFor();
  expect(await gave.getByRole('button', { name: /^Take back/ }).count()).toBe(0);
  expect(giver.errors).toEqual([]);

  // The organizer's Attendee List: the given seat's attendee is the recipient, the other still the giver.
  const organizer = await openPage(browser);
  await logIn(organizer.page, DEMO.organizer);
  await organizer.page.goto(`/organizer/attendee-list?event=${event.id}`);
  const rosa = organizer.page.getByRole('row', { name: /Rosa Santos/ });
  await rosa.waitFor();
  await rosa.getByText(given.seatName, { exact: true }).waitFor();
  await organizer.page.getByRole('row', { name: new RegExp(`Paolo Garcia.*${kept.code}`) }).waitFor();
  expect(await organizer.page.getByRole('row', { name: new RegExp(given.code) }).count()).toBe(0);

  await Promise.all([giver.context.close(), recipient.context.close(), organizer.context.close()]);
});
