import { useState } from 'react';
import { ACCOUNT_STATUSES, ROLE_NAMES } from '@sports/contracts';
import type { AccountStatus, AdminAccount, RoleName } from '@sports/contracts';
import { adminQueries } from '@sports/api-client/admin';
import { keepPreviousData, useQuery } from '@sports/query';
import {
  DataTable,
  DataToolbar,
  FilterSelect,
  SearchBox,
  StatusBadge,
  UrlPager,
  queryTableState,
  useFilterParam,
  usePageParam,
  useSearchParam,
} from '@sports/ui';
import type { DataColumn } from '@sports/ui';
import { AuditDialog } from '../../shared/audit-dialog';
import type { AuditTarget } from '../../shared/audit-dialog';
import { STATUS_TONE } from './account-status';
import { OrganizerApplicationsSection } from './organizer-applications-section';
import { StatusDialog } from './status-dialog';

const ROLE_OPTIONS = ROLE_NAMES.map((role) => ({ value: role, label: role }));
const STATUS_OPTIONS = ACCOUNT_STATUSES.map((status) => ({ value: status, label: status }));

interface AccountsPageProps {
  /** The signed-in admin (marked "you" in the table). */
  currentUserId?: number;
}

/** /admin/accounts: every account, 10 a page, searched and filtered on the server (all in the URL). */
export default function AccountsPage({ currentUserId }: AccountsPageProps) {
  const [page] = usePageParam();
  const [search] = useSearchParam('q');
  const [role, setRole] = useFilterParam('role', { allowed: ROLE_NAMES });
  const [status, setStatus] = useFilterParam('status', { allowed: ACCOUNT_STATUSES });
  const accounts = useQuery({
    ...adminQueries.accounts({ page, search, role: role as RoleName | '', status: status as AccountStatus | '' }),
    placeholderData: keepPreviousData,
  });
  const [changing, setChanging] = useState<AdminAccount | null>(null);
  const [history, setHistory] = useState<AuditTarget | null>(null);

  const columns: ReadonlyArray<DataColumn<AdminAccount>> = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      className: 'adm-cell--name',
      cell: (a) => (
        <>
          {a.name}
          {a.id === currentUserId ? <span className="adm-you">(you)</span> : null}
          <span className="adm-subtle">{a.email}</span>
        </>
      ),
    },
    { id: 'role', header: 'Role', cell: (a) => a.role },
    { id: 'accountNo', header: 'Account No.', cell: (a) => a.accountNo, className: 'ds-cell--number' },
    { id: 'status', header: 'Status', cell: (a) => <StatusBadge tone={STATUS_TONE[a.status]}>{a.status}</StatusBadge> },
    { id: 'created', header: 'Date Created', cell: (a) => a.dateCreated, className: 'ds-cell--nowrap' },
    { id: 'lastLogin', header: 'Last Login', cell: (a) => a.lastLogin ?? 'Never', className: 'ds-cell--nowrap' },
    {
      id: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'end',
      cell: (a) => (
        <span className="adm-row-actions">
          <button type="button" className="ds-button" aria-label={`Change status of ${a.name}`} onClick={() => setChanging(a)}>
            Change status
          </button>
          <button type="button" className="ds-button" aria-label={`History of ${a.name}`} onClick={() => setHistory({ kind: 'account', id: a.id, name: a.name })}>
            History
          </button>
        </span>
      ),
    },
  ];

  return (
    <section className="ds-page" aria-labelledby="accounts-heading">
      <h1 id="accounts-heading">Accounts</h1>
      <DataToolbar label="Filter accounts">
        <SearchBox label="Search accounts" placeholder="Name, email or account no." />
        <FilterSelect label="Role" value={role} onChange={setRole} options={ROLE_OPTIONS} allLabel="All roles" />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} allLabel="All statuses" />
      </DataToolbar>
      <DataTable
        caption="Accounts"
        captionHidden
        columns={columns}
        rowKey="id"
        minWidth="52rem"
        emptyMessage={search || role || status ? 'No accounts match this search.' : 'No accounts yet.'}
        {...queryTableState(accounts, (data) => data.accounts)}
      />
      <UrlPager label="Account pages" pageCount={accounts.data?.totalPages} total={accounts.data?.total} totalLabel="Total Accounts" />
      <StatusDialog key={changing?.id ?? 'closed'} account={changing} onClose={() => setChanging(null)} />
      <AuditDialog target={history} onClose={() => setHistory(null)} />
      <OrganizerApplicationsSection />
    </section>
  );
}
