import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@sports/contracts';
import { renderShell } from '../render';
import { callsTo, deferred, networkError, restoreFetch } from './api-mock';
import type { ApiCall, Reply } from './api-mock';

jest.mock('../../src/remotes/federation', () => ({
  loadRemoteComponent: jest.fn(async () => ({ default: () => <p>remote page</p> })),
}));

const VISITOR: SessionUser = { user_id: 7, email: 'visitor@demo.local', first_name: 'Vina', last_name: 'Reyes', role_id: 3, role_name: 'Participant' };
const CREATED: Reply = { status: 201, body: { success: true, id: 12, createdAt: '2026-11-02T01:00:00.000Z' } };
const TOO_MANY = 'Too many attempts. Please try again in 42 minutes.';

/** The shell's own calls, plus the form's. */
function api(form: (call: ApiCall) => Reply | Promise<Reply>) {
  return (call: ApiCall): Reply | Promise<Reply> => {
    if (call.path === '/api/auth-config') return { body: { success: true, googleClientId: null } };
    if (call.path === '/api/feedback' || call.path === '/api/inquiries') return form(call);
    return { body: { success: true } };
  };
}

afterEach(() => restoreFetch());

describe('footer links', () => {
  it('lead Help/FAQ to /help and Contact Us to /contact', () => {
    renderShell('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Help/FAQ' })).toHaveAttribute('href', '/help');
    expect(within(footer).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('open the pages, lazily, inside the layout', async () => {
    const user = userEvent.setup();
    renderShell('/');
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Contact Us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Help/FAQ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help/FAQ' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});

describe('Contact Us (/contact)', () => {
  it('says what is missing at each field, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderShell('/contact', null, { api: api(() => CREATED) });
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Up to 2,000 characters. Message is required');

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Invalid email format');
    expect(callsTo(fetchMock, '/api/inquiries')).toHaveLength(0);
  });

  it('sends an inquiry from anyone and confirms it', async () => {
    const user = userEvent.setup();
    const answer = deferred<Reply>();
    const { fetchMock } = renderShell('/contact', null, { api: api(() => answer.promise) });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Mara Santos');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'mara@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Is there parking at the arena?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(callsTo(fetchMock, '/api/inquiries').map((c) => [c.method, c.body])).toEqual([
      ['POST', { name: 'Mara Santos', email: 'mara@example.com', message: 'Is there parking at the arena?' }],
    ]);

    answer.resolve(CREATED);
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you! Your message has been sent. We will reply to mara@example.com.');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Message sent' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('mara@example.com');
  });

  it("fills in a signed-in visitor's name and email", async () => {
    renderShell('/contact', VISITOR, { api: api(() => CREATED) });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Vina Reyes');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('visitor@demo.local');
  });

  it("shows the API's 429 text, which says when to try again, and the network failure", async () => {
    const user = userEvent.setup();
    let fail: () => Reply = () => ({ status: 429, body: { success: false, error: TOO_MANY }, headers: { 'Retry-After': '2520' } });
    renderShell('/contact', null, { api: api(() => fail()) });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Mara');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'mara@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello');

    fail = networkError;
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Network error.'));
  });
});

describe('Help/FAQ (/help)', () => {
  it('answers common questions', async () => {
    const user = userEvent.setup();
    renderShell('/help');
    const question = await screen.findByText('How long are my seats held?');
    expect(screen.getByText(/held for you for 10 minutes/)).not.toBeVisible();
    await user.click(question);
    expect(screen.getByText(/held for you for 10 minutes/)).toBeVisible();
  });

  it('asks a signed-out visitor to log in, coming back here afterwards', async () => {
    renderShell('/help');
    const link = await screen.findByRole('link', { name: 'log in' });
    expect(link).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form', { name: 'Send feedback' })).not.toBeInTheDocument();

    await userEvent.setup().click(link);
    // The login page reads state.from: after signing in the visitor lands on /help again.
    expect(await screen.findByText('Please log in to continue.')).toBeInTheDocument();
  });

  it('validates the feedback form, then sends the rating and comment and confirms', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderShell('/help', VISITOR, { api: api(() => CREATED) });
    const form = await screen.findByRole('form', { name: 'Send feedback' });
    await user.click(within(form).getByRole('button', { name: 'Send Feedback' }));
    expect(within(form).getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription('Rating is required');
    expect(within(form).getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription('Up to 1,000 characters. Comment is required');
    expect(callsTo(fetchMock, '/api/feedback')).toHaveLength(0);

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    expect(within(form).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(form).getByText('4 out of 5')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Smooth entry at the gate.');
    await user.click(within(form).getByRole('button', { name: 'Send Feedback' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your feedback!');
    expect(callsTo(fetchMock, '/api/feedback').map((c) => [c.method, c.body])).toEqual([['POST', { rating: 4, comment: 'Smooth entry at the gate.' }]]);
  });

  it('moves the rating with the arrow keys', async () => {
    const user = userEvent.setup();
    renderShell('/help', VISITOR, { api: api(() => CREATED) });
    await user.click(await screen.findByRole('radio', { name: '2 stars' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
  });

  it("shows the API's 429 text", async () => {
    const user = userEvent.setup();
    renderShell('/help', VISITOR, { api: api(() => ({ status: 429, body: { success: false, error: TOO_MANY } })) });
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Great night.');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
  });
});
