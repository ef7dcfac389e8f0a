// An approved event moved by its organizer: the visitor's My Tickets shows the new date at once,
// and the mail in the outbox carries the order's calendar file again, with a higher SEQUENCE and
// the new DTSTART, so the visitor's calendar moves its entry.
import type { APIRequestContext, Browser } from 'playwright-core';
import { DEMO, logIn, registerParticipant } from './support/accounts';
import { apiUrl, launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';
import { encodePng } from '../api/src/uploads/png-image';

jest.setTimeout(180_000);

const PASSWORD = 'moved-event-2026';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Whole hours from now, as an instant (no seconds: the form's text has none). */
const hoursFromNow = (hours: number): Date => new Date(Math.floor((Date.now() + hours * HOUR) / HOUR) * HOUR);

/** MM-DD-YYYY hh:mm am|pm in Manila, as Create Event reads it. */
function formText(instant: Date): string {
  const l = new Date(instant.getTime() + 8 * HOUR);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = l.getUTCHours();
  return `${two(l.getUTCMonth() + 1)}-${two(l.getUTCDate())}-${l.getUTCFullYear()} ${two(h % 12 || 12)}:${two(l.getUTCMinutes())} ${h < 12 ? 'am' : 'pm'}`;
}

/** YYYY-MM-DD of an instant in Manila (how My Tickets marks the date). */
const manilaDay = (instant: Date): string => new Date(instant.getTime() + 8 * HOUR).toISOString().slice(0, 10);

/** The organizer's approved event, made through Create Event's API and approved as an admin would. */
async function approvedEvent(request: APIRequestContext, name: string, start: Date): Promise<number> {
  const banner = await request.post(`${apiUrl()}/api/organizer/banners`, { data: encodePng(300, 100, (x) => [x % 255, 90, 160]), headers: { 'Content-Type': 'image/png' } });
  expect(banner.status()).toBe(201);
  const [place] = await queryDb<{ city: string; barangay: string }>(
    `SELECT c.code AS city, b.code AS barangay FROM cities c JOIN barangays b ON b.city_code = c.code WHERE c.name = 'Quezon City' ORDER BY b.code LIMIT 1`,
  );
  const created = await request.post(`${apiUrl()}/api/organizer/events`, {
    data: {
      name,
      description: 'Five kilometres along the river.',
      category: 'sports',
      bannerId: ((await banner.json()) as { banner: { id: string } }).banner.id,
      venueName: 'Riverside Oval',
      streetName: 'Mabini Street',
      cityCode: place?.city,
      barangayCode: place?.barangay,
      start: formText(start),
      end: formText(new Date(start.getTime() + 3 * HOUR)),
      price: 100,
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { event: { id: number } }).event.id;
  await queryDb(`UPDATE events SET status = 'Approved', reviewed_by = (SELECT id FROM users WHERE email = $2), reviewed_at = now() WHERE id = $1`, [id, DEMO.admin]);
  return id;
}

/** The visitor (signed in on `request`) takes seat 1 of the event's first section and pays. */
async function buyOneSeat(request: APIRequestContext, eventId: number): Promise<number> {
  const { sections } = (await (await request.get(`${apiUrl()}/api/events/${eventId}/availability`)).json()) as { sections: Array<{ sectionId: number }> };
  const hold = await request.post(`${apiUrl()}/backend/api/book-seats.php`, { data: { event_id: eventId, section_id: sections[0]?.sectionId, seat_numbers: [1] } });
  expect(hold.status()).toBe(200);
  const { order } = (await hold.json()) as { order: { orderId: number } };
  const paid = await request.post(`${apiUrl()}/api/orders/${order.orderId}/pay`, { data: { paymentMethod: 'gcash' }, headers: { 'Idempotency-Key': `e2e-moved-${order.orderId}` } });
  expect(paid.status()).toBe(200);
  return order.orderId;
}

interface OutboxMail {
  subject: string;
  attachments: Array<{ filename: string; content: string }>;
}

/** The move's mail to `to` once the mail worker has sent it (it runs after the change's commit). */
async function movedMail(to: string): Promise<OutboxMail> {
  for (let tries = 0; tries < 200; tries += 1) {
    const [mail] = await queryDb<OutboxMail & Record<string, unknown>>(`SELECT subject, attachments FROM mail_outbox WHERE lower("to") = lower($1) AND subject LIKE 'Moved: %' ORDER BY id DESC LIMIT 1`, [to]);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no Moved mail for ${to}`);
}

/** An iCalendar property's value, lines unfolded. */
const icsValue = (ics: string, name: string): string | undefined => new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'm').exec(ics.replace(/\r\n[ \t]/g, ''))?.[1]?.trim();
const icsTime = (instant: Date): string => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

describe('an event that moves, in Chromium', () => {
  it('the organizer postpones it; My Tickets shows the new date and the mailed calendar file moves the entry', async () => {
    const organizer = await openPage(browser);
    await logIn(organizer.page, DEMO.organizer);
    const name = `E2E River Run ${Date.now()}`;
    const start = hoursFromNow(20 * 24 + 2);
    const id = await approvedEvent(organizer.page.request, name, start);

    const visitor = await openPage(browser);
    const email = await registerParticipant(visitor.page.request, PASSWORD, 'moved');
    await logIn(visitor.page, email, PASSWORD);
    const orderId = await buyOneSeat(visitor.page.request, id);
    const before = await (await visitor.page.request.get(`${apiUrl()}/api/orders/${orderId}/calendar.ics`)).text();
    expect(icsValue(before, 'SEQUENCE')).toBe('0');

    // The organizer moves it a week later from Create Event.
    const moved = new Date(start.getTime() + 7 * DAY + HOUR);
    await organizer.page.goto(`/organizer/create-event?event=${id}`);
    const eventName = organizer.page.getByRole('textbox', { name: /^Event name/ });
    await eventName.waitFor();
    await organizer.page.waitForFunction((expected) => [...document.querySelectorAll('input')].some((i) => i.value === expected), name);
    await organizer.page.getByText('This event is approved and on sale.').waitFor();
    await organizer.page.getByRole('textbox', { name: /^Start date and time/ }).fill(formText(moved));
    await organizer.page.getByRole('textbox', { name: /^End date and time/ }).fill(formText(new Date(moved.getTime() + 3 * HOUR)));
    await organizer.page.getByRole('button', { name: 'Save changes' }).click();
    await organizer.page.waitForURL('**/organizer/event-list');
    await organizer.page.getByText(`${name}: changes saved. 1 ticket holder was mailed the new date.`).waitFor();

    // The visitor's My Tickets reads the event: the new date.
    await visitor.page.goto('/my-tickets');
    const card = visitor.page.locator('li.bk-ticket').filter({ has: visitor.page.getByRole('heading', { name }) });
    await card.locator(`time[datetime="${manilaDay(moved)}"]`).waitFor();
    expect(await card.locator(`time[datetime="${manilaDay(start)}"]`).count()).toBe(0);

    // The mail carries the calendar file again: same UID, SEQUENCE 1, the new start.
    const mail = await movedMail(email);
    expect(mail.subject).toMatch(new RegExp(`^Moved: ${name} is now on `));
    const file = mail.attachments.find((a) => a.filename === `ticket-${orderId}.ics`);
    const ics = Buffer.from(file?.content ?? '', 'base64').toString('utf8');
    expect(icsValue(ics, 'UID')).toBe(icsValue(before, 'UID'));
    expect(icsValue(ics, 'SEQUENCE')).toBe('1');
    expect(icsValue(ics, 'DTSTART')).toBe(icsTime(moved));
    expect(icsValue(before, 'DTSTART')).toBe(icsTime(start));

    // The event page tells the move.
    await visitor.page.goto(`/events/${id}`);
    await visitor.page.getByRole('status').getByText(/^Postponed/).waitFor();

    expect([...organizer.errors, ...visitor.errors]).toEqual([]);
    await organizer.context.close();
    await visitor.context.close();
  });
});
