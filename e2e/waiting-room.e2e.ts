// A hot sale's waiting room, end to end: the organizer keeps a line on with one shopper at once
// (through the event list's control); the first buyer is let in and sees the seat map, the second
// waits first in line; when the first pays, the second's page turns into the seat map by itself.
// Without a pass, book-seats refuses the second buyer (403).
import type { Page } from 'playwright-core';
import { LINE_PASS_REQUIRED } from '@sports/contracts';
import { DEMO, DEMO_PASSWORD, logIn } from './support/accounts';
import { apiUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(60_000);

/** A fresh approved event of the demo organizer, on sale, with a small seat plan of its own. */
async function createEvent(title: string): Promise<number> {
  const [event] = await queryDb<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, has_time, price, status, organizer_user_id)
     SELECT 'sports', $1, 'The waiting room test', now() + interval '45 days', true, 300, 'Approved', id FROM users WHERE email = $2 RETURNING id`,
    [title, DEMO.organizer],
  );
  await queryDb(`INSERT INTO event_seat_plans (event_id, seat_rows, seat_columns, updated_at, updated_by) SELECT $1, 2, 5, now(), id FROM users WHERE email = $2`, [
    event!.id,
    DEMO.organizer,
  ]);
  return event!.id;
}

/** Two confirmed participants with the demo password (sign-up is tested elsewhere). */
async function createBuyers(stamp: string): Promise<string[]> {
  const rows = await queryDb<{ email: string }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role_id, status, email_confirmed_at)
     SELECT 'line-' || $1 || '-' || g || '@example.com', (SELECT password_hash FROM users WHERE email = $2), 'Fan', 'Number ' || g,
            (SELECT id FROM roles WHERE name = 'Participant'), 'Active', now()
     FROM generate_series(1, 2) g ORDER BY g RETURNING email`,
    [stamp, DEMO.visitor],
  );
  return rows.map((r) => r.email);
}

const place = (page: Page) => page.getByText(/^Your place in line:/);

it('one shopper at once: the first buyer picks, the second waits first in line and gets the seat map by itself when the first has paid', async () => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const title = `Waiting room ${stamp}`;
  const [eventId, [emailA, emailB]] = await Promise.all([createEvent(title), createBuyers(stamp)]);
  const browser = await launchBrowser();
  try {
    const organizer = await openPage(browser);
    const a = await openPage(browser);
    const b = await openPage(browser);
    await Promise.all([logIn(organizer.page, DEMO.organizer), logIn(a.page, emailA!, DEMO_PASSWORD), logIn(b.page, emailB!, DEMO_PASSWORD)]);

    // The organizer keeps a line on for the sale, one shopper at once.
    await organizer.page.goto(`/organizer/event-list?q=${encodeURIComponent(title)}`);
    await organizer.page.getByRole('button', { name: `Waiting room of ${title}` }).click();
    const dialog = organizer.page.getByRole('dialog', { name: `Waiting room: ${title}` });
    await dialog.getByRole('switch', { name: 'Keep a waiting room on for this sale' }).check();
    await dialog.getByRole('spinbutton', { name: 'Shoppers at once' }).fill('1');
    await dialog.getByRole('button', { name: 'Save waiting room' }).click();
    await dialog.getByText('Saved.').waitFor();
    await dialog.getByText(/^Line on now: \d+ waiting$/).waitFor();
    await organizer.context.close();

    // A comes first: their turn at once.
    await a.page.goto(`/events/${eventId}/seatmap`);
    await a.page.getByRole('heading', { level: 1, name: 'Select Seats' }).waitFor();
    await a.page.getByText(/^It is your turn: pick your seats by /).waitFor();

    // B waits, first in line.
    await b.page.goto(`/events/${eventId}/seatmap`);
    await b.page.getByRole('heading', { level: 1, name: 'You are in line' }).waitFor();
    await place(b.page).filter({ hasText: /^Your place in line: 1$/ }).waitFor();
    expect(await b.page.getByRole('group', { name: 'Venue map' }).count()).toBe(0);

    // Without a pass, book-seats refuses B (the page's own cookies: session and place in line).
    const sections: { sections: Array<{ id: number }> } = await (await b.page.request.get(`${apiUrl()}/api/sections?event_id=${eventId}`)).json();
    const sectionId = sections.sections[0]!.id;
    const refused = await b.page.request.post(`${apiUrl()}/backend/api/book-seats.php`, { data: { event_id: eventId, section_id: sectionId, seat_numbers: [1] } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, error: LINE_PASS_REQUIRED });

    // A picks a seat and pays, which frees the one place.
    await a.page.goto(`/events/${eventId}/seatmap/${sectionId}`);
    await a.page.getByRole('button', { name: 'Row A, seat 1, available', exact: true }).click();
    await a.page.getByRole('button', { name: 'Checkout' }).click();
    await a.page.getByText('Successfully booked: A1').waitFor();
    await a.page.getByRole('radio', { name: 'GCash' }).check();
    await a.page.getByRole('button', { name: 'Pay and Generate QR' }).click();
    await a.page.waitForURL('**/event/qr');

    // B's page turns into the seat map, with no reload.
    await b.page.getByRole('group', { name: 'Venue map' }).waitFor({ timeout: 20_000 });
    await b.page.getByText(/^It is your turn: pick your seats by /).waitFor();
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  } finally {
    await browser.close();
  }
});
