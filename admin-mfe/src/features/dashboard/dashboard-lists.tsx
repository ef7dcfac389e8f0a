import { useId } from 'react';
import type { AdminDashboardResponse, DashboardInquiry } from '@sports/contracts';
import { EmptyState } from '@sports/ui';
import { formatCount, plural } from '../../shared/format';

export function RecentOrganizations({ organizations }: { organizations: AdminDashboardResponse['organizations'] }) {
  const headingId = useId();
  const { recent, total, tickets } = organizations;
  return (
    <section className="adm-panel" aria-labelledby={headingId}>
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
  inquiries: AdminDashboardResponse['inquiries'];
  onRespond: (inquiry: DashboardInquiry) => void;
}

export function PendingInquiries({ inquiries, onRespond }: PendingInquiriesProps) {
  const headingId = useId();
  const { pending, total } = inquiries;
  const countLine =
    total === 0
      ? 'No pending inquiries.'
      : total > pending.length
        ? `${plural(total, 'pending inquiry', 'pending inquiries')}, the oldest ${formatCount(pending.length)} shown`
        : plural(total, 'pending inquiry', 'pending inquiries');
  return (
    <section className="adm-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Pending Inquiries</h2>
      {pending.length === 0 ? (
        <EmptyState title="All caught up.">New questions from the Contact Us page appear here.</EmptyState>
      ) : (
        <ul className="adm-list">
          {pending.map((inquiry) => (
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
      <p className="adm-summary" aria-live="polite">
        {countLine}
      </p>
    </section>
  );
}
