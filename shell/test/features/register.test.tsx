import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { RegisterStep1, RegisterStep2, RegisterStep3, RegistrationLayout } from '../../src/features/register';
import { DRAFT_STORAGE_KEY, EMPTY_DRAFT, type RegistrationDraft } from '../../src/features/register/registration-draft';
import { callsTo, deferred, mockApi, networkError, restoreFetch, type ApiCall, type Reply } from './api-mock';
import { renderRoutes } from './render-routes';

const STEP1: Partial<RegistrationDraft> = { first_name: 'Juan', last_name: 'Dela Cruz', middle_initial: 'P', suffix: 'Jr', gender: 'Male' };
const STEP2: Partial<RegistrationDraft> = {
  region_id: '1300000000',
  province_id: '1380600000',
  city_id: '1380601000',
  barangay_id: '1380601001',
  house_address: '12 Mabini St.',
};

const LOCATIONS: Record<string, { id: string; name: string; independentCity?: true }[]> = {
  'regions:': [
    { id: '1300000000', name: 'National Capital Region (NCR)' },
    { id: '0400000000', name: 'Region IV-A (CALABARZON)' },
    { id: '0300000000', name: 'Region III (Central Luzon)' },
  ],
  'provinces:0300000000': [
    { id: '0301400000', name: 'Bulacan' },
    { id: '0330100000', name: 'City of Angeles', independentCity: true },
  ],
  'cities:0330100000': [{ id: '0330100000', name: 'City of Angeles' }],
  'barangays:0330100000': [{ id: '0330100001', name: 'Balibago' }],
  'provinces:1300000000': [{ id: '1380600000', name: 'City of Manila (NCR district)' }],
  'provinces:0400000000': [{ id: '0402100000', name: 'Cavite' }],
  'cities:1380600000': [{ id: '1380601000', name: 'Tondo I/II' }],
  'cities:0402100000': [{ id: '0402103000', name: 'City of Bacoor' }],
  'barangays:1380601000': [{ id: '1380601001', name: 'Barangay 1' }],
  'barangays:0402103000': [{ id: '0402103001', name: 'Alima' }],
};

function locationsReply(call: ApiCall): Reply {
  const list = LOCATIONS[`${call.query.get('type')}:${call.query.get('id') ?? ''}`];
  return list ? { body: list } : { status: 404, body: { success: false, error: 'Unknown location' } };
}

function storeDraft(draft: Partial<RegistrationDraft>) {
  sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ ...EMPTY_DRAFT, ...draft }));
}

function storedDraft(): Record<string, string> | null {
  const raw = sessionStorage.getItem(DRAFT_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Record<string, string>) : null;
}

const registrationRoutes = (
  <Route element={<RegistrationLayout />}>
    <Route path="/register1" element={<RegisterStep1 />} />
    <Route path="/register2" element={<RegisterStep2 />} />
    <Route path="/register3" element={<RegisterStep3 />} />
  </Route>
);

function renderAt(path: string) {
  return renderRoutes(path, registrationRoutes);
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  restoreFetch();
  jest.clearAllMocks();
});

describe('Registration step 1 (/register1)', () => {
  it("shows 'Create Account', Step 1 of 3 and the SPEC choices", () => {
    renderAt('/register1');
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    const initials = Array.from((screen.getByLabelText('Middle initial (optional)') as HTMLSelectElement).options).map((o) => o.value);
    expect(initials).toEqual(['', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')]);
    expect(Array.from((screen.getByLabelText('Suffix (optional)') as HTMLSelectElement).options).map((o) => o.value)).toEqual(['', 'Jr', 'Sr', 'II', 'III']);
    expect(Array.from((screen.getByLabelText('Gender') as HTMLSelectElement).options).map((o) => o.value)).toEqual(['', 'Male', 'Female', 'Other', 'Prefer not to say']);
  });

  it('blocks Next until first name, last name and gender are given, focusing the first missing one', async () => {
    renderAt('/register1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Gender is required')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('First name'), 'Juan');
    await userEvent.type(screen.getByLabelText('Last name'), 'Dela Cruz');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Gender is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Gender')).toHaveFocus();
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
  });

  it('goes to /register2 when complete', async () => {
    mockApi(locationsReply);
    renderAt('/register1');
    await userEvent.type(screen.getByLabelText('First name'), 'Juan');
    await userEvent.type(screen.getByLabelText('Last name'), 'Dela Cruz');
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'Female');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Address Details' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Region')).toBeEnabled());
  });

  it('keeps the record in sessionStorage, so a remount (reload) shows it again', async () => {
    const first = renderAt('/register1');
    await userEvent.type(screen.getByLabelText('First name'), 'Juan');
    await userEvent.selectOptions(screen.getByLabelText('Middle initial (optional)'), 'Q');
    first.unmount();
    renderAt('/register1');
    expect(screen.getByLabelText('First name')).toHaveValue('Juan');
    expect(screen.getByLabelText('Middle initial (optional)')).toHaveValue('Q');
  });
});

describe('Registration step 2 (/register2)', () => {
  it('sends a visitor who skipped step 1 back to it', () => {
    renderAt('/register2');
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('never asks for a city twice: a province-level city is taken as the city, and barangays follow', async () => {
    storeDraft(STEP1);
    mockApi(locationsReply);
    renderAt('/register2');
    const region = screen.getByLabelText('Region');
    await waitFor(() => expect(region).toBeEnabled());
    await userEvent.selectOptions(region, 'Region III (Central Luzon)');
    const province = await screen.findByLabelText('Province or city');
    await waitFor(() => expect(province).toBeEnabled());
    await userEvent.selectOptions(province, 'City of Angeles');
    expect(screen.queryByLabelText('City/Municipality')).not.toBeInTheDocument();
    const barangay = screen.getByLabelText('Barangay');
    await waitFor(() => expect(barangay).toBeEnabled());
    await userEvent.selectOptions(barangay, 'Balibago');
    expect(storedDraft()).toMatchObject({ province_id: '0330100000', city_id: '0330100000', barangay_id: '0330100001' });
    // A real province still asks for its city.
    await userEvent.selectOptions(province, 'Bulacan');
    expect(screen.getByLabelText('City/Municipality')).toBeInTheDocument();
    expect(storedDraft()).toMatchObject({ province_id: '0301400000', city_id: '', barangay_id: '' });
  });

  it('disables each dependent select until its options load, and clears the levels below on change', async () => {
    storeDraft(STEP1);
    const fetchMock = mockApi(locationsReply);
    renderAt('/register2');
    const region = screen.getByLabelText('Region');
    const province = screen.getByLabelText('Province');
    const city = screen.getByLabelText('City/Municipality');
    const barangay = screen.getByLabelText('Barangay');
    expect(region).toBeDisabled();
    await waitFor(() => expect(region).toBeEnabled());
    expect(province).toBeDisabled();
    expect(city).toBeDisabled();
    expect(barangay).toBeDisabled();
    expect(callsTo(fetchMock, '/api/locations.php').map((c) => c.query.toString())).toEqual(['type=regions']);

    await userEvent.selectOptions(region, 'National Capital Region (NCR)');
    await waitFor(() => expect(province).toBeEnabled());
    await userEvent.selectOptions(province, 'City of Manila (NCR district)');
    await waitFor(() => expect(city).toBeEnabled());
    await userEvent.selectOptions(city, 'Tondo I/II');
    await waitFor(() => expect(barangay).toBeEnabled());
    await userEvent.selectOptions(barangay, 'Barangay 1');
    expect(callsTo(fetchMock, '/api/locations.php').map((c) => c.query.toString())).toEqual([
      'type=regions',
      'type=provinces&id=1300000000',
      'type=cities&id=1380600000',
      'type=barangays&id=1380601000',
    ]);
    expect(storedDraft()).toMatchObject({ region_id: '1300000000', province_id: '1380600000', city_id: '1380601000', barangay_id: '1380601001' });

    // Changing the city clears the barangay.
    await userEvent.selectOptions(city, '');
    expect(barangay).toHaveValue('');
    expect(barangay).toBeDisabled();
    expect(storedDraft()).toMatchObject({ city_id: '', barangay_id: '' });

    // Changing the province clears city and barangay.
    await userEvent.selectOptions(city, 'Tondo I/II');
    await waitFor(() => expect(barangay).toBeEnabled());
    await userEvent.selectOptions(barangay, 'Barangay 1');
    await userEvent.selectOptions(province, '');
    expect(city).toHaveValue('');
    expect(barangay).toHaveValue('');
    expect(city).toBeDisabled();
    expect(barangay).toBeDisabled();
    expect(storedDraft()).toMatchObject({ province_id: '', city_id: '', barangay_id: '' });

    // Changing the region clears province, city and barangay, and loads the new region's provinces.
    await userEvent.selectOptions(province, 'City of Manila (NCR district)');
    await waitFor(() => expect(city).toBeEnabled());
    await userEvent.selectOptions(city, 'Tondo I/II');
    await waitFor(() => expect(barangay).toBeEnabled());
    await userEvent.selectOptions(region, 'Region IV-A (CALABARZON)');
    expect(province).toHaveValue('');
    expect(city).toHaveValue('');
    expect(barangay).toHaveValue('');
    expect(city).toBeDisabled();
    expect(barangay).toBeDisabled();
    expect(storedDraft()).toMatchObject({ region_id: '0400000000', province_id: '', city_id: '', barangay_id: '' });
    await waitFor(() => expect(province).toBeEnabled());
    expect(screen.getByRole('option', { name: 'Cavite' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'City of Manila (NCR district)' })).not.toBeInTheDocument();
  });

  it('never shows options that arrive late for a region that is no longer chosen', async () => {
    storeDraft(STEP1);
    const slow = deferred<Reply>();
    mockApi((call) => (call.query.get('type') === 'provinces' && call.query.get('id') === '1300000000' ? slow.promise : locationsReply(call)));
    renderAt('/register2');
    const region = screen.getByLabelText('Region');
    await waitFor(() => expect(region).toBeEnabled());
    await userEvent.selectOptions(region, 'National Capital Region (NCR)');
    await userEvent.selectOptions(region, 'Region IV-A (CALABARZON)');
    await waitFor(() => expect(screen.getByLabelText('Province')).toBeEnabled());
    await act(async () => slow.resolve({ body: LOCATIONS['provinces:1300000000'] }));
    expect(screen.getByRole('option', { name: 'Cavite' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'City of Manila (NCR district)' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load regions: boom' as an alert, and Try again reloads", async () => {
    storeDraft(STEP1);
    let fail = true;
    mockApi((call) => (fail ? { status: 500, body: { success: false, error: 'boom' } } : locationsReply(call)));
    renderAt('/register2');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load regions: boom$/);
    expect(screen.getByLabelText('Region')).toBeDisabled();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText('Region')).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uses the same pattern for provinces, and the network message when the API is unreachable', async () => {
    storeDraft(STEP1);
    mockApi((call) => (call.query.get('type') === 'provinces' ? networkError() : locationsReply(call)));
    renderAt('/register2');
    await waitFor(() => expect(screen.getByLabelText('Region')).toBeEnabled());
    await userEvent.selectOptions(screen.getByLabelText('Region'), 'National Capital Region (NCR)');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load provinces: Failed to fetch');
    expect(screen.getByLabelText('Province')).toBeDisabled();
  });

  it('requires every address field, then goes to /register3; Back goes to /register1', async () => {
    storeDraft(STEP1);
    mockApi(locationsReply);
    renderAt('/register2');
    await waitFor(() => expect(screen.getByLabelText('Region')).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    for (const message of ['Region is required', 'Province is required', 'City/Municipality is required', 'Barangay is required', 'House address is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Region')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/register1');
  });

  it('restores a complete address after a reload and moves on to step 3', async () => {
    storeDraft({ ...STEP1, ...STEP2 });
    mockApi(locationsReply);
    renderAt('/register2');
    await waitFor(() => expect(screen.getByLabelText('Barangay')).toBeEnabled());
    expect(screen.getByLabelText('Region')).toHaveValue('1300000000');
    expect(screen.getByLabelText('Province')).toHaveValue('1380600000');
    expect(screen.getByLabelText('City/Municipality')).toHaveValue('1380601000');
    expect(screen.getByLabelText('Barangay')).toHaveValue('1380601001');
    expect(screen.getByLabelText('House address')).toHaveValue('12 Mabini St.');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Account Setup' })).toBeInTheDocument();
  });
});

describe('Registration step 3 (/register3)', () => {
  beforeEach(() => storeDraft({ ...STEP1, ...STEP2 }));

  it('sends a visitor who has not finished step 2 back to it', async () => {
    storeDraft({ ...STEP1, ...STEP2, house_address: '' });
    mockApi(locationsReply);
    renderAt('/register3');
    expect(screen.getByRole('heading', { name: 'Address Details' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Barangay')).toBeEnabled());
    expect(screen.getByLabelText('House address')).toHaveValue('');
  });

  it('links "terms and conditions" to the real terms, in a new tab so the form keeps what was typed', () => {
    renderAt('/register3');
    const link = screen.getByRole('link', { name: 'terms and conditions' });
    expect(link).toHaveAttribute('href', '/terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).not.toBeChecked();
  });

  it('shows Step 3 of 3 and the SPEC messages for empty fields', async () => {
    const fetchMock = mockApi(() => ({ body: { success: true } }));
    renderAt('/register3');
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(callsTo(fetchMock, '/api/register.php')).toHaveLength(0);
  });

  it('shows Invalid email format, the 6-character minimum and Passwords do not match', async () => {
    mockApi(() => ({ body: { success: true } }));
    renderAt('/register3');
    await userEvent.type(screen.getByLabelText('Email'), 'juan@');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.type(screen.getByLabelText('Confirm password'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 6 characters/);
  });

  it('never stores the password: it lives in memory only', async () => {
    const view = renderAt('/register3');
    await userEvent.type(screen.getByLabelText('Email'), 'juan@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'sup3r-secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'sup3r-secret');
    const raw = sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '';
    expect(JSON.parse(raw)).toMatchObject({ email: 'juan@example.com' });
    expect(raw).not.toContain('sup3r-secret');
    expect(Object.keys(JSON.parse(raw) as object)).not.toContain('password');
    expect(JSON.stringify({ ...localStorage })).not.toContain('sup3r-secret');
    view.unmount();
    renderAt('/register3');
    expect(screen.getByLabelText('Email')).toHaveValue('juan@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('posts the whole record to register.php, then goes to /login with a notice and forgets the draft', async () => {
    const pending = deferred<Reply>();
    const fetchMock = mockApi(() => pending.promise);
    renderAt('/register3');
    await userEvent.type(screen.getByLabelText('Email'), 'juan@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'sup3r-secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'sup3r-secret');
    await userEvent.click(screen.getByLabelText('I agree to the terms and conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('button', { name: 'Signing up...' })).toBeDisabled();
    expect(callsTo(fetchMock, '/api/register.php').map((c) => c.body)).toEqual([
      {
        first_name: 'Juan',
        last_name: 'Dela Cruz',
        middle_initial: 'P',
        suffix: 'Jr',
        gender: 'Male',
        region_id: '1300000000',
        province_id: '1380600000',
        city_id: '1380601000',
        barangay_id: '1380601001',
        house_address: '12 Mabini St.',
        email: 'juan@example.com',
        password: 'sup3r-secret',
      },
    ]);
    await act(async () => pending.resolve({ body: { success: true } }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(screen.getByTestId('location-state')).toHaveTextContent('Check your email to finish signing up: we sent you a message with the next step.');
    expect(sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('sends every key, empty strings included, when optional fields are left blank', async () => {
    storeDraft({ ...STEP1, middle_initial: '', suffix: '', ...STEP2 });
    const fetchMock = mockApi(() => ({ body: { success: true } }));
    renderAt('/register3');
    await userEvent.type(screen.getByLabelText('Email'), 'juan@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'sup3r-secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'sup3r-secret');
    await userEvent.click(screen.getByLabelText('I agree to the terms and conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByTestId('location');
    const body = callsTo(fetchMock, '/api/register.php')[0]?.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual([...Object.keys(EMPTY_DRAFT), 'password'].sort());
    expect(body).toMatchObject({ middle_initial: '', suffix: '' });
  });

  it.each<[string, Reply | 'network', string]>([
    ["the server's error", { status: 409, body: { success: false, error: 'Email is already registered' } }, 'Email is already registered'],
    ['Registration failed. without one', { status: 500, body: null }, 'Registration failed.'],
    ['Network error. when the API is unreachable', 'network', 'Network error.'],
  ])('shows %s and keeps the draft', async (_label, reply, message) => {
    mockApi(() => (reply === 'network' ? networkError() : reply));
    renderAt('/register3');
    await userEvent.type(screen.getByLabelText('Email'), 'juan@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'sup3r-secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'sup3r-secret');
    await userEvent.click(screen.getByLabelText('I agree to the terms and conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
    expect(storedDraft()).toMatchObject({ first_name: 'Juan', email: 'juan@example.com' });
  });
});
