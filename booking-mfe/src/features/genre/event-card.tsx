import { useId } from 'react';
import { Link } from '@sports/router';
import { assetUrl } from '@sports/api-client';
import { cardImageUrl } from '@sports/contracts';
import type { Event } from '@sports/contracts';
import { FREE_PRICE, formatPrice } from '@sports/ui';
import { formatEventDate, salesClosed } from '../../shared/format';

/** SPEC "Events by genre": image, title, description, date, FREE or the peso price, Book Now (or why not, and View Event). */
export function EventCard({ event }: { event: Event }) {
  const titleId = useId();
  const unavailable = salesClosed(event) ? 'Ticket sales closed' : event.soldOut ? 'Sold out' : null;
  const price = formatPrice(event);
  return (
    <article className="bk-event-card" aria-labelledby={titleId}>
      <img
        className="bk-event-card__image"
        src={assetUrl(cardImageUrl(event.img))}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        decoding="async"
      />
      <div className="bk-event-card__body">
        <h3 id={titleId} className="bk-event-card__title">
          {event.title}
        </h3>
        <p className="bk-event-card__description">{event.description}</p>
        <p className="bk-event-card__meta">
          <time dateTime={event.date}>{formatEventDate(event.date)}</time>
          <span className={price === FREE_PRICE ? 'bk-price bk-price--free' : 'bk-price'}>{price}</span>
        </p>
        {unavailable ? (
          <>
            <p className="bk-event-card__closed">{unavailable}</p>
            <Link className="bk-button bk-button--secondary bk-event-card__action" to={`/events/${event.id}`} aria-describedby={titleId}>
              View Event
            </Link>
          </>
        ) : (
          <Link className="bk-button bk-button--primary bk-event-card__action" to={`/events/${event.id}`} aria-describedby={titleId}>
            Book Now
          </Link>
        )}
      </div>
    </article>
  );
}
