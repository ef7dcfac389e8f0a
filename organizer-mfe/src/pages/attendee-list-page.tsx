import { ComingLater } from '../components/coming-later';

export default function AttendeeListPage() {
  return (
    <ComingLater
      title="Attendee List"
      notice="Live attendee data arrives in a later release."
      description="This page will list the attendees of your events with their email, transaction number and attendance, with search and paging, and will let you check tickets in by scanning their QR codes."
    />
  );
}
