import { ComingLater } from '../components/coming-later';

export default function ReviewsPage() {
  return (
    <ComingLater
      title="Reviews"
      notice="Live review data arrives in a later release."
      description="This page will list the reviews of your events with their rating, date received and response status, and will let you respond to each reviewer."
    />
  );
}
