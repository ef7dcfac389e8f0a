// A league game rained out, in Chromium: the organizer cancels it from the Event List after a
// confirmation that says what it affects; the visitor's My Tickets shows the order refunded with
// the reason; the gate refuses the ticket as cancelled.
import type { Browser } from 'playwright-core';
import type { OrderSummary } from '@sports/contracts';
import { DEMO, logIn, registerParticipant } from './support/accounts';
import { apiUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(180_000);

const PASSWORD = 'rained-out-2026';
const REASON = 'Heavy rain: the field is flooded.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('the organizer cancels a sold event: the visitor sees it refunded, and the gate refuses the ticket as cancelled', async () => {
  const name = `Rained-out league game ${Date.now()}`;
  // Doors are open (the game starts in an hour): the gate would let a valid ticket in.
  const [event] = await queryDb<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, ends_at, has_time, price, status, organizer_user_id)
     SELECT 'sports', $1, 'Basketball league', now() + interval '1 hour', now() + interval '4 hours', true, 180, 'Approved', id
     FROM users WHERE email = $2 RETURNING id`,
    [name, DEMO.organizer],
  );
  const eventId = event?.id as number;

  const visitor = await openPage(browser);
  const email = await registerParticipant(visitor.page.request, PASSWORD, 'rainedout');
  await logIn(visitor.page, email, PASSWORD);
  const hold = await visitor.page.request.post(`${apiUrl()}/backend/api/book-seats.php`, { data: { event_id: eventId, section_id: 1, seat_numbers: [7] } });
  expect(hold.ok()).toBe(true);
  const { order: held } = (await hold.json()) as { order: OrderSummary };
  const paid = await visitor.page.request.post(`${apiUrl()}/api/orders/${held.orderId}/pay`, {
    data: { paymentMethod: 'gcash', paymentType: 'full' },
    headers: { 'Idempotency-Key': `rained-out-${held.orderId}` },
  });
  expect(paid.ok()).toBe(true);
  const code = ((await paid.json()) as { order: OrderSummary }).order.tickets?.[0]?.code as string;

  // The organizer: Event List, Cancel, the confirmation says what it affects, a reason.
  const organizer = await openPage(browser);
  await logIn(organizer.page, DEMO.organizer);
  await organizer.page.goto(`/organizer/event-list?q=${encodeURIComponent(name)}`);
  await organizer.page.getByRole('button', { name: `Cancel event ${name}` }).click();
  const dialog = organizer.page.getByRole('dialog', { name: `Cancel ${name}?` });
  await dialog.getByText('This cancels 1 ticket in 1 paid order and refunds ₱180.00 to their buyers.', { exact: false }).waitFor();
  await dialog.getByRole('textbox', { name: 'Reason for cancelling' }).fill(REASON);
  await dialog.getByRole('button', { name: 'Cancel event and refund' }).click();
  await organizer.page.getByText(`${name} is cancelled. Its buyer is being refunded and mailed.`).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await organizer.page.getByRole('row', { name: new RegExp(name) }).getByText('Cancelled').waitFor();

  // The visitor: My Tickets shows the order refunded (the refund runs right after the cancel) and why.
  const { page } = visitor;
  await page.goto('/my-tickets');
  const card = page.locator('.bk-ticket', { hasText: name });
  for (let tries = 0; (await card.locator('.bk-ticket__status').textContent()) !== 'Refunded'; tries += 1) {
    if (tries > 20) throw new Error(`the order is not refunded: ${await card.locator('.bk-ticket__status').textContent()}`);
    await page.waitForTimeout(500);
    await page.reload();
    await card.locator('.bk-ticket__status').waitFor();
  }
  await card.getByText('This event was cancelled.').waitFor();
  await card.getByText(`Reason: ${REASON}`).waitFor();
  await card.getByText(/^Your ₱180\.00 was refunded on /).waitFor();
  expect(await card.getByRole('img', { name: /^Ticket QR code/ }).count()).toBe(0);

  // The gate: the ticket's code is refused as cancelled.
  await organizer.page.goto(`/organizer/gate?event=${eventId}`);
  await organizer.page.getByRole('textbox', { name: 'Gate name' }).fill('North gate');
  await organizer.page.getByRole('button', { name: 'Save gate name' }).click();
  await organizer.page.locator('[data-gate-online="true"]').waitFor();
  const field = organizer.page.getByRole('textbox', { name: 'Ticket code' });
  await field.fill(code);
  await field.press('Enter');
  const answer = organizer.page.locator('.gate-answer[data-scan="1"]');
  await answer.waitFor();
  expect(await answer.locator('.org-scan__headline').textContent()).toBe('Event cancelled');

  const [trail] = await queryDb<{ n: number }>(`SELECT count(*)::int AS n FROM audit_trail WHERE action = 'order.refunded' AND order_id = $1`, [held.orderId]);
  expect(trail?.n).toBe(1);
  expect([...visitor.errors, ...organizer.errors]).toEqual([]);
  await visitor.context.close();
  await organizer.context.close();
});
