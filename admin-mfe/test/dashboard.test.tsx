import { act, screen, waitFor, within } from '@testing-library/react';
import type { AdminDashboardResponse, AdminInquiry } from '@sports/contracts';
import { callsTo, deferred, mockApi, page } from './support/api-mock';
import type { ApiCall, Reply } from './support/api-mock';
import { MONTH_LABELS, makeDashboard, makeRevenue, makeSales } from './support/fixtures';
import { currentUrl, renderAdmin } from './support/render';

// The canvas is Chart.js's business (jsdom has no canvas): the test sees what the page hands it.
jest.mock('@sports/ui/chart-canvas', () => ({
  ChartCanvas: ({ labels, series }: { labels: string[]; series: Array<{ data: number[] }> }) => (
    <div data-testid="chart" data-labels={labels.join(',')} data-values={series[0]?.data.join(',')} />
  ),
}));

const SALES_2024 = [120, 0, 95, 230, 0, 310, 80, 0, 150, 205, 0, 54];

function makeInquiry(id: number, name: string, message: string, date: string): AdminInquiry {
  return { id, name, email: `${name.split(' ')[0]?.toLowerCase()}@example.com`, message, receivedAt: '2026-11-01T01:00:00.000Z', date, status: 'Pending', response: null, respondedBy: null, respondedAt: null };
}
const MARA = makeInquiry(3, 'Mara Santos', 'Is there parking?', '11-01-2026');
const LEO = makeInquiry(4, 'Leo Cruz', 'Can I bring food?', '11-02-2026');

/** Pending inquiries, 10 a page, as GET /api/admin/inquiries?status=pending answers them. */
function pendingPage(all: AdminInquiry[], n = 1) {
  return { success: true, inquiries: all.slice((n - 1) * 10, n * 10), ...page(n, Math.max(1, Math.ceil(all.length / 10)), all.length) };
}

/** The dashboard's reads, and whatever else the test answers. */
function serve(
  dashboard: () => AdminDashboardResponse = () => makeDashboard(),
  extra: (call: ApiCall) => Reply | Promise<Reply> | undefined = () => undefined,
  pending: () => AdminInquiry[] = () => [MARA, LEO],
) {
  return mockApi((call) => {
    if (call.url === '/api/admin/dashboard') return { body: dashboard() };
    if (call.url === '/api/admin/inquiries?status=pending') return { body: pendingPage(pending()) };
    if (call.url === '/api/admin/inquiries?status=pending&page=2') return { body: pendingPage(pending(), 2) };
    if (call.url === '/api/admin/dashboard/revenue') return { body: makeRevenue() };
    if (call.url === '/api/admin/dashboard/sales') return { body: makeSales(2026, [0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 7, 0], [2024, 2026]) };
    if (call.url === '/api/admin/dashboard/sales?year=2024') return { body: makeSales(2024, SALES_2024, [2024, 2026]) };
    return extra(call);
  });
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Dashboard' });

describe('admin dashboard', () => {
  it('shows the four cards from the API', async () => {
    serve();
    renderAdmin('/admin/dashboard');
    const cards = within(await screen.findByRole('list', { name: 'Summary' })).getAllByRole('listitem');
    const read = (card: HTMLElement) => [card.firstElementChild?.firstChild?.textContent, card.lastElementChild?.textContent];
    expect(cards.map(read)).toEqual([
      ['Total Tickets Created', '1,412'],
      ['Tickets Sold', '1,244'],
      ['Accounts Created', '250'],
      ['Active Users', '37'],
    ]);
  });

  it('shows every organizer’s revenue: gross, discounts by kind, refunds, net, and per ticket category', async () => {
    serve();
    renderAdmin('/admin/dashboard');
    const cards = within(await screen.findByRole('list', { name: 'Revenue figures' })).getAllByRole('listitem');
    expect(cards.map((c) => [c.children[0]?.textContent, c.children[1]?.textContent])).toEqual([
      ['Gross sales', '₱1,500.00'],
      ['Discounts', '₱130.00'],
      ['Refunds', '₱500.00'],
      ['Net revenue', '₱870.00'],
    ]);
    expect(within(cards[1] as HTMLElement).getByText('By law (Senior Citizen, PWD) ₱100.00; by category (Student, Child) ₱0.00; by promo code ₱30.00.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Revenue by ticket category' });
    expect(within(table).getByRole('row', { name: 'Senior Citizen 1 ₱500.00 ₱100.00 ₱0.00 ₱400.00' })).toBeInTheDocument();
    expect(screen.getByText('From 2026-11-01 to 2026-11-02 (Manila days): ₱1,370.00 paid after discounts, ₱500.00 refunded.')).toBeInTheDocument();
  });

  it('says what active means in a tooltip that the keyboard reaches and Escape hides', async () => {
    serve();
    const { user } = renderAdmin('/admin/dashboard');
    const about = await screen.findByRole('button', { name: 'About Active Users' });
    expect(about).toHaveAccessibleDescription('Active means signed in within the last 30 days.');
    const tip = document.getElementById(about.getAttribute('aria-describedby') ?? '');
    expect(tip).not.toBeVisible();

    // Tab from the card before it reaches the button; focus shows the tip.
    act(() => screen.getByRole('button', { name: 'About Accounts Created' }).focus());
    await user.tab();
    expect(about).toHaveFocus();
    expect(tip).toBeVisible();
    expect(tip).toHaveRole('tooltip');
    await user.keyboard('{Escape}');
    expect(tip).not.toBeVisible();
    await user.tab();
    expect(tip).not.toBeVisible();
  });

  it('draws the latest year with sales by default, all 12 months, with a table of the values', async () => {
    serve();
    renderAdmin('/admin/dashboard');
    const chart = await screen.findByTestId('chart');
    expect(chart).toHaveAttribute('data-labels', MONTH_LABELS.join(','));
    expect(chart).toHaveAttribute('data-values', '0,0,0,0,0,0,0,0,0,3,7,0');
    expect(screen.getByText('Tickets sold per month in 2026: 10 in all.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2026');

    const table = screen.getByRole('table', { name: 'Tickets sold per month in 2026' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toHaveTextContent('January0');
    expect(rows[10]).toHaveTextContent('November7');
  });

  it('switches to 2024 from the year select, kept in the URL', async () => {
    const fetchMock = serve();
    const { user, getByTestId } = renderAdmin('/admin/dashboard');
    await screen.findByTestId('chart');
    const select = screen.getByRole('combobox', { name: 'Year' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['2026', '2024']);
    await user.selectOptions(select, '2024');
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveAttribute('data-values', SALES_2024.join(',')));
    expect(currentUrl(getByTestId)).toBe('/admin/dashboard?year=2024');
    expect(screen.getByText('Tickets sold per month in 2024: 1,244 in all.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/admin/dashboard/sales').map((c) => c.url)).toContain('/api/admin/dashboard/sales?year=2024');
  });

  it('opens on the year the URL names', async () => {
    const fetchMock = serve();
    renderAdmin('/admin/dashboard?year=2024');
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveAttribute('data-values', SALES_2024.join(',')));
    expect(callsTo(fetchMock, 'GET', '/api/admin/dashboard/sales').map((c) => c.url)).toEqual(['/api/admin/dashboard/sales?year=2024']);
  });

  it('lists recent organizations with their summary line', async () => {
    serve();
    renderAdmin('/admin/dashboard');
    const section = (await screen.findByRole('heading', { name: 'Recent Organizations' })).closest('section') as HTMLElement;
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Metro Hoops League');
    expect(items[0]).toHaveTextContent('hoops@example.com');
    expect(items[0]).toHaveTextContent('214 tickets');
    expect(items[1]).toHaveTextContent('0 tickets');
    expect(within(section).getByText('Showing 2 of 9 organizations · 1,244 tickets sold in all')).toBeInTheDocument();
  });

  it('lists every pending inquiry with Respond and a count line, 10 a page', async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeInquiry(10 + i, `Sender ${i + 1}`, `Question ${i + 1}`, '11-01-2026'));
    serve(undefined, undefined, () => [MARA, ...many]);
    const { user } = renderAdmin('/admin/dashboard');
    const section = (await screen.findByRole('heading', { name: 'Pending Inquiries' })).closest('section') as HTMLElement;
    await within(section).findByText('Is there parking?');
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent('Mara Santos 11-01-2026Is there parking?Respond');
    expect(within(section).getAllByRole('listitem')).toHaveLength(10);
    expect(within(section).getByRole('button', { name: 'Respond to Mara Santos' })).toBeInTheDocument();
    expect(within(section).getByText('13 pending inquiries, oldest first')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Next page' }));
    expect(await within(section).findByText('Question 12')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
    expect(within(section).getByText('2 of 2')).toBeInTheDocument();
  });

  it('says so when nothing is pending', async () => {
    serve(() => makeDashboard({ inquiries: { pending: [], total: 0 }, organizations: { recent: [], total: 0, tickets: 0 } }), undefined, () => []);
    renderAdmin('/admin/dashboard');
    expect(await screen.findByText('No pending inquiries.')).toBeInTheDocument();
    expect(screen.getByText('All caught up.')).toBeInTheDocument();
    expect(screen.getAllByText('No organizations yet.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Respond/ })).not.toBeInTheDocument();
  });

  it('Respond mails the answer: a toast, and the inquiry leaves the list', async () => {
    let answered = false;
    const sent = deferred<Reply>();
    const fetchMock = serve(
      undefined,
      (call) => {
        if (call.method === 'POST' && call.url === '/api/admin/inquiries/3/respond') return sent.promise;
        return undefined;
      },
      () => (answered ? [LEO] : [MARA, LEO]),
    );
    const { user } = renderAdmin('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Respond to Mara Santos' }));
    const dialog = screen.getByRole('dialog', { name: 'Respond to Mara Santos' });
    expect(within(dialog).getByText('Is there parking?')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Your response' });
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Mara Santos receives this answer by email at mara@example.com.');

    // Blank: said at the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send Response' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('A response message is required'));
    expect(callsTo(fetchMock, 'POST')).toHaveLength(0);

    await user.type(field, 'Yes: the north lot, free on event days.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Response' }));
    expect(within(dialog).getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-busy', 'true');
    expect(callsTo(fetchMock, 'POST', '/api/admin/inquiries/3/respond')[0]?.body).toEqual({ message: 'Yes: the north lot, free on event days.' });

    answered = true;
    sent.resolve({
      body: {
        success: true,
        inquiry: {
          id: 3, name: 'Mara Santos', email: 'mara@example.com', message: 'Is there parking?', receivedAt: '2026-11-01T01:00:00.000Z', date: '11-01-2026',
          status: 'Answered', response: 'Yes: the north lot, free on event days.', respondedBy: { id: 1, name: 'Demo Admin', email: 'admin@demo.local' }, respondedAt: '2026-11-03T01:00:00.000Z',
        },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Response sent to Mara Santos (mara@example.com).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Respond to Mara Santos' })).not.toBeInTheDocument();
    expect(screen.getByText('1 pending inquiry, oldest first')).toBeInTheDocument();
    // The list and the dashboard were read again after the write.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/inquiries').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/dashboard').length).toBeGreaterThanOrEqual(2));
  });

  it('answering the only inquiry of the last page goes back a page, not to "All caught up."', async () => {
    const others = Array.from({ length: 10 }, (_, i) => makeInquiry(10 + i, `Sender ${i + 1}`, `Question ${i + 1}`, '11-01-2026'));
    const last = others[9] as AdminInquiry;
    let answered = false;
    serve(
      undefined,
      (call) => (call.method === 'POST' && call.url === `/api/admin/inquiries/${last.id}/respond` ? { body: { success: true, inquiry: { ...last, status: 'Answered' } } } : undefined),
      () => (answered ? [MARA, ...others.slice(0, 9)] : [MARA, ...others]),
    );
    const { user } = renderAdmin('/admin/dashboard');
    const section = (await screen.findByRole('heading', { name: 'Pending Inquiries' })).closest('section') as HTMLElement;
    await within(section).findByText('Is there parking?');
    await user.click(within(section).getByRole('button', { name: 'Next page' }));
    await user.click(await within(section).findByRole('button', { name: `Respond to ${last.name}` }));
    const dialog = screen.getByRole('dialog', { name: `Respond to ${last.name}` });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your response' }), 'Yes.');
    answered = true;
    await user.click(within(dialog).getByRole('button', { name: 'Send Response' }));
    expect(await within(section).findByText('Is there parking?')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(10);
    expect(within(section).queryByText('All caught up.')).not.toBeInTheDocument();
    expect(within(section).getByText('10 pending inquiries, oldest first')).toBeInTheDocument();
  });

  it("shows the API's refusal inside the Respond dialog", async () => {
    serve(undefined, (call) =>
      call.method === 'POST' ? { status: 409, body: { success: false, error: 'This inquiry has already been answered.' } } : undefined,
    );
    const { user } = renderAdmin('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Respond to Leo Cruz' }));
    const dialog = screen.getByRole('dialog', { name: 'Respond to Leo Cruz' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your response' }), 'Yes.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Response' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not be done. This inquiry has already been answered.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows an error with Retry when the dashboard cannot be read', async () => {
    let fail = true;
    serve(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return makeDashboard();
    });
    const { user } = renderAdmin('/admin/dashboard');
    await heading();
    expect(await screen.findByText('Could not reach the server. Check your connection and try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Summary' })).toBeInTheDocument();
  });
});
