import { screen, waitFor, within } from '@testing-library/react';
import { DASHBOARD_CARD_DEFINITIONS } from '@sports/contracts';
import { mockFetch } from './support/fetch-mock';
import { OPTIONS } from './support/fixtures';
import { renderOrganizer } from './support/render';

// Chart.js needs a real canvas; the charts' values are checked through their text alternatives.
jest.mock('@sports/ui/chart-canvas', () => ({
  ChartCanvas: ({ labels }: { labels: string[] }) => <div data-testid="chart">{labels.length}</div>,
}));

const DASHBOARD = {
  success: true,
  eventId: null,
  asOf: '2099-06-01T10:00:00.000Z',
  cards: { noShows: 49, dueToday: 26, open: 140, all: 452 },
  charts: {
    reservedByType: [
      { type: 'Upper Box C', tickets: 86 },
      { type: 'Lower Box A', tickets: 60 },
    ],
    reservationProgress: [
      { date: '2099-05-31', tickets: 3, cumulative: 440 },
      { date: '2099-06-01', tickets: 12, cumulative: 452 },
    ],
    noShowsByType: [{ type: 'Lower Box B', tickets: 6 }],
  },
};

const figures = (tickets: number, gross: number, law: number, category: number, code: number, refundedTickets: number, refunds: number) => ({
  tickets,
  gross,
  discounts: { law, category, code },
  refundedTickets,
  refunds,
  net: gross - law - category - code - refunds,
});

const REVENUE = {
  success: true,
  eventId: null,
  asOf: '2099-06-01T10:00:00.000Z',
  total: figures(6, 2100, 100, 60, 30, 1, 300),
  events: [
    { id: 31, name: 'Revenue concert', ...figures(5, 1900, 100, 60, 30, 1, 300) },
    { id: 32, name: 'Revenue fair', ...figures(1, 200, 0, 0, 0, 0, 0) },
  ],
  sections: [{ id: 1, name: 'Lower Box A', ...figures(6, 2100, 100, 60, 30, 1, 300) }],
  categories: [
    { category: 'regular', ...figures(4, 1300, 0, 0, 30, 1, 300) },
    { category: 'senior', ...figures(1, 500, 100, 0, 0, 0, 0) },
    { category: 'student', ...figures(1, 300, 0, 60, 0, 0, 0) },
  ],
  days: [
    { date: '2099-05-31', tickets: 2, sales: 800, refunds: 0 },
    { date: '2099-06-01', tickets: 4, sales: 1110, refunds: 300 },
  ],
};

const EMPTY_REVENUE = { ...REVENUE, eventId: 31, total: figures(0, 0, 0, 0, 0, 0, 0), events: [], sections: [], categories: [], days: [] };

const ROUTES = {
  '/api/organizer/event-options': { body: OPTIONS },
  '/api/organizer/dashboard': { body: DASHBOARD },
  '/api/organizer/dashboard/revenue': { body: REVENUE },
};

test('the four cards with their numbers and one-line definitions (visible, and on hover)', async () => {
  mockFetch(ROUTES);
  renderOrganizer('/organizer/dashboard');
  const cards = await screen.findByRole('list', { name: 'Ticket summary' });
  const items = within(cards).getAllByRole('listitem');
  expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Ticket no-shows', 'Ticket Due Today', 'Open Tickets', 'All tickets']);
  expect(items.map((item) => item.querySelector('.org-card__value')?.textContent)).toEqual(['49', '26', '140', '452']);
  expect(items[0]).toHaveAttribute('title', DASHBOARD_CARD_DEFINITIONS.noShows);
  expect(within(items[3] as HTMLElement).getByText(DASHBOARD_CARD_DEFINITIONS.all)).toBeInTheDocument();
});

test('the three charts, each with its values in words and as a table', async () => {
  mockFetch(ROUTES);
  renderOrganizer('/organizer/dashboard');
  for (const title of ['Reserved Tickets Breakdown by Section', 'Ticket Reservation Progress', 'No-show Breakdown by Section']) {
    expect(await screen.findByRole('figure', { name: title })).toBeInTheDocument();
  }
  expect(screen.getByText(/Upper Box C: 86; Lower Box A: 60\./)).toBeInTheDocument();
  expect(screen.getByText(/Over the last 2 days \(2099-05-31 to 2099-06-01\), 15 tickets were paid, 452 in all by 2099-06-01; the busiest day was 2099-06-01 with 12\./)).toBeInTheDocument();
  expect(screen.getByText(/Lower Box B: 6\./)).toBeInTheDocument();
  const reserved = screen.getByRole('table', { name: 'Reserved Tickets Breakdown by Section' });
  expect(within(reserved).getByRole('row', { name: 'Upper Box C 86' })).toBeInTheDocument();
});

test('the event selector narrows the figures on the server; no tickets yet says so', async () => {
  const empty = { ...DASHBOARD, eventId: 31, cards: { noShows: 0, dueToday: 0, open: 0, all: 0 }, charts: { reservedByType: [], reservationProgress: [], noShowsByType: [] } };
  const { sent } = mockFetch({ ...ROUTES, '/api/organizer/dashboard?eventId=31': { body: empty }, '/api/organizer/dashboard/revenue?eventId=31': { body: EMPTY_REVENUE } });
  const { user } = renderOrganizer('/organizer/dashboard');
  await screen.findByRole('list', { name: 'Ticket summary' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), '31');
  await waitFor(() => expect(sent.map((r) => r.key)).toContain('/api/organizer/dashboard?eventId=31'));
  expect(await screen.findAllByText('No tickets yet')).toHaveLength(4);
  expect(screen.getAllByText('No tickets sold yet.')).toHaveLength(2);
  // One event chosen: its orders can be downloaded.
  expect(screen.getByRole('link', { name: 'Download orders (CSV)' })).toHaveAttribute('href', expect.stringMatching(/\/api\/organizer\/events\/31\/orders\.csv$/));
});

test('the revenue: gross, discounts by kind, refunds and net, per event, section and category, and sales per day', async () => {
  mockFetch(ROUTES);
  renderOrganizer('/organizer/dashboard');
  const cards = await screen.findByRole('list', { name: 'Revenue figures' });
  const items = within(cards).getAllByRole('listitem');
  expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Gross sales', 'Discounts', 'Refunds', 'Net revenue']);
  expect(items.map((item) => item.querySelector('.org-card__value')?.textContent)).toEqual(['₱2,100.00', '₱190.00', '₱300.00', '₱1,610.00']);
  expect(within(items[1] as HTMLElement).getByText('By law (Senior Citizen, PWD) ₱100.00; by category (Student, Child) ₱60.00; by promo code ₱30.00.')).toBeInTheDocument();
  const byEvent = screen.getByRole('table', { name: 'Revenue by Event' });
  expect(within(byEvent).getByRole('row', { name: 'Revenue concert 5 ₱1,900.00 ₱100.00 ₱60.00 ₱30.00 ₱300.00 ₱1,410.00' })).toBeInTheDocument();
  const byCategory = screen.getByRole('table', { name: 'Revenue by Ticket Category' });
  expect(within(byCategory).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Regular', 'Senior Citizen', 'Student']);
  expect(screen.getByRole('table', { name: 'Revenue by Section' })).toBeInTheDocument();
  expect(screen.getByRole('figure', { name: 'Sales per Day' })).toBeInTheDocument();
  expect(screen.getByText('From 2099-05-31 to 2099-06-01 (Manila days): ₱1,910.00 paid after discounts, ₱300.00 refunded.')).toBeInTheDocument();
  const days = screen.getByRole('table', { name: 'Sales per Day' });
  expect(within(days).getByRole('row', { name: '2099-06-01 ₱1,110.00 ₱300.00' })).toBeInTheDocument();
  // All events: no download until one is chosen.
  expect(screen.queryByRole('link', { name: 'Download orders (CSV)' })).toBeNull();
  expect(screen.getByText('Choose an event to download its orders as CSV.')).toBeInTheDocument();
});
