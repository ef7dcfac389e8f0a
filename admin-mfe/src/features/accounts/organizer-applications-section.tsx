import { useEffect, useId, useState } from 'react';
import type { AdminOrganizerApplication } from '@sports/contracts';
import { adminQueries } from '@sports/api-client/admin';
import { keepPreviousData, useQuery } from '@sports/query';
import { DataTable, Pager, queryTableState } from '@sports/ui';
import type { DataColumn } from '@sports/ui';
import { ApplicationDecisionDialog } from './application-decision-dialog';
import type { PendingDecision } from './application-decision-dialog';

/** "Ticket your Event" applications waiting for a decision, oldest first, 10 a page, with Approve and Decline. */
export function OrganizerApplicationsSection() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const applications = useQuery({ ...adminQueries.organizerApplications('pending', page), placeholderData: keepPreviousData });
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const pageCount = applications.data?.totalPages;
  // Deciding the last application of the last page leaves it empty: show the one before it.
  useEffect(() => {
    if (pageCount !== undefined && page > pageCount) setPage(Math.max(1, pageCount));
  }, [page, pageCount]);

  const columns: ReadonlyArray<DataColumn<AdminOrganizerApplication>> = [
    { id: 'organization', header: 'Organization', rowHeader: true, className: 'adm-cell--name', cell: (a) => a.organization },
    {
      id: 'contact',
      header: 'Contact',
      cell: (a) => (
        <>
          {a.contactPerson}
          <span className="adm-subtle">{a.phone}</span>
        </>
      ),
    },
    { id: 'description', header: 'What they run', cell: (a) => <span className="adm-application__text">{a.description}</span> },
    { id: 'applicant', header: 'Applicant', cell: (a) => a.applicant.email },
    { id: 'date', header: 'Applied', cell: (a) => a.date, className: 'ds-cell--nowrap' },
    {
      id: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'end',
      cell: (a) => (
        <span className="adm-row-actions">
          <button type="button" className="ds-button" aria-label={`Approve ${a.organization}`} onClick={() => setPending({ application: a, decision: 'approve' })}>
            Approve
          </button>
          <button type="button" className="ds-button" aria-label={`Decline ${a.organization}`} onClick={() => setPending({ application: a, decision: 'decline' })}>
            Decline
          </button>
        </span>
      ),
    },
  ];

  return (
    <section className="adm-applications" aria-labelledby={headingId}>
      <h2 id={headingId}>Organizer applications</h2>
      <DataTable
        caption="Pending organizer applications, oldest first"
        captionHidden
        columns={columns}
        rowKey="id"
        minWidth="52rem"
        emptyMessage="No pending applications."
        {...queryTableState(applications, (data) => data.applications)}
      />
      {applications.data && applications.data.totalPages > 1 ? (
        <Pager page={page} pageCount={applications.data.totalPages} onPageChange={setPage} total={applications.data.total} totalLabel="Pending applications" label="Application pages" />
      ) : null}
      <ApplicationDecisionDialog key={pending ? `${pending.application.id}-${pending.decision}` : 'closed'} pending={pending} onClose={() => setPending(null)} />
    </section>
  );
}
