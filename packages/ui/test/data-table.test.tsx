import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sports/api-client';
import { DataTable, StatusBadge } from '../src';
import type { DataColumn } from '../src';

interface Account {
  accountNo: string;
  name: string;
  status: 'Active' | 'Restricted';
}

const COLUMNS: ReadonlyArray<DataColumn<Account>> = [
  { id: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true, width: '40%' },
  { id: 'no', header: 'Account No.', cell: (row) => row.accountNo, className: 'ds-cell--number' },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge tone={row.status === 'Active' ? 'success' : 'danger'}>{row.status}</StatusBadge> },
];

const ROWS: Account[] = [
  { accountNo: '100000000001', name: 'Ana Cruz', status: 'Active' },
  { accountNo: '100000000002', name: 'Ben Reyes', status: 'Restricted' },
];

describe('DataTable', () => {
  it('is a captioned table with column headers, row headers and cells from the renderers', () => {
    render(<DataTable caption="Accounts" columns={COLUMNS} rows={ROWS} rowKey="accountNo" />);
    const table = screen.getByRole('table', { name: 'Accounts' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Account No.', 'Status']);
    expect(within(table).getByRole('rowheader', { name: 'Ben Reyes' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getAllByRole('cell').map((td) => td.textContent)).toEqual(['100000000001', 'Active']);
    expect(within(rows[2]!).getByText('Restricted')).toHaveClass('ds-badge--danger');
    expect(within(rows[1]!).getByText('100000000001')).toHaveClass('ds-cell--number');
    expect(screen.getByRole('region', { name: 'Accounts' })).toContainElement(table);
  });

  it('shows loading in place of the rows until the first rows arrive', () => {
    const { rerender } = render(<DataTable caption="Accounts" columns={COLUMNS} rows={undefined} rowKey="accountNo" loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    rerender(<DataTable caption="Accounts" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.accountNo} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Ana Cruz' })).toBeInTheDocument();
  });

  it('keeps the rows on screen, dimmed, while the next page loads', () => {
    render(<DataTable caption="Accounts" columns={COLUMNS} rows={ROWS} rowKey="accountNo" loading />);
    expect(screen.getByRole('rowheader', { name: 'Ana Cruz' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveClass('ds-table--stale');
  });

  it('says so when there is nothing', () => {
    render(<DataTable caption="Accounts" columns={COLUMNS} rows={[]} rowKey="accountNo" emptyMessage="No accounts match this search." />);
    expect(screen.getByText('No accounts match this search.')).toBeInTheDocument();
    // The column headers stay; no body rows.
    expect(screen.getAllByRole('row')).toHaveLength(1);
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it('shows a failure with Retry in place of the rows', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(<DataTable caption="Accounts" columns={COLUMNS} rows={undefined} rowKey="accountNo" error={new ApiError(500, 'Database is busy')} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Database is busy');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('can keep the caption for screen readers only', () => {
    render(<DataTable caption="Accounts" captionHidden columns={COLUMNS} rows={ROWS} rowKey="accountNo" />);
    expect(screen.getByText('Accounts', { selector: 'caption' })).toHaveClass('ds-visually-hidden');
    expect(screen.getByRole('table', { name: 'Accounts' })).toBeInTheDocument();
  });
});
