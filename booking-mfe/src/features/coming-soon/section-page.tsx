import { useParams } from 'react-router-dom';
import { ComingSoon } from './coming-soon';

/** /events/:id/seatmap/:sectionId: seat grid, not built yet. */
export function SectionPage() {
  return <ComingSoon title="Choose Your Seats" eventId={useParams().id} />;
}
