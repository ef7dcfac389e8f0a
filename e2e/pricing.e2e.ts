// A family buys four seats for a basketball final in Chromium: Lower Box A costs more than the
// rest, the grandmother's ticket is a Senior Citizen's (20% off by law, her OSCA ID), the student's
// takes the school's promo code; the server prices each ticket, the QR page shows each one's
// price and says which ID to bring, and at the gate the usher is told to check her ID.
import type { Browser } from 'playwright-core';
import { DEMO, logIn, registerParticipant } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(180_000);

const PASSWORD = 'family-final-2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('prices two adults, a senior citizen and a student with a school code in Lower Box A, shows each ticket on the QR page, and the gate asks for her ID', async () => {
  const title = `Barangay Basketball Final ${Date.now().toString(36)}`;
  const [event] = await queryDb<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status, organizer, organizer_user_id)
     SELECT 'sports', $1, 'The final of the inter-barangay cup.', now() + interval '20 days', true, 500, 'Approved', 'Pasig Hoops League', id
     FROM users WHERE email = $2 RETURNING id`,
    [title, DEMO.organizer],
  );
  const eventId = event?.id as number;
  await queryDb(`INSERT INTO event_section_prices (event_id, section_id, price) SELECT $1, id, CASE WHEN id = 6 THEN 1200 ELSE 500 END FROM sections WHERE event_id IS NULL`, [eventId]);
  await queryDb(`INSERT INTO event_ticket_categories (event_id, category, discount_percent) VALUES ($1, 'student', 10), ($1, 'senior', NULL), ($1, 'pwd', NULL)`, [eventId]);
  await queryDb(
    `INSERT INTO promo_codes (event_id, code, kind, value, categories, max_uses, created_at, created_by)
     SELECT $1, 'SCHOOL20', 'percent', 20, ARRAY['student'], 100, now(), id FROM users ORDER BY id LIMIT 1`,
    [eventId],
  );

  const { context, page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    const email = await registerParticipant(page.request, PASSWORD, 'family');
    await logIn(page, email, PASSWORD);
    await page.goto(`/events/${eventId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('from ₱500.00').waitFor();
    await page.getByText(/Senior Citizen 20% off by law/).waitFor();

    await page.getByRole('link', { name: 'Select Seat(s)' }).click();
    await page.waitForURL(`**/events/${eventId}/seatmap`);
    const lowerA = page.getByRole('group', { name: 'Venue map' }).getByRole('button', { name: /^Lower Box A/ });
    expect(await lowerA.textContent()).toContain('₱1,200.00');
    await lowerA.click();
    await page.getByText('Lower Box A selected, ₱1,200.00 a seat.').waitFor();
    await lowerA.click();
    await page.waitForURL(`**/events/${eventId}/seatmap/6`);
    await page.getByText('₱1,200.00 per seat', { exact: true }).waitFor();
    await page.getByText(`${title} · ₱1,200.00 per seat`).waitFor();
    for (const seat of [5, 6, 7, 8]) await page.getByRole('button', { name: `Row A, seat ${seat}, available`, exact: true }).click();
    await page.getByText('Total: ₱4,800.00').waitFor();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`**/events/${eventId}/checkout`);
    await page.getByText('Successfully booked: A5, A6, A7, A8').waitFor();

    await page.getByLabel('Ticket for A7').selectOption('senior');
    await page.getByLabel('OSCA ID number for A7').fill('0412-3345');
    await page.getByLabel('Ticket for A8').selectOption('student');
    await page.getByLabel('Promo code', { exact: true }).fill('school20');
    await page.getByRole('radio', { name: 'GCash' }).check();
    expect(await page.getByRole('button', { name: 'Pay and Generate QR' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Update price' }).click();
    await page.getByText('Price updated.').waitFor();
    await page.getByText('−₱240.00 Senior Citizen discount by law').waitFor();
    await page.getByText('−₱240.00 promo code SCHOOL20').waitFor();
    await page.getByText('₱4,320.00').waitFor();

    await page.getByRole('button', { name: 'Pay and Generate QR' }).click();
    await page.waitForURL('**/event/qr');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const summary = page.locator('.bk-qr__summary');
    await summary.getByText('A7 · Senior Citizen').waitFor();
    await summary.getByText('A8 · Student').waitFor();
    expect(await summary.textContent()).toContain('₱4,320.00');
    await page.getByText('Senior Citizen ticket: bring the ID, it is checked at the gate').waitFor();

    // What the server stored is what the buyer saw: one line per ticket, the QR's totalAmount the order total.
    const lines = await queryDb<{ seat_number: number; category: string; base_price: string; discount: string; discount_kind: string | null; price: string }>(
      `SELECT s.seat_number, s.category, s.base_price::text, s.discount::text, s.discount_kind, s.price::text
       FROM order_seats s JOIN orders o ON o.id = s.order_id JOIN users u ON u.id = o.user_id
       WHERE o.event_id = $1 AND u.email = $2 AND o.status = 'paid' ORDER BY s.seat_number`,
      [eventId, email],
    );
    expect(lines).toEqual([
      { seat_number: 5, category: 'regular', base_price: '1200.00', discount: '0.00', discount_kind: null, price: '1200.00' },
      { seat_number: 6, category: 'regular', base_price: '1200.00', discount: '0.00', discount_kind: null, price: '1200.00' },
      { seat_number: 7, category: 'senior', base_price: '1200.00', discount: '240.00', discount_kind: 'law', price: '960.00' },
      { seat_number: 8, category: 'student', base_price: '1200.00', discount: '240.00', discount_kind: 'code', price: '960.00' },
    ]);
    const qrTexts = await page.getByRole('img', { name: /^Ticket QR code, seat A/ }).count();
    expect(qrTexts).toBe(4);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }

  // Final night: the doors are open, and the usher types the grandmother's ticket code.
  await queryDb(`UPDATE events SET starts_at = now() - interval '1 hour', ends_at = now() + interval '3 hours' WHERE id = $1`, [eventId]);
  const [senior] = await queryDb<{ code: string }>(
    `SELECT t.code FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.event_id = $1 AND o.status = 'paid' AND t.seat_number = 7`,
    [eventId],
  );
  const gate = await openPage(browser, { viewport: { width: 1366, height: 900 } });
  try {
    await logIn(gate.page, DEMO.organizer);
    await gate.page.goto(`/organizer/gate?event=${eventId}`);
    await gate.page.getByRole('textbox', { name: 'Gate name' }).fill('North');
    await gate.page.getByRole('button', { name: 'Save gate name' }).click();
    await gate.page.getByText(`Checking in for ${title}`).waitFor();
    const field = gate.page.getByRole('textbox', { name: 'Ticket code' });
    await field.fill(senior?.code ?? '');
    await field.press('Enter');
    const answer = gate.page.locator('.gate-answer[data-scan="1"]');
    await answer.waitFor();
    expect(await answer.locator('.org-scan__idcheck').textContent()).toBe('Check ID: Senior Citizen');
    expect(gate.errors).toEqual([]);
  } finally {
    await gate.context.close();
  }
});
