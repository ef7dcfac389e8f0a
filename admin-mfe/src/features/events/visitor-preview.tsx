import type { Event, EventSeating } from '@sports/contracts';
import { assetUrl } from '@sports/api-client';
import { EventTermsRows, formatPrice } from '@sports/ui';
import { formatDay } from './event-time';

/**
 * The request as the public event page (/events/:id) will show it once approved: banner, title,
 * date, time, organizer, price (per section when they differ), tickets, refunds and About Event.
 * Drawn from the visitors' own answer for this event; the booking button is left out (nothing can
 * be booked before approval).
 */
export function VisitorPreview({ event, venue, sections }: { event: Event; venue: string | null; sections: EventSeating['sections'] }) {
  const labelOf = new Map(sections.map((s) => [s.id, s.label]));
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
          <EventTermsRows event={event} />
        </dl>
        {event.sectionPrices && event.pricesVary ? (
          <table className="adm-preview__prices">
            <caption>Price per section</caption>
            <thead>
              <tr>
                <th scope="col">Section</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {event.sectionPrices.map((p) => (
                <tr key={p.sectionId}>
                  <th scope="row">{labelOf.get(p.sectionId) ?? `Section ${p.sectionId}`}</th>
                  <td>{formatPrice({ price: p.price })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
      <section className="adm-preview__about">
        <h4>About Event</h4>
        <p>{event.about ?? event.description}</p>
      </section>
    </article>
  );
}
