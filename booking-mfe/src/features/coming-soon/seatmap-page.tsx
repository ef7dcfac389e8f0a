import { useParams } from 'react-router-dom';
import { ComingSoon } from './coming-soon';

/** /events/:id/seatmap: section selection, not built yet. */
export function SeatmapPage() {
  return <ComingSoon title="Select Seats" eventId={useParams().id} />;
}
