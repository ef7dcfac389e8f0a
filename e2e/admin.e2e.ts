// The admin screens end to end: the demo admin signs in once and works through
// the drawer, the dashboard, accounts, event approval and feedback against the demo data; every
// number on a screen is checked against the rows it comes from. Other suites write to the same
// database at the same time (orders, accounts, event requests), so a count they can move is checked
// to lie between the database's value before the screen loaded and after it was read.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO, logIn, registerParticipant, uniqueEmail } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { queryDb } from './support/db';

jest.setTimeout(120_000);

const PASSWORD = 'court-side-2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;

let browser: Browser;
let admin: { context: BrowserContext; page: Page; errors: string[] };
/** A participant registered for this run: sends feedback, then is restricted while their page is open. */
let visitor: { context: BrowserContext; page: Page; email: string };

beforeAll(async () => {
  browser = await launchBrowser();
  // Reduced motion: the drawer is where it ends up at once (it slides in otherwise).
  admin = await openPage(browser, { reducedMotion: 'reduce' });
  await logIn(admin.page, DEMO.admin);
  await admin.page.waitForURL('**/admin/dashboard');
  const opened = await openPage(browser);
  const email = await registerParticipant(opened.page.request, PASSWORD, 'admin-e2e');
  await logIn(opened.page, email, PASSWORD);
  visitor = { ...opened, email };
});
afterAll(async () => {
  await visitor?.context.close();
  await admin?.context.close();
  await browser?.close();
});

const count = async (sql: string, params: unknown[] = []): Promise<number> => Number((await queryDb<{ n: string }>(sql, params))[0]?.n);

/** "1,244" -> 1244. */
const numberIn = (text: string | null): number => Number((text ?? '').replace(/[^\d]/g, ''));

/** The text of every body cell, row by row, once the table has settled (no answer on its way). */
async function tableCells(table: Locator): Promise<string[][]> {
  await table.and(table.page().locator('table:not([aria-busy])')).waitFor();
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText.trim())));
}

/** Whether a status badge is drawn green or red (its text colour). */
const badgeColour = (badge: Locator): Promise<'green' | 'red' | 'other'> =>
  badge.evaluate((element) => {
    const [r = 0, g = 0] = (getComputedStyle(element).color.match(/\d+/g) ?? []).map(Number);
    if (g > r) return 'green';
    return r > g ? 'red' : 'other';
  });

const drawer = () => admin.page.getByRole('dialog', { name: 'Admin navigation' });

/** Opens the drawer from the header and follows one of its entries (client-side, no page load). */
async function openFromDrawer(entry: 'DASHBOARD' | 'ACCOUNTS' | 'EVENTS' | 'FEEDBACK', heading: string): Promise<void> {
  await admin.page.getByRole('button', { name: 'Open navigation' }).click();
  await drawer().getByRole('link', { name: entry, exact: true }).click();
  await drawer().waitFor({ state: 'hidden' });
  await admin.page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

/** Person names as every admin screen writes them ("Ana M. Reyes Jr"). */
const NAME_SQL = (alias: string) => `concat_ws(' ', ${alias}.first_name, ${alias}.middle_initial || '.', ${alias}.last_name, ${alias}.suffix)`;
const MANILA_DATE = (expr: string) => `to_char(${expr} AT TIME ZONE 'Asia/Manila', 'MM-DD-YYYY')`;

/** Every organizer account by email, with the paid orders of all its events. */
async function organizerTickets(): Promise<Map<string, { name: string; tickets: number }>> {
  const rows = await queryDb<{ email: string; name: string; tickets: number }>(
    `SELECT u.email, ${NAME_SQL('u')} AS name,
            (SELECT count(*) FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = o.event_id
             WHERE e.organizer_user_id = u.id AND o.status = 'paid' AND t.transferred_at IS NULL)::int AS tickets
     FROM users u WHERE u.role_id = (SELECT id FROM roles WHERE name = 'Organizer')`,
  );
  return new Map(rows.map(({ email, ...row }) => [email, row]));
}

describe('the admin screens in Chromium, on the demo data', () => {
  it('dashboard: the four cards, the 2024 chart with all 12 months and its table, recent organizations, and Respond mails the answer and clears the inquiry', async () => {
    const { page } = admin;
    // A visitor asks a question from the Contact Us page (anonymous, as anyone may).
    const asker = await openPage(browser);
    const askerName = `Marites Cruz ${stamp}`;
    const askerEmail = uniqueEmail('inquiry');
    const question = `Is there a shuttle from the LRT station on game nights? (${stamp})`;
    await asker.page.goto('/contact');
    await asker.page.getByRole('textbox', { name: 'Name' }).fill(askerName);
    await asker.page.getByRole('textbox', { name: 'Email' }).fill(askerEmail);
    await asker.page.getByRole('textbox', { name: 'Message' }).fill(question);
    await asker.page.getByRole('button', { name: 'Send Message' }).click();
    await asker.page.getByText(`Thank you! Your message has been sent. We will reply to ${askerEmail}.`).waitFor();
    await asker.context.close();

    const cardSql = {
      // A ticket is a seat (docs/dashboards.md).
      'Total Tickets Created': 'SELECT count(*) AS n FROM order_seats',
      'Tickets Sold': "SELECT count(*) AS n FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.status = 'paid' AND t.transferred_at IS NULL",
      'Accounts Created': 'SELECT count(*) AS n FROM users',
      'Active Users': "SELECT count(*) AS n FROM users WHERE last_login_at > now() - interval '30 days'",
    };
    const before = await Promise.all(Object.values(cardSql).map((sql) => count(sql)));
    const organizersBefore = await organizerTickets();
    await page.goto('/admin/dashboard');
    const cards = page.getByRole('list', { name: 'Summary' }).getByRole('listitem');
    await cards.first().locator('.adm-card__value').waitFor();
    expect(await cards.locator('.adm-card__label').allInnerTexts()).toEqual(Object.keys(cardSql).map((label) => expect.stringContaining(label)));
    const shown = (await cards.locator('.adm-card__value').allInnerTexts()).map(numberIn);
    const after = await Promise.all(Object.values(cardSql).map((sql) => count(sql)));
    shown.forEach((value, i) => {
      expect(value).toBeGreaterThanOrEqual(before[i] as number);
      expect(value).toBeLessThanOrEqual(after[i] as number);
    });
    // What "active" means is said in the card's tooltip.
    await page.getByRole('button', { name: 'About Active Users' }).hover();
    await page.getByRole('tooltip').filter({ hasText: 'Active means signed in within the last 30 days.' }).waitFor();

    // The chart opens on the latest year with sales; the year is chosen in the URL.
    const years = (await queryDb<{ y: number }>("SELECT DISTINCT extract(year FROM paid_at AT TIME ZONE 'Asia/Manila')::int AS y FROM orders WHERE status = 'paid' ORDER BY 1 DESC")).map((r) => String(r.y));
    expect(years).toContain('2024');
    const year = page.getByRole('combobox', { name: 'Year' });
    await page.getByText(`Tickets sold per month in ${years[0]}:`).waitFor();
    expect(await year.locator('option').allInnerTexts()).toEqual(years);
    await year.selectOption('2024');
    await page.waitForURL((url) => url.pathname === '/admin/dashboard' && url.searchParams.get('year') === '2024');
    const months = await queryDb<{ month: string; n: number }>(
      `SELECT to_char(make_date(2024, m, 1), 'FMMonth') AS month,
              (SELECT coalesce(sum(o.seat_count), 0) FROM orders o WHERE o.status = 'paid' AND to_char(o.paid_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM') = to_char(make_date(2024, m, 1), 'YYYY-MM'))::int AS n
       FROM generate_series(1, 12) AS m ORDER BY m`,
    );
    const total2024 = months.reduce((sum, m) => sum + m.n, 0);
    expect(total2024).toBeGreaterThan(0);
    await page.getByText(`Tickets sold per month in 2024: ${total2024.toLocaleString('en-US')} in all.`).waitFor();
    const canvas = await page.getByTestId('sales-chart').boundingBox();
    expect(canvas?.width).toBeGreaterThan(200);
    expect(canvas?.height).toBeGreaterThan(100);
    await page.getByText('Show the numbers as a table').click();
    const monthTable = page.getByRole('table', { name: 'Tickets sold per month in 2024' });
    expect(await tableCells(monthTable)).toEqual(months.map((m) => [m.month, m.n.toLocaleString('en-US')]));

    // Recent organizations: each one's tickets are the seats of its events' paid orders; the line counts them all.
    const organizations = page.getByRole('region', { name: 'Recent Organizations' });
    const items = await organizations.locator('.adm-list__item').evaluateAll((lis) =>
      lis.map((li) => ({
        name: li.querySelector('.adm-list__name')?.textContent ?? '',
        email: li.querySelector('.adm-subtle')?.textContent ?? '',
        tickets: li.querySelector('.adm-list__figure')?.textContent ?? '',
      })),
    );
    expect(items.length).toBeGreaterThan(0);
    const organizersAfter = await organizerTickets();
    for (const item of items) {
      const [was, now] = [organizersBefore.get(item.email), organizersAfter.get(item.email)];
      expect([item.email, item.name]).toEqual([item.email, now?.name]);
      expect(numberIn(item.tickets)).toBeGreaterThanOrEqual(was?.tickets ?? Infinity);
      expect(numberIn(item.tickets)).toBeLessThanOrEqual(now?.tickets ?? -1);
    }
    const summary = await organizations.locator('.adm-summary').innerText();
    expect(summary).toMatch(new RegExp(`^Showing ${items.length} of ${organizersAfter.size.toLocaleString('en-US')} organizations · [\\d,]+ tickets sold in all$`));

    // Pending inquiries: the oldest first, the count line from the rows; Respond mails and clears one.
    const pending = page.getByRole('region', { name: 'Pending Inquiries' });
    const pendingSql = 'SELECT name, message FROM inquiries WHERE responded_at IS NULL ORDER BY created_at, id';
    const open = await queryDb<{ name: string; message: string }>(pendingSql);
    await pending.getByText(`${open.length} pending inquiries, oldest first`).waitFor();
    expect(await pending.locator('.adm-list__item .adm-inquiry__message').allInnerTexts()).toEqual(open.slice(0, 10).map((i) => i.message));
    if (open.length > 10) await pending.getByRole('navigation', { name: 'Pending inquiry pages' }).getByRole('button', { name: 'Last page' }).click();
    await pending.getByText(question).waitFor();
    await pending.getByRole('button', { name: `Respond to ${askerName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Respond to ${askerName}` });
    await dialog.getByText(question).waitFor();
    await dialog.getByRole('button', { name: 'Send Response' }).click();
    await dialog.getByText('A response message is required').waitFor();
    const answer = `Yes: a free shuttle leaves the LRT station every 15 minutes from 5:00 PM. (${stamp})`;
    await dialog.getByRole('textbox', { name: 'Your response' }).fill(answer);
    await dialog.getByRole('button', { name: 'Send Response' }).click();
    await page.getByText(`Response sent to ${askerName} (${askerEmail}).`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await pending.getByText(`${open.length - 1} pending inquiries, oldest first`).waitFor();
    expect(await pending.getByText(question).count()).toBe(0);

    const [mail] = await queryDb<{ subject: string; text: string }>('SELECT subject, text FROM mail_outbox WHERE lower("to") = lower($1) ORDER BY id DESC', [askerEmail]);
    expect(mail?.subject).toBe('Re: your inquiry to Sports Complex Tickets');
    expect(mail?.text).toContain(answer);
    expect(mail?.text).toContain(question);
    const [stored] = await queryDb<{ response: string; by: string; audited: number }>(
      `SELECT i.response, u.email AS by,
              (SELECT count(*) FROM audit_trail a WHERE a.inquiry_id = i.id AND a.action = 'inquiry.responded')::int AS audited
       FROM inquiries i JOIN users u ON u.id = i.responded_by WHERE i.email = $1`,
      [askerEmail],
    );
    expect(stored).toEqual({ response: answer, by: DEMO.admin, audited: 1 });
    expect(admin.errors).toEqual([]);
  });

  it('accounts: Page 1 of 25 and Total Accounts: 250 over the demo accounts, rows from the database, search and filters in the URL', async () => {
    const { page } = admin;
    // Every account: other suites register some meanwhile (on a fresh install: Page 1 of 25, 250).
    const allSql = 'SELECT count(*) AS n FROM users';
    const allBefore = await count(allSql);
    await openFromDrawer('ACCOUNTS', 'Accounts');
    const all = numberIn(await page.getByText(/^Total Accounts: [\d,]+$/).innerText());
    expect(all).toBeGreaterThanOrEqual(allBefore);
    expect(all).toBeLessThanOrEqual(await count(allSql));
    await page.getByText(`Page 1 of ${Math.ceil(all / 10)}`, { exact: true }).waitFor();
    const demo = await count("SELECT count(*) AS n FROM users WHERE email LIKE '%@demo.local'");
    expect(demo).toBe(250);

    // Typing in the search box reaches the URL (page 1) and the server.
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill('@demo.local');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === '@demo.local');
    await page.getByText('Total Accounts: 250', { exact: true }).waitFor();
    await page.getByText('Page 1 of 25', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Accounts' });
    const expected = await queryDb<{ name: string; email: string; role: string; account_no: string; status: string; created: string; last_login: string | null }>(
      `SELECT ${NAME_SQL('u')} AS name, u.email, r.name AS role, u.account_no, u.status, ${MANILA_DATE('u.created_at')} AS created, ${MANILA_DATE('u.last_login_at')} AS last_login
       FROM users u JOIN roles r ON r.id = u.role_id WHERE u.email LIKE '%@demo.local' ORDER BY u.id LIMIT 10`,
    );
    const rows = await tableCells(table);
    expect(rows).toHaveLength(10);
    rows.forEach((cells, i) => {
      const row = expected[i];
      expect(cells[0]).toContain(row?.name);
      expect(cells[0]).toContain(row?.email);
      expect(cells.slice(1, 6)).toEqual([row?.role, row?.account_no, row?.status, row?.created, row?.last_login ?? 'Never']);
      expect(cells[2]).toMatch(/^\d{12}$/);
      expect(cells[4]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    });

    // The filters narrow on the server and are kept in the URL; the last page is reachable.
    await page.getByRole('combobox', { name: 'Role' }).selectOption('Participant');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Inactive');
    await page.waitForURL((url) => url.searchParams.get('role') === 'Participant' && url.searchParams.get('status') === 'Inactive' && url.searchParams.get('q') === '@demo.local');
    const filtered = await count(
      "SELECT count(*) AS n FROM users WHERE email LIKE '%@demo.local' AND status = 'Inactive' AND role_id = (SELECT id FROM roles WHERE name = 'Participant')",
    );
    expect(filtered).toBeGreaterThan(10);
    await page.getByText(`Total Accounts: ${filtered}`, { exact: true }).waitFor();
    const pages = Math.ceil(filtered / 10);
    await page.getByRole('navigation', { name: 'Account pages' }).getByRole('button', { name: 'Last page' }).click();
    await page.getByText(`Page ${pages} of ${pages}`, { exact: true }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('page') === String(pages));
    const lastRows = await tableCells(table);
    expect(lastRows).toHaveLength(filtered - (pages - 1) * 10);
    expect(lastRows.map((cells) => [cells[1], cells[3]])).toEqual(lastRows.map(() => ['Participant', 'Inactive']));
    // The same URL opened afresh shows the same page.
    await page.reload();
    await page.getByText(`Page ${pages} of ${pages}`, { exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Inactive');
    expect(admin.errors).toEqual([]);
  });

  it('feedback: a visitor sends feedback from Help/FAQ and the admin reads it first, newest first and paged like the rows', async () => {
    const comment = `The new seat map made booking for my family easy. (${stamp})`;
    await visitor.page.goto('/help');
    const form = visitor.page.getByRole('form', { name: 'Send feedback' });
    await form.locator('label').filter({ hasText: '4 stars' }).click();
    await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
    await form.getByRole('button', { name: 'Send Feedback' }).click();
    await visitor.page.getByText('Thank you for your feedback! It helps us run better events.').waitFor();

    const { page } = admin;
    await openFromDrawer('FEEDBACK', 'Feedback');
    const newest = `SELECT ${NAME_SQL('u')} AS name, f.rating, f.comment, ${MANILA_DATE('f.created_at')} AS date
      FROM feedback f JOIN users u ON u.id = f.user_id ORDER BY f.created_at DESC, f.id DESC LIMIT 10 OFFSET $1`;
    const total = await count('SELECT count(*) AS n FROM feedback');
    await page.getByText(`Total Feedback: ${total}`, { exact: true }).waitFor();
    await page.getByText(`Page 1 of ${Math.ceil(total / 10)}`, { exact: true }).waitFor();
    const readCards = () =>
      page.locator('article.adm-feedback').evaluateAll((cards) =>
        cards.map((card) => ({
          name: card.querySelector('h2')?.textContent ?? '',
          date: (card.querySelector('time')?.textContent ?? '').slice(0, 10),
          stars: card.querySelector('.adm-stars .ds-visually-hidden')?.textContent ?? '',
          comment: card.querySelector('.adm-feedback__comment')?.textContent ?? '',
        })),
      );
    const asCards = (rows: Array<{ name: string; rating: number; comment: string; date: string }>) =>
      rows.map((r) => ({ name: r.name, date: r.date, stars: `Rated ${r.rating} out of 5`, comment: r.comment }));
    const first = await queryDb<{ name: string; rating: number; comment: string; date: string }>(newest, [0]);
    expect(first[0]).toMatchObject({ name: 'Paolo Garcia', rating: 4, comment });
    expect(await readCards()).toEqual(asCards(first));
    // Every card has its avatar placeholder.
    expect(await page.locator('article.adm-feedback svg').count()).toBe(first.length);

    await page.getByRole('navigation', { name: 'Feedback pages' }).getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const second = await queryDb<{ name: string; rating: number; comment: string; date: string }>(newest, [10]);
    await page.getByText(second[0]?.comment ?? 'no second page').waitFor();
    expect(await readCards()).toEqual(asCards(second));
    expect(admin.errors).toEqual([]);
  });

  it("accounts: restricting a user after a confirmation ends that user's open page on /login, refuses their login, and is shown in the account's history", async () => {
    const { page } = admin;
    const [target] = await queryDb<{ id: number; name: string }>(`SELECT id, ${NAME_SQL('users')} AS name FROM users WHERE lower(email) = lower($1)`, [visitor.email]);
    const name = target?.name ?? '';
    // The visitor is still on Help/FAQ, signed in.
    await visitor.page.getByRole('heading', { name: 'Help/FAQ' }).waitFor();

    await page.goto(`/admin/accounts?q=${encodeURIComponent(visitor.email)}`);
    await page.getByText('Total Accounts: 1', { exact: true }).waitFor();
    const row = page.getByRole('table', { name: 'Accounts' }).getByRole('row').filter({ hasText: visitor.email });
    await row.getByText('Active', { exact: true }).waitFor();

    // Cancel changes nothing.
    await row.getByRole('button', { name: `Change status of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Change the status of ${name}` });
    await dialog.getByText(`${name} (${visitor.email}) is Active now.`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await queryDb('SELECT status FROM users WHERE id = $1', [target?.id])).toEqual([{ status: 'Active' }]);

    const reason = `Ticket scalping reported at gate 3 (${stamp})`;
    await row.getByRole('button', { name: `Change status of ${name}` }).click();
    await dialog.getByRole('radio', { name: 'Restricted' }).check();
    await dialog.getByText('They are signed out on their next request and cannot log in while the account is Restricted.').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill(reason);
    await dialog.getByRole('button', { name: 'Set Restricted' }).click();
    await page.getByText(`${name} is now Restricted.`).waitFor();
    await row.getByText('Restricted', { exact: true }).waitFor();
    expect(await queryDb('SELECT status FROM users WHERE id = $1', [target?.id])).toEqual([{ status: 'Restricted' }]);

    // The visitor's open page: their next request is refused, and the shell sends them to /login saying why.
    await visitor.page.getByRole('link', { name: 'My Account', exact: true }).click();
    await visitor.page.waitForURL('**/login');
    await visitor.page.getByText('This account is restricted. Please contact support.').waitFor();
    expect(await visitor.page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await expect(logIn(visitor.page, visitor.email, PASSWORD)).rejects.toThrow(/restricted/i);

    // The history shows the audit row: who, before, after, the reason and the address.
    const [audit] = await queryDb<{ actor: string; before: object; after: object; ip: string | null; date: string }>(
      `SELECT u.email AS actor, a.data -> 'before' AS before, a.data -> 'after' AS after, host(a.ip) AS ip, ${MANILA_DATE('a.at')} AS date
       FROM audit_trail a JOIN users u ON u.id = a.actor_user_id WHERE a.account_id = $1 AND a.action = 'account.status_changed' ORDER BY a.id DESC`,
      [target?.id],
    );
    expect(audit).toMatchObject({ actor: DEMO.admin, before: { status: 'Active' }, after: { status: 'Restricted', reason } });
    await row.getByRole('button', { name: `History of ${name}` }).click();
    const history = page.getByRole('dialog', { name: `History of ${name}` });
    const entries = await tableCells(history.getByRole('table'));
    expect(entries).toHaveLength(1);
    const [when, who, was, now, from] = entries[0] ?? [];
    expect(when).toContain(audit?.date);
    expect(who).toContain(DEMO.admin);
    expect(was).toBe('Status: Active');
    expect(now).toContain('Status: Restricted');
    expect(now).toContain(`Reason: ${reason}`);
    expect(from).toBe(audit?.ip ?? 'Unknown');
    await history.getByRole('button', { name: 'Close' }).click();
    expect(admin.errors).toEqual([]);
  });

  it('events: approve and reject Pending requests; the approved one reaches visitors under its genre, the organizer sees Approved and Rejected with the reason', async () => {
    const { page } = admin;
    // Two requests of the demo organizer, as its Create Event saves them (Pending, 40 days ahead).
    const approveTitle = `E2E Approve Badminton Open ${stamp}`;
    const rejectTitle = `E2E Reject Fireworks Night ${stamp}`;
    const ids: number[] = [];
    for (const [title, genre] of [[approveTitle, 'sports'], [rejectTitle, 'concert']]) {
      const [created] = await queryDb<{ id: number }>(
        `INSERT INTO events (genre, title, description, starts_at, ends_at, price, organizer, organizer_user_id)
         SELECT $1, $2, 'A request of the admin end-to-end tests.', now() + interval '40 days', now() + interval '40 days 3 hours', 100, 'Demo Organizer', id
         FROM users WHERE email = $3 RETURNING id`,
        [genre, title, DEMO.organizer],
      );
      ids.push(created?.id ?? 0);
    }
    const statusSql = "SELECT count(*) AS n FROM events WHERE status = 'Pending'";
    const pendingBefore = await count(statusSql);

    // Opened with the filter in the URL: the first answer is the filtered one.
    await page.goto('/admin/events?status=Pending');
    await page.getByRole('heading', { level: 1, name: 'Manage Events' }).waitFor();
    await page.getByText('view, approve, or reject event requests').waitFor();
    const totalText = await page.getByText(/^Total Events: [\d,]+$/).innerText();
    const pendingAfter = await count(statusSql);
    expect(numberIn(totalText)).toBeGreaterThanOrEqual(pendingBefore);
    expect(numberIn(totalText)).toBeLessThanOrEqual(pendingAfter);
    const table = page.getByRole('table', { name: 'Event requests' });
    for (const badge of await table.locator('.ds-badge').all()) expect([await badge.innerText(), await badgeColour(badge)]).toEqual(['Pending', 'red']);

    const search = page.getByRole('searchbox', { name: 'Search event requests' });
    await search.fill(stamp);
    await page.keyboard.press('Enter');
    await page.getByText('Total Events: 2', { exact: true }).waitFor();

    await page.getByRole('button', { name: `Approve ${approveTitle}` }).click();
    const approve = page.getByRole('dialog', { name: 'Approve this event?' });
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText(`${approveTitle} is approved: visitors now see it under Sports.`).waitFor();

    await page.getByRole('button', { name: `Reject ${rejectTitle}` }).click();
    const reject = page.getByRole('dialog', { name: 'Reject this event request?' });
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await reject.getByText('A reason is required to reject an event').waitFor();
    const reason = `Fireworks are not allowed inside the arena. (${stamp})`;
    await reject.getByRole('textbox', { name: 'Reason for rejecting' }).fill(reason);
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText(`${rejectTitle} is rejected. The organizer sees your reason.`).waitFor();
    // The refused empty reason was the page's only error (Chromium logs the 400 answer).
    expect(admin.errors).toEqual([expect.stringContaining('status of 400')]);
    admin.errors.length = 0;

    // Shown with the filter cleared: green Approved, red Rejected with its reason, no more buttons.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('');
    await page.waitForURL((url) => !url.searchParams.has('status'));
    const approvedRow = table.getByRole('row').filter({ hasText: approveTitle });
    const rejectedRow = table.getByRole('row').filter({ hasText: rejectTitle });
    await approvedRow.getByText('Approved', { exact: true }).waitFor();
    await rejectedRow.getByText(`Reason: ${reason}`).waitFor();
    expect(await badgeColour(approvedRow.locator('.ds-badge'))).toBe('green');
    expect(await badgeColour(rejectedRow.locator('.ds-badge'))).toBe('red');
    expect(await table.getByRole('button', { name: /^(Approve|Reject) / }).count()).toBe(0);
    const decided = await queryDb<{ id: number; status: string; rejection_reason: string | null; reviewer: string; audits: string }>(
      `SELECT e.id, e.status, e.rejection_reason, u.email AS reviewer,
              (SELECT string_agg(a.action, ',') FROM audit_trail a WHERE a.event_id = e.id AND a.action IN ('event.approved', 'event.rejected')) AS audits
       FROM events e JOIN users u ON u.id = e.reviewed_by WHERE e.id = ANY ($1::int[]) ORDER BY e.id`,
      [ids],
    );
    expect(decided).toEqual([
      { id: ids[0], status: 'Approved', rejection_reason: null, reviewer: DEMO.admin, audits: 'event.approved' },
      { id: ids[1], status: 'Rejected', rejection_reason: reason, reviewer: DEMO.admin, audits: 'event.rejected' },
    ]);

    // Visitors: the approved event is on the Sports page at once; the rejected one is nowhere.
    const guest = await openPage(browser);
    await guest.page.goto('/genre/sports');
    await guest.page.getByRole('heading', { name: 'Sports Events' }).waitFor();
    const card = guest.page.getByRole('article', { name: approveTitle });
    await card.waitFor();
    expect(await card.getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe(`/events/${ids[0]}`);
    await guest.page.goto('/genre/concert');
    await guest.page.getByRole('heading', { name: 'Concerts & Music' }).waitFor();
    await guest.page.getByRole('heading', { name: 'Paid Events' }).waitFor();
    expect(await guest.page.getByText(rejectTitle).count()).toBe(0);
    await guest.context.close();

    // The organizer's Event List: Approved, and Rejected with the admin's reason.
    const organizer = await openPage(browser);
    await logIn(organizer.page, DEMO.organizer);
    await organizer.page.goto(`/organizer/event-list?q=${encodeURIComponent(stamp)}`);
    const list = organizer.page.getByRole('table', { name: 'Your events' });
    await list.getByRole('row').filter({ hasText: approveTitle }).getByText('Approved', { exact: true }).waitFor();
    const rejected = list.getByRole('row').filter({ hasText: rejectTitle });
    await rejected.getByText('Rejected', { exact: true }).waitFor();
    await rejected.getByText(`Reason: ${reason}`).waitFor();
    await organizer.context.close();
    expect(admin.errors).toEqual([]);
  });

  it('navigation: the drawer opens from the header and closes by its button, the overlay and Escape; the active entry is bold; LOGOUT goes to /login', async () => {
    const { page } = admin;
    await openFromDrawer('DASHBOARD', 'Dashboard');
    const menu = page.getByRole('button', { name: 'Open navigation' });
    const weights = () => drawer().locator('.adm-drawer__link').evaluateAll((links) => links.map((l) => [l.textContent, getComputedStyle(l).fontWeight]));

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await drawer().getByRole('heading', { name: 'SPORTS COMPLEX' }).waitFor();
    expect((await drawer().boundingBox())?.width).toBe(256);
    expect((await drawer().boundingBox())?.x).toBe(0);
    expect(await weights()).toEqual([
      ['DASHBOARD', '700'],
      ['ACCOUNTS', '400'],
      ['EVENTS', '400'],
      ['FEEDBACK', '400'],
      ['LOGOUT', '400'],
    ]);
    await drawer().getByRole('button', { name: 'Close navigation' }).click();
    await drawer().waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    // The dimmed overlay beside the drawer closes it.
    await menu.click();
    const overlay = page.getByTestId('admin-drawer-overlay');
    expect(await overlay.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await overlay.click({ position: { x: 900, y: 400 } });
    await drawer().waitFor({ state: 'hidden' });

    await menu.click();
    await drawer().waitFor();
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open navigation');

    await openFromDrawer('FEEDBACK', 'Feedback');
    await menu.click();
    expect((await weights()).filter(([, weight]) => weight === '700')).toEqual([['FEEDBACK', '700']]);

    await drawer().getByRole('button', { name: 'LOGOUT' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(admin.errors).toEqual([]);
    // The session is over on the server too: the admin page sends back to /login.
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/login');
  });
});
