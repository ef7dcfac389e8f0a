import { Link } from 'react-router-dom';
import '../../shared/base.css';
import './coming-soon.css';

/**
 * Honest placeholder for the booking steps that are not built yet (seat map, seat grid,
 * checkout, ticket QR): no sample seats, no fake payment.
 */
export function ComingSoon({ title, eventId }: { title: string; eventId?: string }) {
  return (
    <div className="bk-page">
      <div className="bk-soon">
        <svg className="bk-soon__art" viewBox="0 0 120 120" width="96" height="96" aria-hidden="true" focusable="false">
          <circle cx="60" cy="60" r="56" fill="#e8effc" />
          <path d="M30 84h60M36 84V58h48v26M44 58V46h32v12" fill="none" stroke="#133463" strokeWidth="5" strokeLinejoin="round" />
          <path d="M48 70h6M58 70h6M68 70h4" stroke="#f5b301" strokeWidth="6" strokeLinecap="round" />
        </svg>
        <h1 className="bk-soon__title">{title}</h1>
        <p className="bk-soon__text">
          Seat selection and checkout arrive in a later release. Tickets cannot be booked online yet.
        </p>
        {eventId ? (
          <Link className="bk-button bk-button--primary" to={`/events/${encodeURIComponent(eventId)}`}>
            Back to event
          </Link>
        ) : (
          <Link className="bk-button bk-button--primary" to="/">
            Back to Home
          </Link>
        )}
      </div>
    </div>
  );
}
