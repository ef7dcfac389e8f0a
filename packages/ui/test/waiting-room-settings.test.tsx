import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BAD_WAITING_ROOM_SETTINGS } from '@sports/contracts';
import { TestQueryProvider } from '../../../scripts/jest/test-query-provider';
import { WaitingRoomButton, WaitingRoomControl, lineNowText } from '../src';

const SETTINGS = { on: false, active: false, shoppers: 300, waiting: 0 };

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The settings route of one area: GET answers `current`, PUT answers `put(body)` (and becomes current on success). */
function mockSettings(path: string, put: (body: { on: boolean; shoppers?: number }) => { status: number; body: unknown } = (body) => ({ status: 200, body: { success: true, waitingRoom: { ...SETTINGS, ...body, active: body.on, waiting: body.on ? 120 : 0 } } })) {
  const calls: Call[] = [];
  let current: unknown = { success: true, waitingRoom: SETTINGS };
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname !== path) throw new Error(`Unexpected ${method} ${url.pathname}`);
    let answer = { status: 200, body: current };
    if (method === 'PUT') {
      answer = put(body as { on: boolean });
      if (answer.status === 200) current = answer.body;
    }
    return { ok: answer.status < 300, status: answer.status, headers: new Headers(), json: async () => answer.body } as Response;
  }) as unknown as typeof fetch;
  return calls;
}

test('the line as it stands, in words', () => {
  expect(lineNowText({ active: true, waiting: 1200 })).toBe('Line on now: 1,200 waiting');
  expect(lineNowText({ active: false, waiting: 0 })).toBe('No line now: shoppers go straight to the seats.');
});

test('admin: switched on with 1 shopper at once, saved with PUT, and the line as it now stands', async () => {
  const calls = mockSettings('/api/admin/events/7/waiting-room');
  const user = userEvent.setup();
  render(<WaitingRoomControl area="admin" eventId={7} />, { wrapper: TestQueryProvider });
  expect(screen.getByRole('status')).toHaveTextContent('Loading the waiting room…');
  const toggle = await screen.findByRole('switch', { name: 'Keep a waiting room on for this sale' });
  expect(toggle).not.toBeChecked();
  expect(screen.getByText('No line now: shoppers go straight to the seats.')).toHaveAttribute('aria-live', 'polite');
  const shoppers = screen.getByRole('spinbutton', { name: 'Shoppers at once' });
  expect(shoppers).toHaveValue(300);

  await user.click(toggle);
  await user.clear(shoppers);
  await user.type(shoppers, '1');
  await user.click(screen.getByRole('button', { name: 'Save waiting room' }));
  expect(await screen.findByText('Line on now: 120 waiting')).toBeInTheDocument();
  expect(screen.getByText('Saved.')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: '/api/admin/events/7/waiting-room', body: { on: true, shoppers: 1 } }]);
});

test('a number out of range is refused before saving; the API’s 400 is shown as it says', async () => {
  const calls = mockSettings('/api/organizer/events/7/waiting-room', () => ({ status: 400, body: { success: false, error: BAD_WAITING_ROOM_SETTINGS } }));
  const user = userEvent.setup();
  render(<WaitingRoomControl area="organizer" eventId={7} />, { wrapper: TestQueryProvider });
  const shoppers = await screen.findByRole('spinbutton', { name: 'Shoppers at once' });
  await user.clear(shoppers);
  await user.type(shoppers, '0');
  await user.click(screen.getByRole('button', { name: 'Save waiting room' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Shoppers at once must be a whole number from 1 to 100,000.');
  expect(shoppers).toHaveAttribute('aria-invalid', 'true');
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);

  await user.clear(shoppers);
  await user.type(shoppers, '50');
  expect(shoppers).not.toHaveAttribute('aria-invalid');
  await user.click(screen.getByRole('button', { name: 'Save waiting room' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(BAD_WAITING_ROOM_SETTINGS);
  expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
});

test('a failed read says so and offers Retry', async () => {
  globalThis.fetch = jest.fn(async () => ({ ok: false, status: 500, headers: new Headers(), json: async () => ({ success: false, error: 'boom' }) }) as Response) as unknown as typeof fetch;
  render(<WaitingRoomControl area="admin" eventId={7} />, { wrapper: TestQueryProvider });
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

test('organizer row action: opens the control in a dialog, read only once opened', async () => {
  const calls = mockSettings('/api/organizer/events/7/waiting-room');
  const user = userEvent.setup();
  render(<WaitingRoomButton area="organizer" event={{ id: 7, name: 'League Final' }} />, { wrapper: TestQueryProvider });
  expect(calls).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Waiting room of League Final' }));
  const dialog = screen.getByRole('dialog', { name: 'Waiting room: League Final' });
  expect(await within(dialog).findByRole('switch', { name: 'Keep a waiting room on for this sale' })).toBeInTheDocument();
  await waitFor(() => expect(calls).toEqual([{ method: 'GET', path: '/api/organizer/events/7/waiting-room', body: undefined }]));
});
