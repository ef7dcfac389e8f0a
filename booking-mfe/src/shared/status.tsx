import type { ReactNode } from 'react';
import { Link } from '@sports/router';
import { describeError } from './errors';
import './base.css';

/** Announced, visually quiet loading text; pair it with a skeleton that has the final size. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <p role="status" className="bk-visually-hidden">
      {label}
    </p>
  );
}

/** A read call failed: say so plainly and offer a retry. */
export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="bk-state bk-state--error" role="alert">
      <h2 className="bk-state__title">{title}</h2>
      <p className="bk-state__text">{describeError(error)}</p>
      <button type="button" className="bk-button bk-button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** The requested thing does not exist (unknown event id, unknown genre). */
export function NotFoundState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="bk-state">
      <h1 className="bk-state__title">{title}</h1>
      <p className="bk-state__text">{text}</p>
      {children ?? (
        <Link className="bk-button bk-button--secondary" to="/">
          Back to Home
        </Link>
      )}
    </div>
  );
}

/** SPEC "Event detail": an unknown event id. */
export function EventNotFound() {
  return <NotFoundState title="Event Not Found" text="Sorry, this event does not exist." />;
}

/** Sales close when the event starts (PRODUCT §1): past events stay visible but cannot be booked. */
export function SalesClosedNotice({ eventId }: { eventId: number }) {
  return (
    <div className="bk-state" role="note">
      <h2 className="bk-state__title">Ticket sales have closed</h2>
      <p className="bk-state__text">Ticket sales for this event have closed.</p>
      <Link className="bk-button bk-button--secondary" to={`/events/${eventId}`}>
        Back to event
      </Link>
    </div>
  );
}
