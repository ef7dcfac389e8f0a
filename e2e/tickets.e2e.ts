// One ticket per seat, as the visitor gets them: three seats bought, three QR codes with their
// seats and codes; one ticket's page opened elsewhere without a session, and its PDF.
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Download, Page } from 'playwright-core';
import { logIn, registerParticipant } from './support/accounts';
import { apiUrl, launchBrowser, openPage } from './support/browser';
import { decodeQrFromScreen } from './support/qr';

jest.setTimeout(120_000);

const PASSWORD = 'three-seats-2026';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** Event 5 (paid), Lower Box A (section 6): 5 rows of 30. */
const EVENT = 5;
const LOWER_A = 6;
const CODE = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const seatButton = (page: Page, row: string, seat: number) => page.getByRole('button', { name: `Row ${row}, seat ${seat}, available`, exact: true });

/** Three seats side by side in rows B-E (row A is the booking scenarios') that nobody holds or bought, picked at random. */
async function freeSeats(page: Page): Promise<{ row: string; seats: number[] }> {
  const answer = await page.request.get(`${apiUrl()}/backend/api/get-booked-seats.php?event_id=${EVENT}&section_id=${LOWER_A}`);
  const taken = new Set(((await answer.json()) as { bookedSeats: number[] }).bookedSeats);
  const starts: number[] = [];
  for (let rowIndex = 1; rowIndex < 5; rowIndex += 1) {
    for (let offset = 0; offset < 28; offset += 1) {
      const first = 1 + 30 * rowIndex + offset;
      if (![first, first + 1, first + 2].some((seat) => taken.has(seat))) starts.push(first);
    }
  }
  const first = starts[Math.floor(Math.random() * starts.length)];
  if (first === undefined) throw new Error('no three free seats side by side in rows B-E');
  return { row: 'ABCDE'.charAt(Math.floor((first - 1) / 30)), seats: [first, first + 1, first + 2] };
}

/** The bytes of a download, and how many page objects the PDF holds. */
async function pdfOf(download: Download): Promise<{ name: string; bytes: Buffer; pageObjects: number; pages: number }> {
  const path = await download.path();
  const bytes = await readFile(path);
  const pageObjects = (bytes.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
  return { name: download.suggestedFilename(), bytes, pageObjects, pages: (await PDFDocument.load(bytes)).getPageCount() };
}

describe('tickets per seat in Chromium', () => {
  it('three seats bought: three QR codes with seat names and codes; one ticket opens alone for a visitor with the link, and its PDF has one page', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: DESKTOP });
    const email = await registerParticipant(page.request, PASSWORD, 'three');
    await logIn(page, email, PASSWORD);
    const { row, seats } = await freeSeats(page);
    const names = seats.map((s) => `${row}${s}`);
    await page.goto(`/events/${EVENT}/seatmap/${LOWER_A}`);
    for (const seat of seats) await seatButton(page, row, seat).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByText(`Successfully booked: ${names.join(', ')}`).waitFor();
    await page.getByRole('radio', { name: 'GCash' }).check();
    await page.getByRole('button', { name: 'Pay and Generate QR' }).click();
    await page.waitForURL('**/event/qr');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    // Three QR codes, each its own seat's signed ticket, with the seat's name and code.
    const qrs = page.getByRole('img', { name: /^Ticket QR code, seat / });
    expect(await qrs.count()).toBe(3);
    const links: string[] = [];
    const codes: string[] = [];
    for (const [i, name] of names.entries()) {
      const card = page.locator('.bk-seat-ticket', { has: page.getByRole('img', { name: `Ticket QR code, seat ${name}` }) });
      expect(await card.getByText(`Seat ${name}`, { exact: true }).count()).toBe(1);
      const code = (await card.locator('code').textContent()) ?? '';
      expect(code).toMatch(CODE);
      codes.push(code);
      const ticket = JSON.parse(await decodeQrFromScreen(card.getByRole('img')));
      expect(ticket).toMatchObject({ event_id: EVENT, section_id: LOWER_A, seats, seat: seats[i], paymentMethod: 'gcash' });
      links.push((await card.getByRole('link', { name: `Open ticket for seat ${name}` }).getAttribute('href')) ?? '');
    }
    expect(new Set(codes).size).toBe(3);
    expect(links.every((href) => /^\/tickets\/[A-Za-z0-9_-]{22}$/.test(href))).toBe(true);

    // The order's PDF: one page per ticket.
    const [orderPdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF of all 3 tickets' }).click()]);
    const all = await pdfOf(orderPdf);
    expect(all.name).toMatch(/^tickets-order-\d+\.pdf$/);
    expect([all.pageObjects, all.pages]).toEqual([3, 3]);
    expect(errors).toEqual([]);
    await context.close();

    // A friend opens the second ticket's link on a phone: no session, the ticket alone.
    const friend = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await friend.page.goto(links[1] ?? '');
    const facts = friend.page.locator('.bk-ticket-page__facts');
    await facts.waitFor();
    const fact = async (term: string) => facts.getByText(term, { exact: true }).locator('xpath=following-sibling::dd').textContent();
    expect(await fact('Seat')).toBe(names[1]);
    expect(await fact('Section')).toBe('Lower Box A');
    expect(await fact('Holder')).toBe('Paolo Garcia');
    expect(await fact('Venue')).toMatch(/\S/);
    expect(await friend.page.locator('.bk-ticket-code__value').textContent()).toBe(codes[1]);
    const shown = JSON.parse(await decodeQrFromScreen(friend.page.getByRole('img', { name: `Ticket QR code, seat ${names[1]}` })));
    expect(shown.seat).toBe(seats[1]);
    expect(await friend.page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // Fits the phone: nothing wider than the screen.
    expect(await friend.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The link to forward is this page's address.
    expect(await friend.page.getByRole('textbox', { name: 'Ticket link' }).inputValue()).toBe(friend.page.url());

    const [download] = await Promise.all([friend.page.waitForEvent('download'), friend.page.getByRole('button', { name: 'Download PDF' }).click()]);
    const one = await pdfOf(download);
    expect(one.name).toBe(`ticket-${codes[1]}.pdf`);
    expect(one.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect([one.pageObjects, one.pages]).toEqual([1, 1]);
    expect(friend.errors).toEqual([]);
    await friend.context.close();
  });

  it('a link to no ticket: Ticket not found', async () => {
    const { context, page } = await openPage(browser, { viewport: DESKTOP });
    await page.goto('/tickets/AAAAAAAAAAAAAAAAAAAAAA');
    await page.getByRole('heading', { level: 1, name: 'Ticket not found' }).waitFor();
    await context.close();
  });
});
