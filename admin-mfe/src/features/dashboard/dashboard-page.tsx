import { useState } from 'react';
import type { AdminInquiry } from '@sports/contracts';
import { adminQueries } from '@sports/api-client/admin';
import { useQuery } from '@sports/query';
import { QueryView } from '@sports/ui';
import { PendingInquiries, RecentOrganizations } from './dashboard-lists';
import { InquiryRespondDialog } from './respond-dialog';
import { RevenueSection } from './revenue-section';
import { SalesSection } from './sales-section';
import { SummaryCards } from './summary-cards';

/** /admin/dashboard: the four cards, tickets sold per month, revenue, recent organizations and every pending inquiry. */
export default function DashboardPage() {
  const summary = useQuery(adminQueries.dashboard());
  const [responding, setResponding] = useState<AdminInquiry | null>(null);
  return (
    <section className="ds-page" aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading">Dashboard</h1>
      <QueryView query={summary}>{(data) => <SummaryCards cards={data.cards} />}</QueryView>
      <div className="adm-panels">
        <SalesSection />
        <RevenueSection />
        {summary.data ? <RecentOrganizations organizations={summary.data.organizations} /> : null}
        <PendingInquiries onRespond={setResponding} />
      </div>
      <InquiryRespondDialog key={responding?.id ?? 'closed'} inquiry={responding} onClose={() => setResponding(null)} />
    </section>
  );
}
