import { ComingLater } from '../components/coming-later';

export default function CreateEventPage() {
  return (
    <ComingLater
      title="Create Event"
      notice="The event request form arrives in a later release."
      description="This page will let you submit an event request with its name, description, category, banner image, venue, city, barangay, and start and end date and time, then plan its seats. An admin approves each request before visitors can book it."
    />
  );
}
