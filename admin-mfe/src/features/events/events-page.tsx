import { useState } from 'react';
import { EVENT_STATUSES } from '@sports/contracts';
import type { AdminEventRequest, EventStatus } from '@sports/contracts';
import { adminQueries } from '@sports/api-client/admin';
import { Link, useLocation } from '@sports/router';
import { keepPreviousData, useQuery } from '@sports/query';
import { DataTable, DataToolbar, FilterSelect, SearchBox, StatusBadge, UrlPager, queryTableState, useFilterParam, usePageParam, useSearchParam } from '@sports/ui';
import type { DataColumn } from '@sports/ui';
import { ADMIN_PATHS } from '../../paths';
import { AuditDialog } from '../../shared/audit-dialog';
import type { AuditTarget } from '../../shared/audit-dialog';
import { formatCount } from '../../shared/format';
import { ApproveDialog, RejectDialog } from './decision-dialogs';

/** /admin/events: Manage Events, every event request, paged, searched and filtered on the server. */
export default function EventsPage() {
  const location = useLocation();
  const [page] = usePageParam();
  const [search] = useSearchParam('q');
  const [status, setStatus] = useFilterParam('status', { allowed: EVENT_STATUSES });
  const events = useQuery({ ...adminQueries.events({ page, search, status: status as EventStatus | '' }), placeholderData: keepPreviousData });
  const [approving, setApproving] = useState<AdminEventRequest | null>(null);
  const [rejecting, setRejecting] = useState<AdminEventRequest | null>(null);
  const [history, setHistory] = useState<AuditTarget | null>(null);

  const counts = events.data?.statusCounts;
  const statusOptions = EVENT_STATUSES.map((s) => ({ value: s, label: counts ? `${s} (${formatCount(counts[s])})` : s }));

  const columns: ReadonlyArray<DataColumn<AdminEventRequest>> = [
    {
      id: 'name',
      header: 'Event Name',
      rowHeader: true,
      className: 'adm-cell--name',
      cell: (e) => (
        <>
          <Link to={`${ADMIN_PATHS.events}/${e.id}`} state={{ list: `${location.pathname}${location.search}` }}>
            {e.name}
          </Link>
          {e.organizerName ? <span className="adm-subtle">{e.organizerName}</span> : null}
        </>
      ),
    },
    { id: 'type', header: 'Event Type', cell: (e) => e.type },
    { id: 'duration', header: 'Event Duration', cell: (e) => e.duration, className: 'ds-cell--nowrap' },
    { id: 'time', header: 'Time Duration', cell: (e) => e.timeRange || '—', className: 'ds-cell--nowrap' },
    {
      id: 'status',
      header: 'Status',
      cell: (e) => (
        <>
          <StatusBadge tone={e.status === 'Approved' ? 'success' : 'danger'}>{e.status}</StatusBadge>
          {e.status === 'Rejected' && e.rejectionReason ? <span className="adm-subtle adm-reason">Reason: {e.rejectionReason}</span> : null}
        </>
      ),
    },
    {
      id: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'end',
      cell: (e) => (
        <span className="adm-row-actions">
          {e.status === 'Pending' ? (
            <>
              <button type="button" className="ds-button ds-button--primary" aria-label={`Approve ${e.name}`} onClick={() => setApproving(e)}>
                Approve
              </button>
              <button type="button" className="ds-button" aria-label={`Reject ${e.name}`} onClick={() => setRejecting(e)}>
                Reject
              </button>
            </>
          ) : null}
          <button type="button" className="ds-button" aria-label={`History of ${e.name}`} onClick={() => setHistory({ kind: 'event', id: e.id, name: e.name })}>
            History
          </button>
        </span>
      ),
    },
  ];

  return (
    <section className="ds-page" aria-labelledby="events-heading">
      <h1 id="events-heading">Manage Events</h1>
      <p className="ds-page__subtitle">view, approve, or reject event requests</p>
      <DataToolbar label="Filter event requests">
        <SearchBox label="Search event requests" placeholder="Event or organizer" />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={statusOptions} allLabel="All statuses" />
      </DataToolbar>
      <DataTable
        caption="Event requests"
        captionHidden
        columns={columns}
        rowKey="id"
        minWidth="54rem"
        emptyMessage={search || status ? 'No event requests match this search.' : 'No event requests yet.'}
        {...queryTableState(events, (data) => data.events)}
      />
      <UrlPager label="Event request pages" pageCount={events.data?.totalPages} total={events.data?.total} totalLabel="Total Events" />
      <ApproveDialog event={approving} onClose={() => setApproving(null)} />
      <RejectDialog key={rejecting?.id ?? 'closed'} event={rejecting} onClose={() => setRejecting(null)} />
      <AuditDialog target={history} onClose={() => setHistory(null)} />
    </section>
  );
}
