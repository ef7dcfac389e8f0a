import type { Browser } from 'playwright-core';
import { DEMO, logIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
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


describe('organizer pricing in Chromium', () => {
  it('creates an event with a price per section, Senior Citizen and Student, then makes and ends a promo code', async () => {
    const { context, page, errors } = await openPage(browser);
    await logIn(page, DEMO.organizer);
    await page.waitForURL('**/organizer/dashboard');
    await page.goto('/organizer/create-event');
    await page.getByRole('heading', { level: 1, name: 'Create Event' }).waitFor();

    const name = `E2E Pricing Finals ${Date.now()}`;
    await page.getByRole('textbox', { name: /^Event name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Description/ }).fill('The city league final, priced by section.');
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('sports');
    await page.getByLabel(/^Banner image/).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: encodePng(600, 200, (x) => [x % 255, 90, 160]) });
    await page.getByRole('img', { name: 'Banner preview' }).waitFor();
    await page.getByRole('textbox', { name: /^Venue name/ }).fill('Sports Complex Arena');
    await page.getByRole('textbox', { name: /^Street name/ }).fill('Rizal Avenue');
    await page.getByRole('searchbox', { name: 'Find a city' }).fill('Quezon City');
    await page.getByRole('option', { name: /^Quezon City/ }).first().waitFor({ state: 'attached' });
    await page.getByRole('combobox', { name: /^City/ }).selectOption({ index: 1 });
    await page.waitForFunction(() => {
      const select = [...document.querySelectorAll('select')].find((s) => s.labels?.[0]?.textContent?.startsWith('Barangay'));
      return select !== undefined && !select.disabled && select.options.length > 1;
    });
    await page.getByRole('combobox', { name: /^Barangay/ }).selectOption({ index: 1 });
    await page.getByRole('textbox', { name: /^Start date and time/ }).fill(manilaText(40, 18));
    await page.getByRole('textbox', { name: /^End date and time/ }).fill(manilaText(40, 21));
    await page.getByRole('textbox', { name: /^Ticket price/ }).fill('300');

    // A price per section, prefilled with the one price; two sections changed, one wrongly first.
    await page.getByRole('radio', { name: 'A price per section' }).check();
    const sections = await queryDb<{ id: number; label: string }>('SELECT id, label FROM sections WHERE event_id IS NULL ORDER BY id');
    expect(sections).toHaveLength(13);
    const [first, second] = sections as [{ id: number; label: string }, { id: number; label: string }];
    const firstPrice = page.getByRole('textbox', { name: new RegExp(`^${first.label} \\(₱\\)`) });
    expect(await firstPrice.inputValue()).toBe('300');
    await firstPrice.fill('-1');
    await firstPrice.blur();
    await page.getByText('A section price cannot be negative', { exact: true }).waitFor();
    await firstPrice.fill('500');
    await page.getByRole('textbox', { name: new RegExp(`^${second.label} \\(₱\\)`) }).fill('150');

    // Categories: Senior Citizen with the law's percentage from the API, Student with the organizer's.
    await page.getByRole('checkbox', { name: 'Senior Citizen (20% off by law, ID checked at the gate)' }).check();
    await page.getByRole('checkbox', { name: 'Student' }).check();
    await page.getByRole('textbox', { name: /^Student discount/ }).fill('10');

    await page.getByRole('button', { name: 'Proceed to Seat Planning' }).click();
    await page.waitForURL(/\/organizer\/seat-planning\?event=\d+/);
    const eventId = Number(new URL(page.url()).searchParams.get('event'));
    const [event] = await queryDb<{ price: string }>('SELECT price FROM events WHERE id = $1', [eventId]);
    expect(event?.price).toBe('150.00');
    const prices = await queryDb<{ section_id: number; price: string }>('SELECT section_id, price FROM event_section_prices WHERE event_id = $1 ORDER BY section_id', [eventId]);
    expect(prices).toHaveLength(13);
    expect(prices.slice(0, 3).map((p) => p.price)).toEqual(['500.00', '150.00', '300.00']);
    const categories = await queryDb<{ category: string; discount_percent: string | null }>('SELECT category, discount_percent FROM event_ticket_categories WHERE event_id = $1 ORDER BY category', [eventId]);
    expect(categories).toEqual([
      { category: 'senior', discount_percent: null },
      { category: 'student', discount_percent: '10.00' },
    ]);

    // Edit shows them back.
    await page.goto(`/organizer/create-event?event=${eventId}`);
    expect(await page.getByRole('radio', { name: 'A price per section' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: new RegExp(`^${second.label} \\(₱\\)`) }).inputValue()).toBe('150');
    expect(await page.getByRole('checkbox', { name: /^Senior Citizen/ }).isChecked()).toBe(true);

    // The Event List leads to the event's promo codes.
    await page.goto(`/organizer/event-list?q=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name: `Promo codes of ${name}` }).click();
    await page.waitForURL(`**/organizer/promo-codes?event=${eventId}`);
    await page.getByText('No promo codes yet.').waitFor();
    await page.getByRole('textbox', { name: /^Code/ }).fill('ab');
    await page.getByRole('textbox', { name: /^Percent off/ }).fill('15');
    await page.getByRole('button', { name: 'Create promo code' }).click();
    await page.getByText('A promo code is 3 to 30 letters, digits, hyphens or underscores, starting with a letter or digit').waitFor();
    await page.getByRole('textbox', { name: /^Code/ }).fill('finals-15');
    await page.getByRole('textbox', { name: /^Uses in all/ }).fill('100');
    await page.getByRole('checkbox', { name: second.label }).check();
    await page.getByRole('button', { name: 'Create promo code' }).click();
    await page.getByText('Promo code FINALS-15 created.').waitFor();
    const row = page.getByRole('row', { name: /FINALS-15/ });
    await row.getByText('0 of 100').waitFor();
    await row.getByText('Active').waitFor();
    const [stored] = await queryDb<{ code: string; kind: string; value: string; section_ids: number[]; max_uses: number }>(
      'SELECT code, kind, value, section_ids, max_uses FROM promo_codes WHERE event_id = $1',
      [eventId],
    );
    expect(stored).toEqual({ code: 'FINALS-15', kind: 'percent', value: '15.00', section_ids: [second.id], max_uses: 100 });

    await row.getByRole('button', { name: 'End FINALS-15' }).click();
    const dialog = page.getByRole('dialog', { name: 'End FINALS-15?' });
    await dialog.getByRole('button', { name: 'End code' }).click();
    await row.getByText('Ended').waitFor();
    const [ended] = await queryDb<{ ended: boolean }>('SELECT valid_until <= now() AS ended FROM promo_codes WHERE event_id = $1', [eventId]);
    expect(ended).toEqual({ ended: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
