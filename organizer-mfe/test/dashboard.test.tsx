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
      { type: 'Upper Box C', tickets: 47, seats: 86 },
      { type: 'Lower Box A', tickets: 34, seats: 60 },
    ],
    reservationProgress: [
      { date: '2099-05-31', tickets: 3, cumulative: 440 },
      { date: '2099-06-01', tickets: 12, cumulative: 452 },
    ],
    noShowsByType: [{ type: 'Lower Box B', tickets: 6 }],
  },
};

test('the four cards with their numbers and one-line definitions (visible, and on hover)', async () => {
  mockFetch({ '/api/organizer/event-options': { body: OPTIONS }, '/api/organizer/dashboard': { body: DASHBOARD } });
  renderOrganizer('/organizer/dashboard');
  const cards = await screen.findByRole('list', { name: 'Ticket summary' });
  const items = within(cards).getAllByRole('listitem');
  expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Ticket no-shows', 'Ticket Due Today', 'Open Tickets', 'All tickets']);
  expect(items.map((item) => item.querySelector('.org-card__value')?.textContent)).toEqual(['49', '26', '140', '452']);
  expect(items[0]).toHaveAttribute('title', DASHBOARD_CARD_DEFINITIONS.noShows);
  expect(within(items[3] as HTMLElement).getByText(DASHBOARD_CARD_DEFINITIONS.all)).toBeInTheDocument();
});

test('the three charts, each with its values in words and as a table', async () => {
  mockFetch({ '/api/organizer/event-options': { body: OPTIONS }, '/api/organizer/dashboard': { body: DASHBOARD } });
  renderOrganizer('/organizer/dashboard');
  for (const title of ['Reserved Tickets Breakdown by Ticket Type', 'Ticket Reservation Progress', 'No-show Breakdown by Ticket Type']) {
    expect(await screen.findByRole('figure', { name: title })).toBeInTheDocument();
  }
  expect(screen.getByText(/Upper Box C: 47; Lower Box A: 34\./)).toBeInTheDocument();
  expect(screen.getByText(/Over the last 2 days \(2099-05-31 to 2099-06-01\), 15 tickets were paid, 452 in all by 2099-06-01; the busiest day was 2099-06-01 with 12\./)).toBeInTheDocument();
  expect(screen.getByText(/Lower Box B: 6\./)).toBeInTheDocument();
  const reserved = screen.getByRole('table', { name: 'Reserved Tickets Breakdown by Ticket Type' });
  expect(within(reserved).getByRole('row', { name: /Upper Box C 47 86/ })).toBeInTheDocument();
});

test('the event selector narrows the figures on the server; no tickets yet says so', async () => {
  const empty = { ...DASHBOARD, eventId: 31, cards: { noShows: 0, dueToday: 0, open: 0, all: 0 }, charts: { reservedByType: [], reservationProgress: [], noShowsByType: [] } };
  const { sent } = mockFetch({ '/api/organizer/event-options': { body: OPTIONS }, '/api/organizer/dashboard': { body: DASHBOARD }, '/api/organizer/dashboard?eventId=31': { body: empty } });
  const { user } = renderOrganizer('/organizer/dashboard');
  await screen.findByRole('list', { name: 'Ticket summary' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), '31');
  await waitFor(() => expect(sent.map((r) => r.key)).toContain('/api/organizer/dashboard?eventId=31'));
  expect(await screen.findAllByText('No tickets yet')).toHaveLength(3);
});
