import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '@sports/api-client';
import {
  ConfirmDialog,
  DataArea,
  DataTable,
  DataToolbar,
  Dialog,
  EmptyState,
  ErrorState,
  EventSelect,
  FilterSelect,
  LoadingState,
  Pager,
  SearchBox,
  StatusBadge,
  UrlPager,
  eventIds,
  pageCountOf,
  queryTableState,
  useFilterParam,
  usePageParam,
  useSearchParam,
  useToast,
} from '@sports/ui';
import type { BadgeTone, DataAreaName, DataColumn } from '@sports/ui';
import { EVENTS, PAGE_SIZE, STATUSES, fetchAccounts } from './fake-api';
import type { Account, Status } from './fake-api';

const STATUS_TONE: Record<Status, BadgeTone> = { Active: 'success', Inactive: 'neutral', Restricted: 'danger' };

function AccountsScreen({ onRespond }: { onRespond: (account: Account) => void }) {
  const [page] = usePageParam();
  const [q] = useSearchParam('q');
  const [status, setStatus] = useFilterParam('status', { allowed: STATUSES });
  const [event, setEvent] = useFilterParam('event', { allowed: eventIds(EVENTS) });
  const query = useQuery({
    queryKey: ['accounts', { page, q, status, event }],
    queryFn: () => fetchAccounts({ page, q, status, event }),
    placeholderData: keepPreviousData,
  });

  const columns: ReadonlyArray<DataColumn<Account>> = [
    { id: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true },
    { id: 'email', header: 'Email', cell: (row) => row.email },
    { id: 'role', header: 'Role', cell: (row) => row.role },
    { id: 'no', header: 'Account No.', cell: (row) => row.accountNo, className: 'ds-cell--number' },
    { id: 'status', header: 'Status', cell: (row) => <StatusBadge tone={STATUS_TONE[row.status]}>{row.status}</StatusBadge> },
    { id: 'created', header: 'Date Created', cell: (row) => row.dateCreated, className: 'ds-cell--nowrap' },
    {
      id: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      cell: (row) => (
        <button type="button" className="ds-button" aria-label={`Respond to ${row.name}`} onClick={() => onRespond(row)}>
          Respond
        </button>
      ),
      align: 'end',
    },
  ];

  return (
    <section className="ds-page__section" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Accounts</h2>
      <DataToolbar label="Filter accounts">
        <SearchBox label="Search accounts" placeholder="Name or email" />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUSES.map((s) => ({ value: s, label: s }))} allLabel="All statuses" />
        <EventSelect events={EVENTS} value={event} onChange={setEvent} allLabel="All events" />
      </DataToolbar>
      <DataTable
        caption="Accounts, 10 a page"
        columns={columns}
        rowKey="accountNo"
        emptyMessage="No accounts match this search."
        {...queryTableState(query, (data) => data.rows)}
      />
      <UrlPager
        label="Account pages"
        pageCount={query.data ? pageCountOf(query.data.total, PAGE_SIZE) : undefined}
        total={query.data?.total}
        totalLabel="Total Accounts"
      />
    </section>
  );
}

function Pieces() {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const [reviewPage, setReviewPage] = useState(1);

  async function restrict() {
    setAttempts((n) => n + 1);
    // The write "runs" until the browser test lets it finish, however slow the machine.
    await new Promise<void>((resolve) => {
      window.__kitFinishWrite = resolve;
    });
    // The first try fails, to show the error inside the dialog.
    if (attempts === 0) throw new ApiError(409, 'This account changed meanwhile. Try again.');
    toast.success('Ana Cruz is now Restricted.');
  }

  return (
    <section className="ds-page__section" aria-labelledby="pieces-heading">
      <h2 id="pieces-heading">Pieces</h2>
      <p>
        <StatusBadge tone="success">Approved</StatusBadge> <StatusBadge tone="danger">Pending</StatusBadge>{' '}
        <StatusBadge tone="warning">Expiring</StatusBadge> <StatusBadge tone="neutral">Draft</StatusBadge>
      </p>
      <p>
        <button type="button" className="ds-button ds-button--danger" onClick={() => setConfirming(true)}>
          Restrict Ana Cruz
        </button>{' '}
        <button type="button" className="ds-button" onClick={() => toast.error(new TypeError('Failed to fetch'))}>
          Show an error toast
        </button>{' '}
        <button type="button" className="ds-button ds-button--primary" onClick={() => toast.success('Saved.')}>
          Show a success toast
        </button>
      </p>
      <Pager page={reviewPage} pageCount={10} onPageChange={setReviewPage} format="of" total={243} totalLabel="Reviews" label="Review pages" />
      <LoadingState />
      <EmptyState title="No reviews yet">Reviews appear here after your events.</EmptyState>
      <ErrorState error={new ApiError(403, 'You do not have access to this.')} />
      <ErrorState error={new TypeError('Failed to fetch')} onRetry={() => undefined} />
      <ConfirmDialog
        open={confirming}
        title="Restrict this account?"
        message="Ana Cruz will no longer be able to log in."
        confirmLabel="Restrict"
        tone="danger"
        onConfirm={restrict}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}

export function HarnessPage({ area }: { area: DataAreaName }) {
  const [responding, setResponding] = useState<Account | null>(null);
  const [message, setMessage] = useState('');
  const close = () => {
    setResponding(null);
    setMessage('');
  };
  return (
    // Toasts stay a minute here, so a slow machine cannot miss them (their timing is unit-tested).
    <DataArea area={area} toastDuration={{ success: 60_000, error: 60_000 }}>
      <main className="ds-content">
        <div className="ds-page">
          <h1>Kit harness ({area})</h1>
          <p className="ds-page__subtitle">The data-screen kit of @sports/ui on a fake API.</p>
          <AccountsScreen onRespond={setResponding} />
          <Pieces />
        </div>
      </main>
      <Dialog
        open={responding !== null}
        onClose={close}
        title="Inquiry Resolution"
        footer={
          <>
            <button type="button" className="ds-button" onClick={close}>
              Cancel
            </button>
            <button type="button" className="ds-button ds-button--primary" onClick={close}>
              Send Response
            </button>
          </>
        }
      >
        <p>Respond to {responding?.name}</p>
        <label className="ds-field">
          <span className="ds-field__label">Message</span>
          <textarea className="ds-input" rows={4} value={message} onChange={(event) => setMessage(event.target.value)} />
        </label>
        <p>The customer will receive an email with the response.</p>
      </Dialog>
    </DataArea>
  );
}
