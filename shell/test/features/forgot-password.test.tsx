import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { ForgotPasswordPage } from '../../src/features/forgot-password/forgot-password-page';
import { RESET_REDIRECT_MS, sanitizeCode } from '../../src/features/forgot-password/reset-rules';
import { callsTo, mockApi, networkError, restoreFetch, type ApiCall, type Reply } from './api-mock';
import { renderRoutes } from './render-routes';

const ok: Reply = { body: { success: true } };

function renderReset() {
  return renderRoutes('/ForgotPassword', <Route path="/ForgotPassword" element={<ForgotPasswordPage />} />);
}

type User = ReturnType<typeof userEvent.setup>;

async function sendCode(user: User, email = 'ana@example.com') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Code' }));
  await screen.findByLabelText('6-digit code');
}

async function verifyCode(user: User, code = '123456') {
  await user.type(screen.getByLabelText('6-digit code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
  await screen.findByLabelText('New password');
}

afterEach(() => {
  restoreFetch();
  jest.useRealTimers();
  jest.clearAllMocks();
});

describe('sanitizeCode', () => {
  it.each([
    ['123456', '123456'],
    ['12 34-56', '123456'],
    ['abc', ''],
    ['1234567890', '123456'],
    ['a1b2c3d4e5f6g7', '123456'],
  ])('%j -> %j', (input, expected) => expect(sanitizeCode(input)).toBe(expected));
});

describe('Forgot password (/ForgotPassword)', () => {
  it('shows a Back to Login link on every step', async () => {
    const user = userEvent.setup();
    mockApi(() => ok);
    renderReset();
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await sendCode(user);
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await verifyCode(user);
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('code input is numeric, strips non-digits as typed and stops at 6', async () => {
    const user = userEvent.setup();
    mockApi(() => ok);
    renderReset();
    await sendCode(user);
    const input = screen.getByLabelText('6-digit code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveFocus();
    await user.type(input, 'a1b-2 c3');
    expect(input).toHaveValue('123');
    await user.type(input, '4x5y6789');
    expect(input).toHaveValue('123456');
    await user.clear(input);
    await user.paste('987 654');
    expect(input).toHaveValue('987654');
    await user.clear(input);
    await user.paste('code: 12-34-56-78');
    expect(input).toHaveValue('123456');
  });

  it('walks email -> code -> new password -> success, then goes to /login after 2000 ms', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const fetchMock = mockApi(() => ok);
    renderReset();

    await sendCode(user, ' ana@example.com ');
    expect(screen.getByRole('status')).toHaveTextContent('A 6-digit code has been sent to your email.');
    expect(callsTo(fetchMock, '/api/request-password-reset.php').map((c) => c.body)).toEqual([{ email: 'ana@example.com' }]);

    await verifyCode(user, '654321');
    expect(callsTo(fetchMock, '/api/verify-reset-code.php').map((c) => c.body)).toEqual([{ email: 'ana@example.com', code: '654321' }]);
    expect(screen.getByLabelText('New password')).toHaveFocus();

    await user.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Password reset' })).toHaveFocus();
    expect(callsTo(fetchMock, '/api/reset-password.php').map((c) => c.body)).toEqual([{ email: 'ana@example.com', code: '654321', password: 'brand-new-pass' }]);
    expect(RESET_REDIRECT_MS).toBe(2000);

    act(() => jest.advanceTimersByTime(RESET_REDIRECT_MS - 1));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(screen.getByTestId('location-state')).toHaveTextContent('Your password has been reset.');
  });

  it('checks the new password: 6 characters minimum and a matching confirmation (with periods)', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(() => ok);
    renderReset();
    await sendCode(user);
    await verifyCode(user);
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.type(screen.getByLabelText('Confirm new password'), '1234');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(callsTo(fetchMock, '/api/reset-password.php')).toHaveLength(0);
  });

  it('asks for all 6 digits before calling verify', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(() => ok);
    renderReset();
    await sendCode(user);
    await user.type(screen.getByLabelText('6-digit code'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(screen.getByText('Enter the 6-digit code.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/verify-reset-code.php')).toHaveLength(0);
  });

  type Failing = (call: ApiCall) => Reply;
  const failAt =
    (path: string, reply: Reply | 'network'): Failing =>
    (call) =>
      call.path === path ? (reply === 'network' ? networkError() : reply) : ok;

  it.each<[string, Failing, number, string]>([
    ['Failed to send reset code.', failAt('/api/request-password-reset.php', { status: 500, body: null }), 1, 'Failed to send reset code.'],
    ['the server error when sending', failAt('/api/request-password-reset.php', { status: 429, body: { success: false, error: 'Too many attempts. Try again later.' } }), 1, 'Too many attempts. Try again later.'],
    ['Network error. when sending', failAt('/api/request-password-reset.php', 'network'), 1, 'Network error.'],
    ['Invalid code.', failAt('/api/verify-reset-code.php', { status: 400, body: null }), 2, 'Invalid code.'],
    ['the server error when verifying', failAt('/api/verify-reset-code.php', { status: 400, body: { success: false, error: 'This code has expired.' } }), 2, 'This code has expired.'],
    ['Network error. when verifying', failAt('/api/verify-reset-code.php', 'network'), 2, 'Network error.'],
    ['Failed to reset password.', failAt('/api/reset-password.php', { status: 500, body: { success: false } }), 3, 'Failed to reset password.'],
    ['Network error. when resetting', failAt('/api/reset-password.php', 'network'), 3, 'Network error.'],
  ])('shows %s', async (_label, handler, failingStep, message) => {
    const user = userEvent.setup();
    mockApi(handler);
    renderReset();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    if (failingStep > 1) {
      await verifyCodeOrFail(user, failingStep);
    }
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText(`Step ${failingStep} of 3`)).toBeInTheDocument();
  });

  async function verifyCodeOrFail(user: User, failingStep: number) {
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    if (failingStep > 2) {
      await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
      await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
      await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    }
  }

  it('can send a new code and go back to change the email', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(() => ok);
    renderReset();
    await sendCode(user);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A 6-digit code has been sent to your email.');
    expect(callsTo(fetchMock, '/api/request-password-reset.php')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });
});
