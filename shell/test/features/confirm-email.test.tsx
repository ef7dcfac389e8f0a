import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Route } from 'react-router';
import { ConfirmEmailPage } from '../../src/features/confirm-email/confirm-email-page';
import { callsTo, mockApi, restoreFetch, type Reply } from './api-mock';
import { renderRoutes } from './render-routes';

const TOKEN = 'a'.repeat(20) + 'B'.repeat(23);
const DEAD: Reply = { status: 400, body: { success: false, error: 'This confirmation link has expired or was already used.' } };

function renderConfirm(search: string) {
  return renderRoutes(
    `/confirm-email${search}`,
    <Route
      path="/confirm-email"
      element={
        <StrictMode>
          <ConfirmEmailPage />
        </StrictMode>
      }
    />,
  );
}

afterEach(() => {
  restoreFetch();
});

describe('/confirm-email', () => {
  it('sends the link\'s token once (even in StrictMode) and says the address is confirmed', async () => {
    const fetchMock = mockApi(() => ({ body: { success: true } }));
    renderConfirm(`?token=${TOKEN}`);
    expect(await screen.findByText('Your email address is confirmed. You can now buy tickets.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/confirm-email').map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it('a used or expired link says so and offers a new one, whatever the address', async () => {
    const fetchMock = mockApi((call) => (call.path === '/api/auth/confirm-email' ? DEAD : { body: { success: true } }));
    renderConfirm(`?token=${'c'.repeat(43)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link has expired or was already used.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('If that address has an account waiting for confirmation, a new link is on its way. Check your email.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/resend-confirmation').map((c) => c.body)).toEqual([{ email: 'ana@example.com' }]);
  });

  it('without a token: the link is not valid, and no call is made for it', async () => {
    const fetchMock = mockApi(() => ({ body: { success: true } }));
    renderConfirm('');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link has expired or was already used.');
    expect(callsTo(fetchMock, '/api/auth/confirm-email')).toEqual([]);
  });
});
