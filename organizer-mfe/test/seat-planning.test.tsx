import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from './support/fetch-mock';
import { OPTIONS } from './support/fixtures';
import { renderOrganizer } from './support/render';

const LIMITS = { min: 1, maxRows: 26, maxColumns: 50 };
const planAnswer = (plan: { rows: number; columns: number } | null, held: number[] = []) => ({
  body: {
    success: true,
    eventId: 31,
    plan: plan ? { ...plan, capacity: plan.rows * plan.columns, updatedAt: '2099-01-01T00:00:00.000Z' } : null,
    defaults: { rows: 6, columns: 10 },
    limits: LIMITS,
    heldOrSoldSeats: held,
    plannable: true,
  },
});

test('defaults 6 x 10, capacity follows rows x columns, the maximums are shown, Apply Event saves and says so', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/31/seat-plan': planAnswer(null),
    'PUT /api/organizer/events/31/seat-plan': planAnswer({ rows: 5, columns: 8 }),
  });
  const { user } = renderOrganizer('/organizer/seat-planning?event=31');
  const rows = await screen.findByRole('spinbutton', { name: 'Rows' });
  const columns = screen.getByRole('spinbutton', { name: 'Columns' });
  expect(rows).toHaveValue(6);
  expect(columns).toHaveValue(10);
  expect(screen.getByRole('textbox', { name: 'Total capacity' })).toHaveValue('60');
  expect(screen.getByRole('textbox', { name: 'Total capacity' })).toHaveAttribute('readonly');
  expect(screen.getByText('1 to 26 (rows A to Z)')).toBeInTheDocument();
  expect(screen.getByText('1 to 50 seats a row')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: /6 rows \(A to F\) of 10 seats, 60 seats in all/ })).toBeInTheDocument();

  await user.clear(rows);
  await user.type(rows, '0');
  expect(screen.getByText('Rows must be a whole number from 1 to 26')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Total capacity' })).toHaveValue('—');
  await user.click(screen.getByRole('button', { name: 'Apply Event' }));
  expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);

  await user.clear(rows);
  await user.type(rows, '5');
  await user.clear(columns);
  await user.type(columns, '8');
  expect(screen.getByRole('textbox', { name: 'Total capacity' })).toHaveValue('40');
  await user.click(screen.getByRole('button', { name: 'Apply Event' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Seat plan applied successfully!');
  expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ rows: 5, columns: 8 });
});

test('a refused shrink shows the API message naming the seats; held seats are drawn and said', async () => {
  const text = 'This plan would drop seats that are already held or sold: E39, E40. Keep at least 40 seats.';
  mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/31/seat-plan': planAnswer({ rows: 5, columns: 8 }, [39, 40]),
    'PUT /api/organizer/events/31/seat-plan': { status: 409, body: { success: false, error: text } },
  });
  const { user } = renderOrganizer('/organizer/seat-planning?event=31');
  const rows = await screen.findByRole('spinbutton', { name: 'Rows' });
  expect(rows).toHaveValue(5);
  expect(screen.getByText(/2 seats are already held or sold on this plan: keep at least 40 seats/)).toBeInTheDocument();
  expect(document.querySelectorAll('.org-plan__seat--taken')).toHaveLength(2);
  await user.clear(rows);
  await user.type(rows, '4');
  await user.click(screen.getByRole('button', { name: 'Apply Event' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.queryByText('Seat plan applied successfully!')).not.toBeInTheDocument();
});

test('a 26 x 50 plan is one scalable drawing; Go Back returns to Create Event with the request', async () => {
  mockFetch({ '/api/organizer/event-options': { body: OPTIONS }, '/api/organizer/events/31/seat-plan': planAnswer({ rows: 26, columns: 50 }) });
  const { user } = renderOrganizer('/organizer/seat-planning?event=31');
  const drawing = await screen.findByRole('img', { name: /26 rows \(A to Z\) of 50 seats, 1300 seats in all/ });
  expect(drawing.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
  expect(drawing.querySelectorAll('rect.org-plan__seat')).toHaveLength(1300);
  await user.click(screen.getByRole('button', { name: 'Go Back' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/organizer/create-event?event=31'));
});

test('without a plannable event it says so and links to Create Event', async () => {
  mockFetch({ '/api/organizer/event-options': { body: { success: true, events: [], current: null } } });
  renderOrganizer('/organizer/seat-planning');
  expect(await screen.findByText('No event to plan')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/organizer/create-event');
});
