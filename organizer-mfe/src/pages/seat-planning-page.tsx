import { Link } from '@sports/router';
import { ComingLater } from '../components/coming-later';
import { ORGANIZER_PATHS } from '../paths';

export default function SeatPlanningPage() {
  return (
    <ComingLater
      title="Seat Planning"
      notice="Seat planning arrives in a later release."
      description="This page will let you set the rows and columns of seats for an event you created, preview the seat grid in front of the stage, and save the plan to that event."
    >
      <p>
        <Link to={ORGANIZER_PATHS.createEvent}>Back to Create Event</Link>
      </p>
    </ComingLater>
  );
}
