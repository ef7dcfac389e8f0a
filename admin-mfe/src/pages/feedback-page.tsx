import { ComingLater } from '../components/coming-later';

export default function FeedbackPage() {
  return (
    <ComingLater
      title="Feedback"
      notice="Live feedback data arrives in a later release."
      description="This page will show the ratings and comments visitors send from the site, page by page."
    />
  );
}
