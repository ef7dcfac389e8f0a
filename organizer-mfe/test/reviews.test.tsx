import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from './support/fetch-mock';
import { PAGE, review } from './support/fixtures';
import { renderOrganizer } from './support/render';

const ANA = review({ id: 3, name: 'Ana Cruz', rating: 2, review: 'The queue at the gate was long.' });
const BEN = review({ id: 4, name: 'Ben Reyes', rating: 5, attended: true, responded: true, responseStatus: 'Response Sent', response: 'Thank you!', respondedAt: 'x' });
const page = (rows: unknown[], extra = {}) => ({ body: { success: true, reviews: rows, allReviews: 243, ...PAGE(1, 10, 243, 25), ...extra } });

test('SPEC heading with the real count, stars with words, dates, response status, "1 of 10" and the total', async () => {
  mockFetch({ '/api/organizer/reviews': page([ANA, BEN]) });
  renderOrganizer('/organizer/reviews');
  expect(await screen.findByRole('heading', { level: 1, name: 'Reviews (243)' })).toBeInTheDocument();
  const ana = screen.getByRole('row', { name: /Ana Cruz/ });
  expect(within(ana).getByText('2 of 5')).toBeInTheDocument();
  expect(within(ana).getByText('06-02-2099')).toBeInTheDocument();
  expect(within(ana).getByText('Awaiting response')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Ben Reyes/ })).getByText('Response Sent')).toHaveClass('ds-badge--success');
  // Attended: the reviewer's ticket was checked in; a review without it has no badge.
  expect(within(screen.getByRole('row', { name: /Ben Reyes/ })).getByText('Attended')).toHaveClass('ds-badge');
  expect(within(ana).queryByText('Attended')).not.toBeInTheDocument();
  expect(screen.getByText('1 of 10')).toBeInTheDocument();
  expect(screen.getByText(/Reviews: 243/)).toBeInTheDocument();
});

test('order-by, event name and filter go to the server', async () => {
  const { sent } = mockFetch({
    '/api/organizer/reviews': page([ANA, BEN]),
    '/api/organizer/reviews?order=lowest': page([ANA]),
    '/api/organizer/reviews?order=lowest&response=not_responded': page([ANA], { total: 1, totalPages: 1 }),
    '/api/organizer/reviews?order=lowest&eventName=games&response=not_responded': page([ANA], { total: 1, totalPages: 1 }),
  });
  const { user } = renderOrganizer('/organizer/reviews');
  await screen.findByRole('row', { name: /Ben Reyes/ });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Order by' }), 'lowest');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Filter' }), 'not_responded');
  await user.type(screen.getByRole('searchbox', { name: 'Event name' }), 'games{Enter}');
  await waitFor(() => expect(sent.map((r) => r.key)).toContain('/api/organizer/reviews?order=lowest&eventName=games&response=not_responded'));
});

test('the row menu opens Inquiry Resolution; Send Response stores the reply and the row shows Response Sent; the dialog starts empty each time', async () => {
  const answered = { ...ANA, responded: true, responseStatus: 'Response Sent', response: 'Sorry, we are adding a gate.', respondedAt: 'x' };
  const { sent } = mockFetch({
    '/api/organizer/reviews': [page([ANA, BEN]), page([answered, BEN])],
    'POST /api/organizer/reviews/3/response': { body: { success: true, review: answered, mailed: true } },
  });
  const { user } = renderOrganizer('/organizer/reviews');
  const menu = await screen.findByRole('button', { name: 'Actions for the review by Ana Cruz' });
  await user.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('menuitem', { name: 'Respond' })).toHaveFocus();
  await user.keyboard('{Enter}');
  const dialog = screen.getByRole('dialog', { name: 'Inquiry Resolution' });
  expect(within(dialog).getByText('Respond to Ana Cruz for The queue at the gate was long.')).toBeInTheDocument();
  expect(within(dialog).getByText('The customer will receive an email with the response.')).toBeInTheDocument();

  await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'draft');
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await user.click(menu);
  await user.click(screen.getByRole('menuitem', { name: 'Respond' }));
  const again = screen.getByRole('dialog', { name: 'Inquiry Resolution' });
  expect(within(again).getByRole('textbox', { name: 'Message' })).toHaveValue('');

  await user.click(within(again).getByRole('button', { name: 'Send Response' }));
  expect(within(again).getByRole('alert')).toHaveTextContent('Write a response');
  expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  await user.type(within(again).getByRole('textbox', { name: 'Message' }), 'Sorry, we are adding a gate.');
  await user.click(within(again).getByRole('button', { name: 'Send Response' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ message: 'Sorry, we are adding a gate.' });
  await waitFor(() => expect(within(screen.getByRole('row', { name: /Ana Cruz/ })).getByText('Response Sent')).toBeInTheDocument());
});

test('the dialog closes on a click outside it; the menu closes on Escape', async () => {
  mockFetch({ '/api/organizer/reviews': page([ANA]) });
  const { user } = renderOrganizer('/organizer/reviews');
  const menu = await screen.findByRole('button', { name: 'Actions for the review by Ana Cruz' });
  await user.click(menu);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(menu).toHaveFocus();
  await user.click(menu);
  await user.click(screen.getByRole('menuitem', { name: 'Respond' }));
  const dialog = screen.getByRole('dialog', { name: 'Inquiry Resolution' });
  // jsdom lays nothing out: the dialog's box is 0 x 0, so any point is outside it.
  fireEvent.mouseDown(dialog, { clientX: 5, clientY: 5 });
  fireEvent.click(dialog, { clientX: 5, clientY: 5 });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
