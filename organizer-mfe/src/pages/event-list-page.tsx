import { ComingLater } from '../components/coming-later';

export default function EventListPage() {
  return (
    <ComingLater
      title="Event List"
      notice="Live event data arrives in a later release."
      description="This page will list your events with their type, duration, time and capacity, with an event selector, search and paging."
    />
  );
}
