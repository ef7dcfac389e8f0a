import type { Profile } from '@sports/contracts';
import { ACCOUNT_MESSAGES } from '@sports/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionUser } from '../fixtures';
import { renderShell } from '../render';
import { callsTo, restoreFetch, type ApiCall, type Reply } from './api-mock';

const PROFILE: Profile = {
  email: 'maria@example.com',
  first_name: 'Maria',
  last_name: 'Santos',
  middle_initial: '',
  suffix: '',
  gender: 'Female',
  region_id: '1300000000',
  province_id: '1380600000',
  city_id: '1380601000',
  barangay_id: '1380601001',
  house_address: '12 Sampaguita St.',
  role_name: 'Participant',
  has_password: true,
  google_linked: false,
};

const PLACES: Record<string, Array<{ id: string; name: string }>> = {
  regions: [{ id: '1300000000', name: 'National Capital Region (NCR)' }],
  provinces: [{ id: '1380600000', name: 'City of Manila (NCR district)' }],
  cities: [{ id: '1380601000', name: 'Tondo I/II' }],
  barangays: [
    { id: '1380601001', name: 'Barangay 1' },
    { id: '1380601002', name: 'Barangay 2' },
  ],
};

/** A server with this profile; `answer` may take over any call first. */
function server(profile: Profile, answer: (call: ApiCall) => Reply | undefined = () => undefined) {
  return (call: ApiCall): Reply => {
    const own = answer(call);
    if (own) return own;
    if (call.path === '/api/my/profile') return { body: { success: true, profile: call.method === 'PUT' ? { ...profile, ...(call.body as object) } : profile } };
    if (call.path === '/api/locations.php') return { body: PLACES[call.query.get('type') ?? ''] ?? [] };
    if (call.path === '/api/auth-config') return { body: { success: true, googleClientId: null } };
    return { body: { success: true } };
  };
}

function renderAccount(profile: Profile = PROFILE, answer?: (call: ApiCall) => Reply | undefined) {
  return renderShell('/account', sessionUser('Participant'), { api: server(profile, answer) });
}

afterEach(() => restoreFetch());

describe('My Account (/account)', () => {
  it('sends a signed-out visitor to the login page', async () => {
    renderShell('/account', null, { api: server(PROFILE) });
    expect(await screen.findByText('Please log in to continue.')).toBeInTheDocument();
  });

  it('shows the profile with its address, the email read-only and a link to My Tickets; saves a correction', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    const profile = await screen.findByRole('form', { name: 'Profile' });
    expect(within(profile).getByRole('textbox', { name: 'First name' })).toHaveValue('Maria');
    const barangay = within(profile).getByRole('combobox', { name: 'Barangay' });
    await waitFor(() => expect(barangay).toHaveValue('1380601001'));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('maria@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getAllByRole('link', { name: 'My Tickets' }).some((a) => a.getAttribute('href') === '/my-tickets')).toBe(true);

    await user.selectOptions(barangay, 'Barangay 2');
    await user.clear(within(profile).getByRole('textbox', { name: 'House address' }));
    await user.type(within(profile).getByRole('textbox', { name: 'House address' }), '21 Mabini St.');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    const put = callsTo(fetchMock, '/api/my/profile').filter((c) => c.method === 'PUT');
    const { first_name, last_name, middle_initial, suffix, gender, region_id, province_id, city_id } = PROFILE;
    const expected = { first_name, last_name, middle_initial, suffix, gender, region_id, province_id, city_id, barangay_id: '1380601002', house_address: '21 Mabini St.' };
    expect(put.map((c) => c.body)).toEqual([expected]);
  });

  it('checks the profile like registration before sending anything', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAccount();
    const profile = await screen.findByRole('form', { name: 'Profile' });
    await user.clear(within(profile).getByRole('textbox', { name: 'First name' }));
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('First name is required')).toBeInTheDocument();
    expect(within(profile).getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(callsTo(fetchMock, '/api/my/profile').filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('changes the password: checks the new one twice, shows the server’s refusal, then the success', async () => {
    const user = userEvent.setup();
    let wrong = true;
    const { fetchMock } = renderAccount(PROFILE, (call) =>
      call.path === '/api/my/password' && wrong ? { status: 400, body: { success: false, error: ACCOUNT_MESSAGES.currentPasswordWrong } } : undefined,
    );
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'old secret');
    await user.type(within(form).getByLabelText('New password'), 'new secret 1');
    await user.type(within(form).getByLabelText('Confirm new password'), 'new secret 2');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Passwords do not match.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/my/password')).toEqual([]);

    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'new secret 1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/my/password').map((c) => c.body)).toEqual([{ current_password: 'old secret', new_password: 'new secret 1' }]);

    wrong = false;
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('deletes the account with the password, then shows the login page with the notice', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAccount();
    const form = await screen.findByRole('form', { name: 'Delete my account' });
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.deletePasswordRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/my/account')).toEqual([]);
    await user.type(within(form).getByLabelText('Your password'), 'my secret');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.deleted)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Login with email' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/my/account').map((c) => [c.method, c.body])).toEqual([['DELETE', { password: 'my secret' }]]);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('a Google-only account is told how to set a password and confirms deletion with its email', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAccount({ ...PROFILE, has_password: false, google_linked: true, gender: '', region_id: '', province_id: '', city_id: '', barangay_id: '', house_address: '' });
    expect(await screen.findByText(ACCOUNT_MESSAGES.noPassword, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a password with Forgot password' })).toHaveAttribute('href', '/ForgotPassword');
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Delete my account' });
    await user.type(within(form).getByRole('textbox', { name: /Type your email/ }), 'maria@example.com');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.deleted)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/my/account').map((c) => c.body)).toEqual([{ email: 'maria@example.com' }]);
  });
});
