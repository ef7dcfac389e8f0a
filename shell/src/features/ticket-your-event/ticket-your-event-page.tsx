import { useState } from 'react';
import type { OrganizerApplication, SessionUser } from '@sports/contracts';
import { Link, useLocation } from '@sports/router';
import { useSession } from '../../session/session-context';
import { ApplicationForm } from './application-form';
import { useMyApplication } from './api/use-my-application';
import '../info/info.css';
import './ticket-your-event.css';

/** Where an application stands, in words for the applicant; a declined one can be sent again. */
function ApplicationStatus({ application, onApplyAgain }: { application: OrganizerApplication; onApplyAgain: () => void }) {
  if (application.status === 'pending') {
    return (
      <div className="info-done" role="status">
        <p>We received your application for {application.organization}.</p>
        <span>An admin will review it soon; we will email you the decision.</span>
      </div>
    );
  }
  if (application.status === 'approved') {
    return (
      <div className="info-done" role="status">
        <p>Your application for {application.organization} was approved.</p>
        <Link to="/organizer/dashboard">Go to your organizer dashboard</Link>
      </div>
    );
  }
  return (
    <div className="tye-declined">
      <p role="status">Your application for {application.organization} was not approved.</p>
      {application.declineReason ? <p>Reason: {application.declineReason}</p> : null}
      <button type="button" className="auth-secondary" onClick={onApplyAgain}>
        Apply again
      </button>
    </div>
  );
}

/** A signed-in visitor's part: their application's status, or the form. */
function VisitorApplication({ user }: { user: SessionUser }) {
  const mine = useMyApplication(true);
  const [applyingAgain, setApplyingAgain] = useState(false);
  if (mine.isPending) {
    return (
      <p className="info-card__intro" role="status">
        Loading your application…
      </p>
    );
  }
  if (mine.isError) {
    return (
      <div role="alert" className="form-alert">
        Your application could not be loaded.{' '}
        <button type="button" className="auth-secondary" onClick={() => void mine.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const application = mine.data;
  if (application && !(application.status === 'declined' && applyingAgain)) {
    return <ApplicationStatus application={application} onApplyAgain={() => setApplyingAgain(true)} />;
  }
  return <ApplicationForm defaultContact={`${user.first_name} ${user.last_name}`.trim()} />;
}

function ApplySection() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    return (
      <p className="info-card__intro">
        Please <Link to="/login" state={{ from: location }}>Log in</Link> to apply; you will come back to this page afterwards. New here?{' '}
        <Link to="/register1">Register</Link> first.
      </p>
    );
  }
  if (user.role_name === 'Organizer') {
    return (
      <p className="info-card__intro">
        Your account is already an organizer account. <Link to="/organizer/dashboard">Go to your organizer dashboard</Link>
      </p>
    );
  }
  if (user.role_name === 'Admin') {
    return <p className="info-card__intro">Admin accounts review organizer applications on Accounts; they do not apply.</p>;
  }
  return <VisitorApplication user={user} />;
}

/** /ticket-your-event: what organizers can do, and a visitor's application to become one. */
export function TicketYourEventPage() {
  return (
    <article className="page info-page">
      <h1>Ticket your Event</h1>
      <p className="info-page__lead">Run sports games, concerts or community events? Sell your tickets here, at the city sports complex.</p>

      <section aria-labelledby="organizers-heading">
        <h2 id="organizers-heading">What organizers can do</h2>
        <ul>
          <li>Create events with a banner, venue, dates and prices; an admin reviews each one before it goes on sale.</li>
          <li>Plan the seating, and sell seats that can never be sold twice.</li>
          <li>See attendees, check tickets in at the gate by scanning their QR codes, and answer reviews.</li>
          <li>Follow ticket sales on the organizer dashboard.</li>
        </ul>
      </section>

      <section className="info-card" aria-labelledby="apply-heading">
        <h2 id="apply-heading">Apply to become an organizer</h2>
        <ApplySection />
      </section>
    </article>
  );
}
