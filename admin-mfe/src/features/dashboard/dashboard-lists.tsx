import { useEffect, useId, useState } from 'react';
import type { AdminDashboardResponse, AdminInquiry } from '@sports/contracts';
import { adminQueries } from '@sports/api-client/admin';
import { keepPreviousData, useQuery } from '@sports/query';
import { EmptyState, Pager, QueryView } from '@sports/ui';
import { formatCount, plural } from '../../shared/format';

export function RecentOrganizations({ organizations }: { organizations: AdminDashboardResponse['organizations'] }) {
  const headingId = useId();
  const { recent, total, tickets } = organizations;
  return (
    <section className="ds-panel adm-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Recent Organizations</h2>
      {recent.length === 0 ? (
        <EmptyState title="No organizations yet.">Organizer accounts appear here once they sign up.</EmptyState>
      ) : (
        <ul className="adm-list">
          {recent.map((o) => (
            <li key={o.id} className="adm-list__item">
              <span className="adm-list__main">
                <span className="adm-list__name">{o.name}</span>
                <span className="adm-subtle">{o.email}</span>
              </span>
              <span className="adm-list__figure">{plural(o.tickets, 'ticket', 'tickets')}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="adm-summary">
        {total === 0
          ? 'No organizations yet.'
          : `Showing ${formatCount(recent.length)} of ${plural(total, 'organization', 'organizations')} · ${plural(tickets, 'ticket', 'tickets')} sold in all`}
      </p>
    </section>
  );
}

interface PendingInquiriesProps {
  onRespond: (inquiry: AdminInquiry) => void;
}

/** Every unanswered inquiry, oldest first, 10 a page (GET /api/admin/inquiries?status=pending). */
export function PendingInquiries({ onRespond }: PendingInquiriesProps) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const inquiries = useQuery({ ...adminQueries.inquiries('pending', page), placeholderData: keepPreviousData });
  const pageCount = inquiries.data?.totalPages;
  // Answering the last inquiry of the last page leaves that page empty: show the one before it.
  useEffect(() => {
    if (pageCount !== undefined && page > pageCount) setPage(Math.max(1, pageCount));
  }, [page, pageCount]);
  const total = inquiries.data?.total;
  const countLine = total === undefined ? null : total === 0 ? 'No pending inquiries.' : `${plural(total, 'pending inquiry', 'pending inquiries')}, oldest first`;
  return (
    <section className="ds-panel adm-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Pending Inquiries</h2>
      <div aria-busy={inquiries.isFetching || undefined} className={inquiries.isPlaceholderData ? 'adm-stale' : undefined}>
        <QueryView
          query={inquiries}
          isEmpty={(data) => data.inquiries.length === 0}
          empty={<EmptyState title="All caught up.">New questions from the Contact Us page appear here.</EmptyState>}
        >
          {(data) => (
            <ul className="adm-list">
              {data.inquiries.map((inquiry) => (
                <li key={inquiry.id} className="adm-list__item">
                  <span className="adm-list__main">
                    <span className="adm-list__name">
                      {inquiry.name} <span className="adm-subtle adm-subtle--inline">{inquiry.date}</span>
                    </span>
                    <span className="adm-inquiry__message">{inquiry.message}</span>
                  </span>
                  <button type="button" className="ds-button" aria-label={`Respond to ${inquiry.name}`} onClick={() => onRespond(inquiry)}>
                    Respond
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </div>
      {countLine ? (
        <p className="adm-summary" aria-live="polite">
          {countLine}
        </p>
      ) : null}
      {pageCount !== undefined && pageCount > 1 ? (
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} format="of" label="Pending inquiry pages" className="adm-pager--compact" />
      ) : null}
    </section>
  );
}
