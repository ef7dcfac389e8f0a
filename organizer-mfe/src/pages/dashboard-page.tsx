import { ComingLater } from '../components/coming-later';

export default function DashboardPage() {
  return (
    <ComingLater
      title="Dashboard"
      notice="Live dashboard data arrives in a later release."
      description="This page will show your ticket no-shows, tickets due today, open tickets and all tickets, with charts of reserved tickets, reservation progress and no-shows by ticket type, computed from your events."
    />
  );
}
