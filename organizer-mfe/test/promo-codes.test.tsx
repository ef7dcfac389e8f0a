import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from './support/fetch-mock';
import { OPTIONS, PAGE, organizerEvent } from './support/fixtures';
import { renderOrganizer } from './support/render';

const SECTIONS = [
  { id: 1, label: 'Lower Box A' },
  { id: 2, label: 'Upper Box C' },
];
const EARLY = {
  id: 5,
  code: 'EARLYBIRD',
  kind: 'percent',
  value: 15,
  sections: [SECTIONS[0]],
  categories: ['regular', 'student'],
  maxUses: 50,
  perAccount: 2,
  validFrom: '2099-05-01T00:00:00.000Z',
  validUntil: '2099-05-31T16:00:00.000Z',
  uses: 12,
  status: 'Active',
  createdAt: '2099-04-01T00:00:00.000Z',
};
const page = (promoCodes: unknown[]) => ({ body: { success: true, event: { id: 1, name: 'City Games' }, sections: SECTIONS, promoCodes } });

test('lists the codes with uses of their limit, window and status; says so when there are none, and when the read fails (Retry)', async () => {
  mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/promo-codes': [{ status: 500, body: { success: false, error: 'Something went wrong on our side.' } }, page([EARLY])],
    '/api/organizer/events/31/promo-codes': page([]),
  });
  const { user } = renderOrganizer('/organizer/promo-codes?event=1');
  await user.click(await screen.findByRole('button', { name: 'Retry' }));
  const row = await screen.findByRole('row', { name: /EARLYBIRD/ });
  expect(within(row).getByText('15% off')).toBeInTheDocument();
  expect(within(row).getByText('Lower Box A; Regular, Student')).toBeInTheDocument();
  expect(within(row).getByText('12 of 50 (2 per account)')).toBeInTheDocument();
  expect(within(row).getByText('05-01-2099 08:00 am – 06-01-2099 12:00 am')).toBeInTheDocument();
  expect(within(row).getByText('Active')).toHaveClass('ds-badge--success');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), '31');
  expect(await screen.findByText('No promo codes yet.')).toBeInTheDocument();
});

test('creates a code after checking it with the API’s messages, then ends one after asking', async () => {
  const { sent } = mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events/1/promo-codes': [page([EARLY]), page([{ ...EARLY, id: 6, code: 'LESS50', kind: 'amount', value: 50, sections: null, categories: null }, EARLY]), page([{ ...EARLY, status: 'Ended' }])],
    'POST /api/organizer/events/1/promo-codes': { status: 201, body: { success: true, promoCode: { ...EARLY, id: 6, code: 'LESS50' } } },
    'POST /api/organizer/events/1/promo-codes/5/end': { body: { success: true, promoCode: { ...EARLY, status: 'Ended' } } },
  });
  const { user } = renderOrganizer('/organizer/promo-codes?event=1');
  const code = await screen.findByRole('textbox', { name: /^Code/ });
  await user.type(code, 'x');
  await user.type(screen.getByRole('textbox', { name: /^Percent off/ }), '150');
  await user.type(screen.getByRole('textbox', { name: /^Valid from/ }), '05-02-2099 06:00 pm');
  await user.type(screen.getByRole('textbox', { name: /^Valid until/ }), '05-01-2099 06:00 pm');
  await user.click(screen.getByRole('button', { name: 'Create promo code' }));
  expect(screen.getByText('A promo code is 3 to 30 letters, digits, hyphens or underscores, starting with a letter or digit')).toBeInTheDocument();
  expect(screen.getByText('A percentage off must be from 0.01 to 100, with at most two decimals')).toBeInTheDocument();
  expect(screen.getByText('The code must end after it starts')).toBeInTheDocument();
  expect(code).toHaveFocus();
  expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

  await user.clear(code);
  await user.type(code, 'less50');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Takes off' }), 'amount');
  const value = screen.getByRole('textbox', { name: /^Pesos off/ });
  await user.clear(value);
  await user.type(value, '50');
  await user.clear(screen.getByRole('textbox', { name: /^Valid from/ }));
  await user.clear(screen.getByRole('textbox', { name: /^Valid until/ }));
  await user.click(screen.getByRole('checkbox', { name: 'Senior Citizen' }));
  await user.type(screen.getByRole('textbox', { name: /^Uses in all/ }), '100');
  await user.click(screen.getByRole('button', { name: 'Create promo code' }));
  expect(await screen.findByText('Promo code LESS50 created.')).toBeInTheDocument();
  expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
    code: 'LESS50',
    kind: 'amount',
    value: 50,
    sectionIds: null,
    categories: ['senior'],
    maxUses: 100,
    perAccount: null,
    validFrom: null,
    validUntil: null,
  });

  await user.click(await screen.findByRole('button', { name: 'End EARLYBIRD' }));
  const dialog = screen.getByRole('dialog', { name: 'End EARLYBIRD?' });
  await user.click(within(dialog).getByRole('button', { name: 'End code' }));
  await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.key === '/api/organizer/events/1/promo-codes/5/end')).toBe(true));
  expect(await screen.findByText('Ended')).toBeInTheDocument();
});

test('the Event List links each event to its promo codes page', async () => {
  mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/events': { body: { success: true, events: [organizerEvent({ id: 1, name: 'City Games' })], ...PAGE(1, 1, 1) } },
    '/api/organizer/events/1/promo-codes': page([EARLY]),
  });
  const { user } = renderOrganizer('/organizer/event-list');
  const row = await screen.findByRole('row', { name: /City Games/ });
  await user.click(within(row).getByRole('link', { name: 'Promo codes of City Games' }));
  expect(await screen.findByRole('heading', { name: 'Promo codes' })).toBeInTheDocument();
  expect(await screen.findByRole('row', { name: /EARLYBIRD/ })).toBeInTheDocument();
});
