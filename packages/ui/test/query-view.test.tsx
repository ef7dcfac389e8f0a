import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PageErrorBoundary, PageOutlet, QueryView, queryTableState } from '../src';
import type { QueryLike } from '../src';

type Page = { rows: string[] };

function query(partial: Partial<QueryLike<Page>>): QueryLike<Page> {
  return { data: undefined, error: null, isPending: false, isFetching: false, refetch: jest.fn(), ...partial } as QueryLike<Page>;
}

const renderRows = (page: Page) => <ul>{page.rows.map((row) => <li key={row}>{row}</li>)}</ul>;

describe('QueryView', () => {
  it('shows loading, then the data', () => {
    const { rerender } = render(<QueryView query={query({ isPending: true })}>{renderRows}</QueryView>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    rerender(<QueryView query={query({ data: { rows: ['Ana'] } })}>{renderRows}</QueryView>);
    expect(screen.getByRole('listitem')).toHaveTextContent('Ana');
  });

  it('shows the empty state when isEmpty says so', () => {
    render(
      <QueryView query={query({ data: { rows: [] } })} isEmpty={(page) => page.rows.length === 0} empty={<p>No reviews yet.</p>}>
        {renderRows}
      </QueryView>,
    );
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
  });

  it('shows the error with a Retry that refetches', async () => {
    const user = userEvent.setup();
    const q = query({ error: new TypeError('Failed to fetch') });
    render(<QueryView query={q}>{renderRows}</QueryView>);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('gives DataTable its state props', () => {
    expect(queryTableState(query({ isPending: true }), (page) => page.rows)).toMatchObject({ rows: undefined, loading: true, error: null });
    expect(queryTableState(query({ data: { rows: ['Ana'] }, isFetching: true }), (page) => page.rows)).toMatchObject({ rows: ['Ana'], loading: true, error: null });
  });
});

function Broken(): never {
  throw new Error('chunk failed');
}

describe('PageOutlet', () => {
  // React reports an error caught by a boundary on console.error; the boundary's own warning is checked.
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('shows the shared notice with Reload when a page fails to load, keeping the area', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/admin/x']}>
        <Routes>
          <Route path="/admin" element={<PageOutlet area="Admin" />}>
            <Route path="x" element={<Broken />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveClass('ds-notice', 'ds-notice--error');
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveClass('ds-button');
    expect(warn).toHaveBeenCalledWith('Admin page failed to load:', expect.any(Error), expect.any(String));
    warn.mockRestore();
  });

  it('lets an app give its own fallback', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <PageErrorBoundary area="Booking" fallback={<p>Booking is unavailable.</p>}>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Booking is unavailable.')).toBeInTheDocument();
    warn.mockRestore();
  });
});
