import { screen, waitFor, within } from '@testing-library/react';
import { formatEventDateTime } from '@sports/contracts';
import { mockFetch } from './support/fetch-mock';
import { OPTIONS, option } from './support/fixtures';
import { renderOrganizer } from './support/render';

const BANNER = { id: 'AAAAAAAAAAAAAAAAAAAAAA', url: '/api/banners/AAAAAAAAAAAAAAAAAAAAAA', contentType: 'image/png', width: 1200, height: 400, bytes: 20480 };
const CITY = { code: '1380100000', name: 'City of Manila', province: 'Metro Manila' };
const DAY = 86_400_000;
const inDays = (days: number, hours = 0) => formatEventDateTime(new Date(Date.now() + days * DAY + hours * 3_600_000));

const SECTIONS = [
  { id: 1, label: 'Lower Box A' },
  { id: 2, label: 'Lower Box B' },
  { id: 3, label: 'Upper Box C' },
];
const PRICING_OPTIONS = { success: true, sections: SECTIONS, lawDiscountPercent: 20, priceMax: 100000 };

function detail(overrides: Record<string, unknown> = {}) {
  return {
    id: 31,
    name: 'Chess Open',
    description: 'Rapid chess',
    category: 'sports',
    status: 'Pending',
    rejectionReason: null,
    banner: BANNER,
    venueName: 'Main Hall',
    streetName: 'Rizal Ave',
    city: CITY,
    barangay: { code: '1380100001', name: 'Barangay 1' },
    start: inDays(40),
    end: inDays(40, 3),
    startsAt: 'x',
    endsAt: 'x',
    price: 50,
    checkinOpensMinutes: 90,
    checkinClosesMinutes: 30,
    refundDaysBefore: null,
    cancelled: null,
    postponedFrom: null,
    editable: true,
    plannable: true,
    seatPlan: null,
    sectionPrices: [],
    ticketCategories: [],
    ...overrides,
  };
}

function routes(extra: Record<string, unknown> = {}) {
  return mockFetch({
    '/api/organizer/event-options': { body: OPTIONS },
    '/api/organizer/pricing-options': { body: PRICING_OPTIONS },
    '/api/organizer/cities': { body: { success: true, cities: [CITY] } },
    '/api/organizer/cities?search=manila': { body: { success: true, cities: [CITY] } },
    '/api/locations.php?type=barangays&id=1380100000': { body: [{ id: '1380100001', name: 'Barangay 1' }, { id: '1380100002', name: 'Barangay 2' }] },
    'POST /api/organizer/banners': { status: 201, body: { success: true, banner: BANNER } },
    ...(extra as object),
  });
}

test('Proceed with an empty form names every missing field, focuses the first, and sends nothing', async () => {
  const { sent } = routes();
  const { user } = renderOrganizer('/organizer/create-event');
  await user.click(await screen.findByRole('button', { name: 'Proceed to Seat Planning' }));
  const summary = screen.getByRole('alert');
  for (const message of ['Event name is required', 'Description is required', 'Choose a category: sports, concert or community', 'Banner image is required', 'Venue name is required', 'Street name is required', 'Choose a city', 'Choose a barangay']) {
    expect(summary).toHaveTextContent(message);
  }
  expect(screen.getByRole('textbox', { name: /^Event name/ })).toHaveFocus();
  expect(screen.getByRole('textbox', { name: /^Event name/ })).toHaveAttribute('aria-invalid', 'true');
  expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
});

test('dates are checked with the contract rules as they are typed', async () => {
  routes();
  const { user } = renderOrganizer('/organizer/create-event');
  const start = await screen.findByRole('textbox', { name: /^Start date and time/ });
  await user.type(start, '13-01-2099 06:00 am');
  expect(screen.getByText('Start date and time is not a real date')).toBeInTheDocument();
  await user.clear(start);
  await user.type(start, '02-15-2024 06:00 am');
  expect(screen.getByText('The event must start in the future')).toBeInTheDocument();
  await user.clear(start);
  await user.type(start, inDays(10));
  expect(screen.queryByText('The event must start in the future')).not.toBeInTheDocument();
  expect(screen.getByText(/^Reads as .* \(Manila time\)\.$/)).toBeInTheDocument();
  const end = screen.getByRole('textbox', { name: /^End date and time/ });
  await user.type(end, inDays(9));
  expect(screen.getByText('The end must be after the start')).toBeInTheDocument();
  await user.clear(end);
  await user.type(end, '02-15-99 6pm');
  await user.tab();
  expect(screen.getByText('End date and time must look like 02-15-2024 06:00 am')).toBeInTheDocument();
});

test('a filled form uploads the banner, previews it, saves a Pending request and opens seat planning for it', async () => {
  const created = detail({ id: 77 });
  const { sent } = routes({ 'POST /api/organizer/events': { status: 201, body: { success: true, event: created } } });
  const { user } = renderOrganizer('/organizer/create-event');
  await user.type(await screen.findByRole('textbox', { name: /^Event name/ }), 'Chess Open');
  await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Rapid chess');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'sports');
  const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'banner.png', { type: 'image/png' });
  await user.upload(screen.getByLabelText(/^Banner image/), png);
  const preview = await screen.findByRole('img', { name: 'Banner preview' });
  expect(preview).toHaveAttribute('src', `http://api.test${BANNER.url}`);
  expect(sent.find((r) => r.method === 'POST' && r.key === '/api/organizer/banners')?.body).toBe(png);
  await user.type(screen.getByRole('textbox', { name: /^Venue name/ }), 'Main Hall');
  await user.type(screen.getByRole('textbox', { name: /^Street name/ }), 'Rizal Ave');
  await user.type(screen.getByRole('searchbox', { name: 'Find a city' }), 'manila');
  const city = screen.getByRole('combobox', { name: /^City/ });
  await waitFor(() => expect(within(city).getByRole('option', { name: 'City of Manila, Metro Manila' })).toBeInTheDocument());
  await user.selectOptions(city, CITY.code);
  const barangay = screen.getByRole('combobox', { name: /^Barangay/ });
  await waitFor(() => expect(barangay).toBeEnabled());
  await user.selectOptions(barangay, '1380100002');
  const start = inDays(30);
  const end = inDays(30, 3);
  await user.type(screen.getByRole('textbox', { name: /^Start date and time/ }), start);
  await user.type(screen.getByRole('textbox', { name: /^End date and time/ }), end);
  await user.clear(screen.getByRole('textbox', { name: /^Ticket price/ }));
  await user.type(screen.getByRole('textbox', { name: /^Ticket price/ }), '150.50');
  await user.click(screen.getByRole('button', { name: 'Proceed to Seat Planning' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/organizer/seat-planning?event=77'));
  expect(sent.find((r) => r.method === 'POST' && r.key === '/api/organizer/events')?.body).toEqual({
    name: 'Chess Open',
    description: 'Rapid chess',
    category: 'sports',
    bannerId: BANNER.id,
    venueName: 'Main Hall',
    streetName: 'Rizal Ave',
    cityCode: CITY.code,
    barangayCode: '1380100002',
    start,
    end,
    price: 150.5,
    checkinOpensMinutes: 180,
    checkinClosesMinutes: 0,
    refundDaysBefore: null,
    sectionPrices: null,
    ticketCategories: [],
  });
});

test('the check-in window: 180 and 0 minutes at first, the clock times they give, 0..1440 whole minutes, sent as checkinOpensMinutes and checkinClosesMinutes', async () => {
  const { sent } = routes({
    '/api/organizer/events/31': { body: { success: true, event: detail() } },
    'PUT /api/organizer/events/31': { body: { success: true, holdersMailed: 0, event: detail({ checkinOpensMinutes: 1440, checkinClosesMinutes: 0 }) } },
  });
  const fresh = renderOrganizer('/organizer/create-event');
  expect(await screen.findByRole('spinbutton', { name: 'Doors open (minutes before start)' })).toHaveValue(180);
  expect(screen.getByRole('spinbutton', { name: 'Check-in closes (minutes after end)' })).toHaveValue(0);
  expect(screen.getByText('Default 180 (3 hours); 0 to 1440.')).toBeInTheDocument();
  await fresh.user.type(screen.getByRole('textbox', { name: /^Start date and time/ }), '06-01-2099 06:00 pm');
  expect(screen.getByRole('spinbutton', { name: 'Doors open (minutes before start)' })).toHaveAccessibleDescription(/^Doors open .*3:00\sPM \(Manila time\)\.$/);
  fresh.unmount();

  const { user } = renderOrganizer('/organizer/create-event?event=31');
  const opens = await screen.findByRole('spinbutton', { name: 'Doors open (minutes before start)' });
  const closes = screen.getByRole('spinbutton', { name: 'Check-in closes (minutes after end)' });
  expect(opens).toHaveValue(90);
  expect(closes).toHaveValue(30);
  await user.clear(opens);
  await user.type(opens, '1441');
  await user.clear(closes);
  await user.tab();
  const message = 'Doors open (minutes before start) must be a whole number of minutes from 0 to 1440';
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(screen.getByText('Check-in closes (minutes after end) must be a whole number of minutes from 0 to 1440')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Proceed to Seat Planning' }));
  expect(opens).toHaveFocus();
  expect(opens).toHaveAttribute('aria-invalid', 'true');
  expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);

  await user.clear(opens);
  await user.type(opens, '1440');
  await user.type(closes, '0');
  await user.click(screen.getByRole('button', { name: 'Proceed to Seat Planning' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/organizer/seat-planning?event=31'));
  expect(sent.find((r) => r.method === 'PUT')?.body).toMatchObject({ checkinOpensMinutes: 1440, checkinClosesMinutes: 0 });
});

test('an approved event on sale: Save changes, then the event list says it was saved and how many holders were mailed', async () => {
  const approved = detail({ status: 'Approved' });
  const { sent } = routes({
    '/api/organizer/events/31': { body: { success: true, event: approved } },
    'PUT /api/organizer/events/31': { body: { success: true, holdersMailed: 3, event: approved } },
    '/api/organizer/events': { body: { success: true, events: [], page: 1, pageSize: 10, total: 0, totalPages: 1 } },
  });
  const { user } = renderOrganizer('/organizer/create-event?event=31');
  expect(await screen.findByText('This event is approved and on sale.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Proceed to Seat Planning' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/organizer/event-list'));
  expect(await screen.findByText('Chess Open: changes saved. 3 ticket holders were mailed the new date.')).toBeInTheDocument();
  expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
});

test('a refused banner shows the server text; the server refusing the request shows its reason', async () => {
  routes({
    'POST /api/organizer/banners': { status: 415, body: { success: false, error: 'The banner must be a PNG, JPEG or WebP image.' } },
    'PUT /api/organizer/events/31': { status: 409, body: { success: false, error: 'Only a Pending request can be edited: this event has already been decided.' } },
    '/api/organizer/events/31': { body: { success: true, event: detail() } },
  });
  const { user } = renderOrganizer('/organizer/create-event?event=31');
  expect(await screen.findByDisplayValue('Chess Open')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue('31');
  expect(screen.getByRole('img', { name: 'Banner preview' })).toBeInTheDocument();
  await user.upload(screen.getByLabelText(/^Banner image/), new File(['x'], 'fake.png', { type: 'image/png' }));
  expect(await screen.findByText('The banner must be a PNG, JPEG or WebP image.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('combobox', { name: /^Barangay/ })).toHaveValue('1380100001'));
  await user.click(screen.getByRole('button', { name: 'Proceed to Seat Planning' }));
  expect(await screen.findByText(/Only a Pending request can be edited/)).toBeInTheDocument();
});

test('Cancel leaves at once on an untouched form, and asks first when text was typed', async () => {
  routes();
  const first = renderOrganizer('/organizer/create-event');
  await first.user.click(await screen.findByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/organizer/event-list'));
  first.unmount();

  routes();
  const { user } = renderOrganizer('/organizer/create-event');
  await user.type(await screen.findByRole('textbox', { name: /^Event name/ }), 'Half typed');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  const dialog = screen.getByRole('dialog', { name: 'Discard this event?' });
  await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
  expect(screen.getByRole('textbox', { name: /^Event name/ })).toHaveValue('Half typed');
  expect(screen.getByTestId('location')).toHaveTextContent('/organizer/create-event');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Discard this event?' })).getByRole('button', { name: 'Discard' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/organizer/event-list'));
});

test('a Rejected request shows its reason and is sent again with Resubmit, with its refund policy', async () => {
  const rejected = detail({ id: 32, name: 'Drag Race', status: 'Rejected', rejectionReason: 'Add the route map.', plannable: false });
  const { sent } = routes({
    '/api/organizer/event-options': { body: { ...OPTIONS, events: [...OPTIONS.events.slice(0, 2), option({ id: 32, name: 'Drag Race', status: 'Rejected', editable: true, plannable: false })] } },
    '/api/organizer/events/32': { body: { success: true, event: rejected } },
    'POST /api/organizer/events/32/resubmit': { body: { success: true, event: { ...rejected, status: 'Pending', rejectionReason: null, refundDaysBefore: 10, plannable: true } } },
  });
  const { user } = renderOrganizer('/organizer/create-event?event=32');
  expect(await screen.findByText(/^Rejected: Add the route map\./)).toBeInTheDocument();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Refund policy' }), 'days');
  const days = screen.getByRole('spinbutton', { name: /^Days before the start/ });
  await user.clear(days);
  await user.type(days, '400');
  await user.click(screen.getByRole('button', { name: 'Proceed to Seat Planning' }));
  expect(days).toHaveFocus();
  expect(screen.getAllByText('Days before the start must be a whole number from 0 to 365').length).toBeGreaterThan(0);
  await user.clear(days);
  await user.type(days, '10');
  await user.click(screen.getByRole('button', { name: 'Proceed to Seat Planning' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/organizer/seat-planning?event=32'));
  expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  expect(sent.find((r) => r.method === 'POST' && r.key === '/api/organizer/events/32/resubmit')?.body).toMatchObject({ name: 'Drag Race', refundDaysBefore: 10 });
});

test('a price per section: prefilled with the one price, checked with the API’s messages, sent with the categories offered', async () => {
  const event = detail({ price: 120, ticketCategories: [{ category: 'pwd', discountPercent: null }] });
  const { sent } = routes({
    '/api/organizer/events/31': { body: { success: true, event } },
    'PUT /api/organizer/events/31': { body: { success: true, holdersMailed: 0, event } },
  });
  const { user } = renderOrganizer('/organizer/create-event?event=31');
  await user.click(await screen.findByRole('radio', { name: 'A price per section' }));
  for (const section of SECTIONS) expect(screen.getByRole('textbox', { name: new RegExp(`^${section.label}`) })).toHaveValue('120');
  expect(screen.queryByRole('textbox', { name: /^Ticket price/ })).not.toBeInTheDocument();
  const upper = screen.getByRole('textbox', { name: /^Upper Box C/ });
  await user.clear(upper);
  await user.type(upper, '-5');
  await user.tab();
  expect(screen.getByText('A section price cannot be negative')).toBeInTheDocument();
  await user.clear(upper);
  await user.type(upper, '80.555');
  await user.tab();
  expect(screen.getByText('A section price may have at most two decimals')).toBeInTheDocument();
  await user.clear(upper);
  await user.type(upper, '100001');
  await user.click(screen.getByRole('button', { name: 'Proceed to Seat Planning' }));
  expect(screen.getByRole('alert')).toHaveTextContent('A section price must be at most 100000 pesos');
  expect(upper).toHaveFocus();
  await user.clear(upper);
  await user.type(upper, '80');

  // Categories: PWD as the event had it, Senior Citizen with the law's percentage from the API, Student with a discount.
  expect(screen.getByRole('checkbox', { name: /^PWD/ })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Senior Citizen (20% off by law, ID checked at the gate)' })).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: /^Senior Citizen/ }));
  await user.click(screen.getByRole('checkbox', { name: 'Student' }));
  const student = screen.getByRole('textbox', { name: /^Student discount/ });
  await user.clear(student);
  await user.type(student, '101');
  await user.click(screen.getByRole('button', { name: 'Proceed to Seat Planning' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Student discount must be a percentage from 0 to 100 (at most two decimals)');
  expect(student).toHaveFocus();
  expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  await user.clear(student);
  await user.type(student, '12.5');
  await user.click(screen.getByRole('button', { name: 'Proceed to Seat Planning' }));
  await waitFor(() => expect(sent.find((r) => r.method === 'PUT')).toBeDefined());
  expect(sent.find((r) => r.method === 'PUT')?.body).toMatchObject({
    price: 80,
    sectionPrices: [
      { sectionId: 1, price: 120 },
      { sectionId: 2, price: 120 },
      { sectionId: 3, price: 80 },
    ],
    ticketCategories: [
      { category: 'student', discountPercent: 12.5 },
      { category: 'senior', discountPercent: null },
      { category: 'pwd', discountPercent: null },
    ],
  });
});

test('an event with section prices shows them back; one with its own seat plan has one price only', async () => {
  const priced = detail({ price: 90, sectionPrices: SECTIONS.map((s, i) => ({ sectionId: s.id, label: s.label, price: 90 + i * 10 })) });
  routes({ '/api/organizer/events/31': { body: { success: true, event: priced } } });
  const first = renderOrganizer('/organizer/create-event?event=31');
  expect(await screen.findByRole('radio', { name: 'A price per section' })).toBeChecked();
  expect(await screen.findByRole('textbox', { name: /^Upper Box C/ })).toHaveValue('110');
  first.unmount();

  routes({ '/api/organizer/events/31': { body: { success: true, event: detail({ seatPlan: { rows: 5, columns: 5, capacity: 25, updatedAt: 'x' } }) } } });
  renderOrganizer('/organizer/create-event?event=31');
  expect(await screen.findByText('This event has its own seat plan: one price for all seats.')).toBeInTheDocument();
  expect(screen.queryByRole('radio', { name: 'A price per section' })).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /^Ticket price/ })).toHaveValue('50');
});
