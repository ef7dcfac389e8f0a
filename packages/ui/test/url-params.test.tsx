import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageCountOf, parsePage, useFilterParam, usePageParam, useSearchParam } from '../src';
import { renderWithRouter } from './support/router';

describe('parsePage', () => {
  it.each([
    [null, 1],
    ['1', 1],
    ['7', 7],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['', 1],
    ['99999999999999', 1],
  ])('reads %p as page %p', (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });
});

describe('pageCountOf', () => {
  it('rounds up and keeps one page for an empty list', () => {
    expect(pageCountOf(250, 10)).toBe(25);
    expect(pageCountOf(243, 25)).toBe(10);
    expect(pageCountOf(1, 10)).toBe(1);
    expect(pageCountOf(0, 10)).toBe(1);
  });
});

function Probe() {
  const [page, setPage] = usePageParam();
  const [q, setQ] = useSearchParam('q');
  const [status, setStatus] = useFilterParam('status', { allowed: ['Active', 'Inactive'], fallback: '' });
  const [event, setEvent] = useFilterParam('event', { fallback: '1' });
  return (
    <div>
      <p>
        page={page} q={q} status={status} event={event}
      </p>
      <button type="button" onClick={() => setPage(3)}>
        page 3
      </button>
      <button type="button" onClick={() => setPage(1)}>
        page 1
      </button>
      <button type="button" onClick={() => setQ('ana')}>
        search ana
      </button>
      <button type="button" onClick={() => setStatus('Inactive')}>
        inactive
      </button>
      <button type="button" onClick={() => setStatus('')}>
        all statuses
      </button>
      <button type="button" onClick={() => setEvent('1')}>
        event 1
      </button>
    </div>
  );
}

const search = () => screen.getByTestId('search').textContent;

describe('URL param hooks', () => {
  it('read the URL, with junk and unknown values falling back', () => {
    renderWithRouter(<Probe />, '/list?page=x&q=bo&status=Deleted&event=4');
    expect(screen.getByText('page=1 q=bo status= event=4')).toBeInTheDocument();
  });

  it('write the page (page 1 is no param) and go back in history', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Probe />, '/list?q=bo');
    await user.click(screen.getByRole('button', { name: 'page 3' }));
    expect(search()).toBe('?q=bo&page=3');
    expect(screen.getByText(/page=3 /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'page 1' }));
    expect(search()).toBe('?q=bo');
    await user.click(screen.getByRole('button', { name: 'History back' }));
    expect(search()).toBe('?q=bo&page=3');
  });

  it('a new search or filter goes back to page 1 in the same navigation', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Probe />, '/list?page=4');
    await user.click(screen.getByRole('button', { name: 'search ana' }));
    expect(search()).toBe('?q=ana');
    await user.click(screen.getByRole('button', { name: 'page 3' }));
    await user.click(screen.getByRole('button', { name: 'inactive' }));
    expect(search()).toBe('?q=ana&status=Inactive');
    await user.click(screen.getByRole('button', { name: 'all statuses' }));
    expect(search()).toBe('?q=ana');
  });

  it('keeps the fallback value out of the URL', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Probe />, '/list?event=4');
    await user.click(screen.getByRole('button', { name: 'event 1' }));
    expect(search()).toBe('');
    expect(screen.getByText('page=1 q= status= event=1')).toBeInTheDocument();
  });
});
