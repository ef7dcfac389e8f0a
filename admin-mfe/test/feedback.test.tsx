import { screen, within } from '@testing-library/react';
import { callsTo, mockApi, page } from './support/api-mock';
import { makeFeedback } from './support/fixtures';
import { currentUrl, renderAdmin } from './support/render';

const NEWEST_FIRST = [
  makeFeedback(9, { name: 'Mara Santos', rating: 5, comment: 'Smooth entry at the gate.', date: '11-02-2026', time: '9:00 AM' }),
  makeFeedback(8, { name: 'Leo Cruz', rating: 2, comment: 'The queue for the seat map was slow.', date: '10-30-2026', time: '7:45 PM' }),
];

describe('admin feedback', () => {
  it('shows cards with avatar, name, date, stars (read as text) and comment, in the order the server gives', async () => {
    mockApi(({ url }) => (url === '/api/admin/feedback' ? { body: { success: true, feedback: NEWEST_FIRST, ...page(1, 3, 23) } } : undefined));
    renderAdmin('/admin/feedback');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Mara Santos', 'Leo Cruz']);
    const [mara, leo] = cards as [HTMLElement, HTMLElement];
    expect(mara.querySelector('svg.adm-avatar')).not.toBeNull();
    expect(within(mara).getByText('11-02-2026 9:00 AM')).toHaveAttribute('datetime', NEWEST_FIRST[0]?.createdAt);
    expect(within(mara).getByText('Rated 5 out of 5')).toHaveClass('ds-visually-hidden');
    expect(within(leo).getByText('Rated 2 out of 5')).toBeInTheDocument();
    expect(leo.querySelectorAll('.ds-star--on')).toHaveLength(2);
    expect(within(leo).getByText('The queue for the seat map was slow.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Total Feedback: 23')).toBeInTheDocument();
  });

  it('pages on the server, the page in the URL', async () => {
    const fetchMock = mockApi(({ url }) => {
      if (url === '/api/admin/feedback') return { body: { success: true, feedback: NEWEST_FIRST, ...page(1, 3, 23) } };
      if (url === '/api/admin/feedback?page=2') return { body: { success: true, feedback: [makeFeedback(7, { name: 'Ana Reyes' })], ...page(2, 3, 23) } };
      return undefined;
    });
    const { user, getByTestId } = renderAdmin('/admin/feedback');
    await screen.findByText('Mara Santos');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Ana Reyes')).toBeInTheDocument();
    expect(screen.queryByText('Mara Santos')).not.toBeInTheDocument();
    expect(currentUrl(getByTestId)).toBe('/admin/feedback?page=2');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET').map((c) => c.url)).toEqual(['/api/admin/feedback', '/api/admin/feedback?page=2']);
  });

  it('says so when there is no feedback', async () => {
    mockApi(({ url }) => (url === '/api/admin/feedback' ? { body: { success: true, feedback: [], ...page(1, 1, 0) } } : undefined));
    renderAdmin('/admin/feedback');
    expect(await screen.findByText('No feedback yet.')).toBeInTheDocument();
  });

  it('shows the server refusing with its own words', async () => {
    mockApi(() => ({ status: 500, body: { success: false, error: 'The ticketing server had a problem.' } }));
    renderAdmin('/admin/feedback');
    expect(await screen.findByRole('alert')).toHaveTextContent('The ticketing server had a problem.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
