import type { Event } from '@sports/contracts';
import { assetUrl } from '@sports/api-client';
import { formatPrice } from '@sports/ui';
import { formatDay } from './event-time';

/**
 * The request as the public event page (/events/:id) will show it once approved: banner, title,
 * date, time, organizer, price and About Event. Drawn here from the same fields the visitors' API
 * answers with; the booking button is left out (nothing can be booked before approval).
 */
export function VisitorPreview({ event, venue }: { event: Event; venue: string | null }) {
  return (
    <article className="adm-preview" aria-label={`${event.title} as visitors will see it`}>
      <img className="adm-preview__image" src={assetUrl(event.img)} alt={event.title} width={960} height={540} />
      <div className="adm-preview__summary">
        <h3 className="adm-preview__title">{event.title}</h3>
        <dl className="adm-facts">
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={event.date}>{formatDay(event.date)}</time>
            </dd>
          </div>
          {event.time ? (
            <div>
              <dt>Time</dt>
              <dd>{event.time}</dd>
            </div>
          ) : null}
          {venue ? (
            <div>
              <dt>Venue</dt>
              <dd>{venue}</dd>
            </div>
          ) : null}
          {event.organizer ? (
            <div>
              <dt>Organizer</dt>
              <dd>{event.organizer}</dd>
            </div>
          ) : null}
          <div>
            <dt>Price</dt>
            <dd>{formatPrice(event)}</dd>
          </div>
        </dl>
      </div>
      <section className="adm-preview__about">
        <h4>About Event</h4>
        <p>{event.about ?? event.description}</p>
      </section>
    </article>
  );
}
