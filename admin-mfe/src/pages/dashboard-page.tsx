import { ComingLater } from '../components/coming-later';

export default function DashboardPage() {
  return (
    <ComingLater
      title="Dashboard"
      notice="Live dashboard data arrives in a later release."
      description="This page will show ticket and account totals, tickets sold per month, recent organizations and pending inquiries, all read from the ticketing database."
    />
  );
}
