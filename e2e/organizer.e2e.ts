import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { DEMO, logIn, registerParticipant } from './support/accounts';
import { apiUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';
import { manilaText } from './support/dates';
import { encodePng } from '../api/src/uploads/png-image';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A real PNG (RGB, a horizontal gradient), made here so the upload is checked by its bytes. */
function makePng(width: number, height: number): Buffer {
  return encodePng(width, height, (x, y) => [(x / width) * 255, 80, 200 - (y / height) * 120]);
}


const CSV_HEADER = '"Name","Email","Transaction Number","Section","Seat","Code","Status","Time Present","Checked In By","Order Date","Category"';
/** The event the first test creates and plans 5 x 8; the gate test sells it and checks it in. */
let created: { id: number; name: string } | null = null;

interface Ticket {
  ticketId: string;
  seatName: string;
  /** The short code, grouped (K7QX-3MPD-9W). */
  code: string;
  qr: string;
}

interface Paid {
  orderId: number;
  /** One per seat. */
  tickets: Ticket[];
}

/** From the event's seat map, opens its one section (the plan's Floor) as a visitor does: a click chooses it, a second opens its grid. */
async function openFloor(page: Page, eventId: number): Promise<void> {
  const floor = page.getByRole('group', { name: 'Venue map' }).getByRole('button', { name: /^Floor\W/ });
  await floor.click();
  expect(await floor.getAttribute('aria-pressed')).toBe('true');
  await floor.click();
  await page.waitForURL(new RegExp(`/events/${eventId}/seatmap/\\d+$`));
  await page.getByRole('group', { name: 'Seats in Floor' }).waitFor();
}

/**
 * The visitor (signed in on `request`) holds two free seats of the event's one section and pays with
 * GCash, through the API the checkout uses; the paid order carries one ticket (id, code, QR) per seat.
 */
async function buyTwoSeats(request: APIRequestContext, eventId: number): Promise<Paid> {
  const { sections } = (await (await request.get(`${apiUrl()}/api/events/${eventId}/availability`)).json()) as { sections: Array<{ sectionId: number; capacity: number }> };
  const section = sections[0];
  if (!section) throw new Error(`event ${eventId} has no section`);
  const { bookedSeats } = (await (await request.get(`${apiUrl()}/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=${section.sectionId}`)).json()) as { bookedSeats: number[] };
  const seats = Array.from({ length: section.capacity }, (_, i) => i + 1)
    .filter((n) => !bookedSeats.includes(n))
    .slice(0, 2);
  const hold = await request.post(`${apiUrl()}/backend/api/book-seats.php`, { data: { event_id: eventId, section_id: section.sectionId, seat_numbers: seats } });
  expect(hold.status()).toBe(200);
  const { order } = (await hold.json()) as { order: { orderId: number } };
  const paid = await request.post(`${apiUrl()}/api/orders/${order.orderId}/pay`, { data: { paymentMethod: 'gcash' }, headers: { 'Idempotency-Key': `e2e-organizer-${order.orderId}` } });
  expect(paid.status()).toBe(200);
  const { order: ticket } = (await paid.json()) as { order: { orderId: number; tickets: Ticket[] } };
  expect(ticket.tickets).toHaveLength(2);
  expect(ticket.tickets.every((t) => /^[A-E]\d+$/.test(t.seatName) && /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/.test(t.code))).toBe(true);
  return { orderId: ticket.orderId, tickets: ticket.tickets };
}

const txn = (orderId: number) => `TXN-${String(orderId).padStart(8, '0')}`;

async function scan(page: Page, code: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Ticket code' });
  await field.focus();
  // A USB scanner types the text, then Enter.
  await page.keyboard.insertText(code);
  await page.keyboard.press('Enter');
}

describe('the organizer in Chromium', () => {
  it('creates an event with a banner and plans 5 x 8 seats; it is listed Pending with capacity 40', async () => {
    const { context, page, errors } = await openPage(browser);
    await logIn(page, DEMO.organizer);
    await page.waitForURL('**/organizer/dashboard');
    await page.getByRole('navigation', { name: 'Organizer' }).getByRole('link', { name: 'Create Event' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create Event' }).waitFor();

    // Proceeding with an empty form says what is missing and saves nothing.
    await page.getByRole('button', { name: 'Proceed to Seat Planning' }).click();
    await page.getByRole('alert').getByText('Event name is required').waitFor();
    expect(page.url()).toContain('/organizer/create-event');

    const name = `E2E Chess Blitz ${Date.now()}`;
    await page.getByRole('textbox', { name: /^Event name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Description/ }).fill('Five-minute games, open to every resident.');
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('sports');
    await page.getByLabel(/^Banner image/).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: makePng(600, 200) });
    await page.getByRole('img', { name: 'Banner preview' }).waitFor();
    await page.getByText('600 x 200 px').waitFor();
    await page.getByRole('textbox', { name: /^Venue name/ }).fill('Multi-Purpose Hall');
    await page.getByRole('textbox', { name: /^Street name/ }).fill('Rizal Avenue');
    await page.getByRole('searchbox', { name: 'Find a city' }).fill('Quezon City');
    const city = page.getByRole('combobox', { name: /^City/ });
    await page.getByRole('option', { name: /^Quezon City/ }).first().waitFor({ state: 'attached' });
    await city.selectOption({ index: 1 });
    const barangay = page.getByRole('combobox', { name: /^Barangay/ });
    await page.waitForFunction(() => {
      const select = [...document.querySelectorAll('select')].find((s) => s.labels?.[0]?.textContent?.startsWith('Barangay'));
      return select !== undefined && !select.disabled && select.options.length > 1;
    });
    await barangay.selectOption({ index: 1 });

    // The date rules of the contract as the user types: a wrong time, then an end before the start.
    const start = page.getByRole('textbox', { name: /^Start date and time/ });
    await start.fill('02-30-2030 06:00 pm');
    await page.getByText('Start date and time is not a real date', { exact: true }).waitFor();
    await start.fill(manilaText(30, 18));
    await page.getByText(/^Reads as /).first().waitFor();
    const end = page.getByRole('textbox', { name: /^End date and time/ });
    await end.fill(manilaText(30, 17));
    await page.getByText('The end must be after the start', { exact: true }).waitFor();
    await end.fill(manilaText(30, 21));
    await page.getByRole('textbox', { name: /^Ticket price/ }).fill('100');

    await page.getByRole('button', { name: 'Proceed to Seat Planning' }).click();
    await page.waitForURL(/\/organizer\/seat-planning\?event=\d+/);
    const eventId = Number(new URL(page.url()).searchParams.get('event'));
    const [saved] = await queryDb<{ title: string; status: string; banner_id: string | null }>('SELECT title, status, banner_id FROM events WHERE id = $1', [eventId]);
    expect(saved).toMatchObject({ title: name, status: 'Pending' });
    expect(saved?.banner_id).toBeTruthy();

    await page.getByRole('heading', { level: 1, name: 'Seat Planning' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Event' }).inputValue()).toBe(String(eventId));
    const rows = page.getByRole('spinbutton', { name: 'Rows' });
    await rows.waitFor();
    expect(await rows.inputValue()).toBe('6');
    expect(await page.getByRole('spinbutton', { name: 'Columns' }).inputValue()).toBe('10');
    await rows.fill('5');
    await page.getByRole('spinbutton', { name: 'Columns' }).fill('8');
    expect(await page.getByRole('textbox', { name: 'Total capacity' }).inputValue()).toBe('40');
    await page.getByRole('img', { name: /5 rows \(A to E\) of 8 seats, 40 seats in all/ }).waitFor();
    await page.getByRole('button', { name: 'Apply Event' }).click();
    await page.getByText('Seat plan applied successfully!').waitFor();
    const [plan] = await queryDb<{ seat_rows: number; seat_columns: number }>('SELECT seat_rows, seat_columns FROM event_seat_plans WHERE event_id = $1', [eventId]);
    expect(plan).toEqual({ seat_rows: 5, seat_columns: 8 });

    // Go Back returns to Create Event with this request selected, its fields as saved.
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(`**/organizer/create-event?event=${eventId}`);
    await page.waitForFunction((expected) => (document.querySelector('input.ds-input') as HTMLInputElement | null)?.value === expected, name);

    await page.goto(`/organizer/event-list?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await row.getByText('Pending').waitFor();
    await row.getByRole('cell', { name: '40', exact: true }).waitFor();
    await page.getByText('1 of 1').waitFor();
    expect(errors).toEqual([]);
    await context.close();
    created = { id: eventId, name };
  });

  it('Cancel asks before throwing away typed text, then leaves without saving', async () => {
    const { context, page } = await openPage(browser);
    await logIn(page, DEMO.organizer);
    await page.goto('/organizer/create-event');
    const name = `Never saved ${Date.now()}`;
    await page.getByRole('textbox', { name: /^Event name/ }).fill(name);
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this event?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    expect(await page.getByRole('textbox', { name: /^Event name/ }).inputValue()).toBe(name);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Discard this event?' }).getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL('**/organizer/event-list');
    expect(await queryDb('SELECT id FROM events WHERE title = $1', [name])).toEqual([]);
    await context.close();
  });

  let checkedIn: { email: string; password: string; orderId: number } | null = null;

  /** Moves the event's start (and its 3-hour end) to `minutes` from now: the doors' window follows. */
  const startIn = (eventId: number, minutes: number) =>
    queryDb("UPDATE events SET starts_at = now() + make_interval(mins => $2), ends_at = now() + make_interval(mins => $2 + 180) WHERE id = $1", [eventId, minutes]);

  it('an admin approves the planned event; a visitor finds its 5 x 8 plan on the seat map and buys two orders of two seats; the organizer sees a row per seat, scans a QR before the doors open (Too early, Admit anyway), types a short code once they are open, checks a seat in by hand after confirming, and a second scan says already checked in at that time; the CSV downloads', async () => {
    expect(created).not.toBeNull();
    const { id: eventId } = created as NonNullable<typeof created>;
    const admin = await openPage(browser);
    await logIn(admin.page, DEMO.admin);
    expect((await admin.page.request.post(`${apiUrl()}/api/admin/events/${eventId}/approve`, { data: {} })).status()).toBe(200);
    await admin.context.close();

    const password = 'gate-scan-2025';
    const visitor = await openPage(browser);
    const email = await registerParticipant(visitor.page.request, password, 'gate');
    await logIn(visitor.page, email, password);
    // The seat map shows the plan as the event's one section; its grid is 5 rows of 8.
    await visitor.page.goto(`/events/${eventId}/seatmap`);
    const floor = visitor.page.getByRole('group', { name: 'Venue map' }).getByRole('button', { name: /^Floor\W+40 seats left$/ });
    await floor.waitFor();
    expect(await visitor.page.getByRole('group', { name: 'Venue map' }).getByRole('button').count()).toBe(1);
    await openFloor(visitor.page, eventId);
    const rowSizes = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((letter) => visitor.page.getByRole('group', { name: `Row ${letter}` }).getByRole('button').count()));
    expect(rowSizes).toEqual([8, 8, 8, 8, 8]);
    expect(await visitor.page.getByRole('group', { name: 'Row F' }).count()).toBe(0);
    const paid = await buyTwoSeats(visitor.page.request, eventId);
    // A second order of the event: one of its seats is checked in by hand, the other stays Absent.
    const other = await buyTwoSeats(visitor.page.request, eventId);
    expect(other.tickets.some((t) => paid.tickets.some((p) => p.seatName === t.seatName))).toBe(false);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    const [first, second] = paid.tickets as [Ticket, Ticket];
    const [byHand, absent] = other.tickets as [Ticket, Ticket];

    const { context, page, errors } = await openPage(browser, { acceptDownloads: true });
    await logIn(page, DEMO.organizer);
    await page.goto(`/organizer/attendee-list?event=${eventId}&q=${txn(paid.orderId)}`);
    // One row per seat, each with its seat and short code.
    const firstRow = page.getByRole('row', { name: new RegExp(`${txn(paid.orderId)}.*${first.code}`) });
    const secondRow = page.getByRole('row', { name: new RegExp(`${txn(paid.orderId)}.*${second.code}`) });
    await firstRow.getByText('Absent').waitFor();
    await secondRow.getByText('Absent').waitFor();
    await firstRow.getByText(first.seatName, { exact: true }).waitFor();
    // The search finds a ticket by its code too.
    await page.goto(`/organizer/attendee-list?event=${eventId}&q=${second.code}`);
    await secondRow.waitFor();
    expect(await page.getByRole('row', { name: new RegExp(first.code) }).count()).toBe(0);

    // The event starts in 30 days: its doors are not open yet.
    await page.goto(`/organizer/attendee-list?event=${eventId}&q=${txn(paid.orderId)}`);
    await firstRow.waitFor();
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan tickets' });
    await dialog.waitFor();
    const field = dialog.getByRole('textbox', { name: 'Ticket code' });
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await scan(page, first.qr);
    await dialog.getByText('Too early', { exact: true }).waitFor();
    await dialog.getByText(/^Too early: doors open at \d{1,2}:\d{2}\s(AM|PM) on \d{2}-\d{2}-\d{4}$/).waitFor();
    // Ready for the next ticket at once: empty and focused; admitting anyway is a second, deliberate click.
    expect(await field.inputValue()).toBe('');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Admit anyway' }).click();
    await dialog.getByText('Checked in', { exact: true }).waitFor();
    await dialog.getByText(`Paolo Garcia · Floor, seat ${first.seatName}`).first().waitFor();
    await dialog.getByText(/override, logged/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await firstRow.getByText('Present').waitFor();
    await secondRow.getByText('Absent').waitFor();
    const time = (await firstRow.getByRole('cell').nth(6).textContent())?.trim() ?? '';
    expect(time).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    await firstRow.getByRole('cell', { name: 'Scan', exact: true }).waitFor();

    // Once the doors are open, the second seat's short code typed by hand (any case, spaces) checks it in.
    await startIn(eventId, 60);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await scan(page, second.code.toLowerCase().replace(/-/g, ' '));
    await dialog.getByText('Checked in', { exact: true }).waitFor();
    await dialog.getByText(`Paolo Garcia · Floor, seat ${second.seatName}`).first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Admit anyway' }).count()).toBe(0);
    // The first seat again: already in, at that time.
    await scan(page, first.qr);
    await dialog.getByText('Already checked in', { exact: true }).waitFor();
    await dialog.getByText(new RegExp(`First scanned at ${time.replace(/ /g, '\\s')}`)).waitFor();
    // A forged code (the signature changed) and an unknown short code are refused in words.
    const forged = JSON.stringify({ ...JSON.parse(first.qr), sig: 'A'.repeat(86) });
    await scan(page, forged);
    await dialog.getByText('Forged ticket', { exact: true }).waitFor();
    await scan(page, 'ZZZZ-ZZZZ-ZZ');
    await dialog.getByText('Not found', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await secondRow.getByText('Present').waitFor();

    // By hand: the other order's first seat, after a confirmation that names the holder and the seat.
    await page.goto(`/organizer/attendee-list?event=${eventId}&q=${txn(other.orderId)}`);
    const handRow = page.getByRole('row', { name: new RegExp(byHand.code) });
    const checkIn = handRow.getByRole('button', { name: `Check in Paolo Garcia, seat ${byHand.seatName}` });
    await checkIn.click();
    const confirm = page.getByRole('dialog', { name: 'Check in by hand?' });
    await confirm.getByText(`Paolo Garcia (${txn(other.orderId)}), Floor, seat ${byHand.seatName}`, { exact: false }).waitFor();
    // Cancel checks nobody in.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await handRow.getByText('Absent').waitFor();
    await checkIn.click();
    await confirm.getByRole('button', { name: 'Check in', exact: true }).click();
    await confirm.getByText('Checked in', { exact: true }).waitFor();
    await confirm.getByText(`Paolo Garcia · Floor, seat ${byHand.seatName}`).waitFor();
    await confirm.getByRole('button', { name: 'Done' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await handRow.getByText('Present').waitFor();
    await handRow.getByRole('cell', { name: 'By hand', exact: true }).waitFor();
    await page.getByRole('row', { name: new RegExp(absent.code) }).getByText('Absent').waitFor();
    const [hand] = await queryDb<{ method: string; overridden: boolean }>('SELECT method, overridden FROM ticket_checkins WHERE ticket_id = $1', [byHand.ticketId]);
    expect(hand).toEqual({ method: 'hand', overridden: false });
    const [admitted] = await queryDb<{ method: string; overridden: boolean }>('SELECT method, overridden FROM ticket_checkins WHERE ticket_id = $1', [first.ticketId]);
    expect(admitted).toEqual({ method: 'scan', overridden: true });

    // The log names how each came in, the seat, and the override.
    await page.getByRole('button', { name: 'Check-in log' }).click();
    const log = page.getByRole('dialog', { name: 'Check-in log' });
    await log.getByRole('row').filter({ hasText: 'By hand' }).filter({ hasText: byHand.seatName }).first().waitFor();
    await log.getByRole('row').filter({ hasText: 'override' }).filter({ hasText: first.seatName }).first().waitFor();
    await log.getByRole('button', { name: 'Close' }).click();

    // The other seat of the event is Absent.
    await page.goto(`/organizer/attendee-list?event=${eventId}&status=Absent`);
    await page.getByRole('row', { name: new RegExp(absent.code) }).getByText('Absent').waitFor();
    expect(await page.getByRole('row').filter({ hasText: txn(paid.orderId) }).count()).toBe(0);

    // The CSV of the whole filtered list downloads with the session cookie: a line per seat.
    await page.goto(`/organizer/attendee-list?event=${eventId}&q=${txn(paid.orderId)}`);
    await firstRow.getByText('Present').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(3);
    for (const ticket of paid.tickets) {
      const line = lines.find((l) => l.includes(`"${ticket.code}"`)) ?? '';
      expect(line).toContain(`"${txn(paid.orderId)}"`);
      expect(line).toContain('"Present"');
      expect(line).toContain(`"${ticket.seatName}"`);
    }
    expect(download.suggestedFilename()).toBe(`attendees-event-${eventId}.csv`);
    expect(errors).toEqual([]);
    await context.close();
    checkedIn = { email, password, orderId: paid.orderId };
  });

  it('Send Response on a review shows Response Sent and mails the reviewer', async () => {
    const { context, page, errors } = await openPage(browser);
    await logIn(page, DEMO.organizer);
    await page.goto('/organizer/reviews?order=lowest');
    await page.getByRole('heading', { level: 1, name: /^Reviews \(\d+\)$/ }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    // The first review still waiting for an answer; the order keeps it in place once answered.
    const rows = await page.getByRole('row').all();
    let index = -1;
    for (const [i, candidate] of rows.entries()) {
      if ((await candidate.getByText('Awaiting response').count()) > 0) {
        index = i;
        break;
      }
    }
    expect(index).toBeGreaterThan(0);
    const firstRow = page.getByRole('row').nth(index);
    const name = (await firstRow.getByRole('rowheader').textContent())?.trim() ?? '';
    const reviewText = (await firstRow.locator('.org-review__text').textContent())?.trim() ?? '';
    await firstRow.getByRole('button', { name: `Actions for the review by ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Respond' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inquiry Resolution' });
    await dialog.getByText(`Respond to ${name} for ${reviewText}`).waitFor();
    await dialog.getByText('The customer will receive an email with the response.').waitFor();
    // Closing clears what was typed.
    await dialog.getByRole('textbox', { name: 'Message' }).fill('draft');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await firstRow.getByRole('button', { name: `Actions for the review by ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Respond' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    const reply = `Thank you, ${name}. We will do better next time (${Date.now()}).`;
    await dialog.getByRole('textbox', { name: 'Message' }).fill(reply);
    await dialog.getByRole('button', { name: 'Send Response' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await firstRow.getByText('Response Sent').waitFor();
    expect((await firstRow.getByRole('rowheader').textContent())?.trim()).toBe(name);
    await page.getByText('Response sent to').first().waitFor();
    const mails = await queryDb<{ text: string }>('SELECT text FROM mail_outbox WHERE text LIKE $1', [`%${reply}%`]);
    expect(mails).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('once the event is over, the checked-in visitor writes one review from My Tickets, the organizer sees it Attended, and the visitor reads the reply', async () => {
    expect(checkedIn).not.toBeNull();
    const { email, password, orderId } = checkedIn as NonNullable<typeof checkedIn>;
    const { id: eventId, name: eventName } = created as NonNullable<typeof created>;
    // Reviews open once the event has ended.
    await startIn(eventId, -240);
    const visitor = await openPage(browser);
    await logIn(visitor.page, email, password);
    await visitor.page.goto('/my-tickets');
    // Both of the visitor's orders of the event offer it; either writes the one review.
    await visitor.page.getByRole('button', { name: /^Write a review/ }).first().click();
    const form = visitor.page.getByRole('form', { name: /^Review of / });
    await form.getByRole('radio', { name: '4 stars' }).check();
    await form.getByRole('textbox', { name: 'Your review' }).fill('Smooth entry at the gate.');
    await form.getByRole('button', { name: 'Send review' }).click();
    // The typed text is in the form's textarea too: wait for the form to give way to the saved review.
    await form.waitFor({ state: 'hidden' });
    // Shown on both of the visitor's tickets of the event.
    await visitor.page.locator('.bk-review__text', { hasText: 'Smooth entry at the gate.' }).first().waitFor();
    expect(await visitor.page.getByRole('button', { name: /^Write a review/ }).count()).toBe(0);

    // One review per visitor and event: written from either of the visitor's two tickets of it.
    const [review] = await queryDb<{ id: number }>(
      'SELECT r.id FROM reviews r JOIN orders o ON o.user_id = r.user_id AND o.event_id = r.event_id WHERE o.id = $1',
      [orderId],
    );
    expect(review).toBeDefined();
    const organizer = await openPage(browser);
    await logIn(organizer.page, DEMO.organizer);
    await organizer.page.goto(`/organizer/reviews?eventName=${encodeURIComponent(eventName)}`);
    const reviewRow = organizer.page.getByRole('row').filter({ hasText: 'Smooth entry at the gate.' });
    await reviewRow.getByText('Attended', { exact: true }).waitFor();
    const answer = await organizer.page.request.post(`${apiUrl()}/api/organizer/reviews/${review?.id}/response`, { data: { message: 'Glad you came!' } });
    expect(answer.status()).toBe(200);
    await organizer.context.close();

    await visitor.page.reload();
    await visitor.page.getByText('Glad you came!').first().waitFor();
    await visitor.context.close();
  });
});
