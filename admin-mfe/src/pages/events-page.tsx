import { ComingLater } from '../components/coming-later';

export default function EventsPage() {
  return (
    <ComingLater
      title="Manage Events"
      subtitle="View, approve, or reject event requests"
      notice="Live event request data arrives in a later release."
      description="This page will list the event requests organizers submit, with their type, dates, times and status, so you can approve or reject each one. Only approved events reach visitors."
    />
  );
}
