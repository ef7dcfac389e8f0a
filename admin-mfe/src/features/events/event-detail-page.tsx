import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { placeLine } from '@sports/contracts';
import type { AdminEventDetail, EventVenue } from '@sports/contracts';
import { assetUrl } from '@sports/api-client';
import { adminKeys, adminQueries } from '@sports/api-client/admin';
import { useQuery } from '@sports/query';
import { Link, useLocation, useParams } from '@sports/router';
import { CancelEventButton, Dialog, QueryView, StatusBadge, WaitingRoomControl, formatPrice, isCancellable } from '@sports/ui';
import { ADMIN_PATHS } from '../../paths';
import { formatCount, plural } from '../../shared/format';
import { ApproveDialog, RejectDialog } from './decision-dialogs';
import { formatInstant } from './event-time';
import { RequestHistory } from './request-history';
import { SeatingView } from './seating-view';
import { VisitorPreview } from './visitor-preview';

/** The venue in one line: name, street, barangay, city, province (the parts the request gave). */
export function venueLine(venue: EventVenue): string | null {
  return placeLine([venue.name, venue.street, venue.barangay, venue.city, venue.province]) || null;
}

function Panel({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={`ds-panel adm-panel${wide ? ' adm-panel--wide' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const statusTone = (e: Pick<AdminEventDetail, 'status'>) => (e.status === 'Approved' ? 'success' : 'danger');

function EventDetail({ event }: { event: AdminEventDetail }) {
  const [previewing, setPreviewing] = useState(false);
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const venue = venueLine(event.venue);

  return (
    <>
      <header className="adm-detail__head">
        <h1 id="event-detail-heading">{event.name}</h1>
        <p className="ds-page__subtitle">
          <StatusBadge tone={statusTone(event)}>{event.status}</StatusBadge>
          {event.cancelledAt ? (
            <>
              {' '}
              <StatusBadge tone="warning">Cancelled</StatusBadge>
            </>
          ) : null}{' '}
          Event request submitted {event.submitted}
          {event.organizer ? ` by ${event.organizer.name}` : ''}
        </p>
        {event.status === 'Rejected' && event.rejectionReason ? <p className="adm-reason">Reason: {event.rejectionReason}</p> : null}
        {event.cancelledAt && event.cancelReason ? <p className="adm-reason">Cancelled: {event.cancelReason}</p> : null}
        <div className="adm-row-actions adm-detail__actions">
          <button type="button" className="ds-button" onClick={() => setPreviewing(true)}>
            View as visitors will see it
          </button>
          {event.status === 'Pending' ? (
            <>
              <button type="button" className="ds-button ds-button--primary" onClick={() => setApproving(true)}>
                Approve
              </button>
              <button type="button" className="ds-button" onClick={() => setRejecting(true)}>
                Reject
              </button>
            </>
          ) : null}
          {isCancellable(event) ? <CancelEventButton area="admin" event={event} refresh={[adminKeys.events, adminKeys.dashboard]} /> : null}
        </div>
      </header>

      <div className="adm-panels">
        <Panel title="Banner">
          {event.bannerUrl ? (
            <img className="adm-detail__banner" src={assetUrl(event.bannerUrl)} alt={`Banner of ${event.name}`} width={960} height={540} />
          ) : (
            <figure className="adm-detail__figure">
              <img className="adm-detail__banner" src={assetUrl(event.preview.img)} alt={`Generated poster of ${event.name}`} width={960} height={540} />
              <figcaption className="adm-subtle">No banner uploaded: visitors see this generated poster.</figcaption>
            </figure>
          )}
        </Panel>
        <Panel title="Details">
          <dl className="adm-facts">
            <Fact label="Category">{event.type}</Fact>
            <Fact label="Starts">
              <time dateTime={event.startsAt}>{formatInstant(event.startsAt)}</time>
            </Fact>
            <Fact label="Ends">{event.endsAt ? <time dateTime={event.endsAt}>{formatInstant(event.endsAt)}</time> : 'Not announced'}</Fact>
            <Fact label="Price">{formatPrice(event)}</Fact>
            <Fact label="Capacity">{plural(event.seating.capacity, 'seat', 'seats')}</Fact>
          </dl>
          <h3 className="adm-detail__subhead">Description</h3>
          <p className="adm-detail__text">{event.description}</p>
          {event.about ? <p className="adm-detail__text">{event.about}</p> : null}
        </Panel>
        <Panel title="Venue">
          <dl className="adm-facts">
            <Fact label="Venue">{event.venue.name ?? 'The sports complex'}</Fact>
            <Fact label="Street">{event.venue.street ?? '—'}</Fact>
            <Fact label="Barangay">{event.venue.barangay ?? '—'}</Fact>
            <Fact label="City">{event.venue.city ?? '—'}</Fact>
            <Fact label="Province">{event.venue.province ?? '—'}</Fact>
          </dl>
        </Panel>
        <Panel title="Seat plan">
          <SeatingView seating={event.seating} />
        </Panel>
        {event.cancelledAt ? null : (
          <Panel title="Waiting room">
            <WaitingRoomControl area="admin" eventId={event.id} />
          </Panel>
        )}
        <Panel title="Organizer" wide>
          {event.organizer ? (
            <>
              <dl className="adm-facts">
                <Fact label="Name">{event.organizer.name}</Fact>
                <Fact label="Email">
                  <a href={`mailto:${event.organizer.email}`}>{event.organizer.email}</a>
                </Fact>
              </dl>
              <h3 className="adm-detail__subhead">Their other events</h3>
              {event.organizerEvents.length ? (
                <div className="adm-detail__table-scroll">
                <table className="ds-table adm-detail__table">
                  <caption className="ds-visually-hidden">Other events of {event.organizer.name}, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Date</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {event.organizerEvents.map((e) => (
                      <tr key={e.id}>
                        <th scope="row">
                          <Link to={`${ADMIN_PATHS.events}/${e.id}`}>{e.name}</Link>
                        </th>
                        <td className="ds-cell--nowrap">{e.date}</td>
                        <td>
                          <StatusBadge tone={statusTone(e)}>{e.status}</StatusBadge>
                          {e.cancelled ? ' (cancelled)' : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                </div>
              ) : (
                <p className="adm-subtle">This is their first event.</p>
              )}
              {event.organizerEventCount > event.organizerEvents.length ? (
                <p className="adm-subtle">
                  The newest {formatCount(event.organizerEvents.length)} of {formatCount(event.organizerEventCount)}.
                </p>
              ) : null}
            </>
          ) : (
            <p className="adm-subtle">{event.organizerName ?? 'The sports complex'}: no organizer account.</p>
          )}
        </Panel>
        <Panel title="History" wide>
          <RequestHistory history={event.history} />
        </Panel>
      </div>

      <Dialog open={previewing} onClose={() => setPreviewing(false)} title="As visitors will see it" size="large">
        <VisitorPreview event={event.preview} venue={venue} sections={event.seating.sections} />
      </Dialog>
      <ApproveDialog event={approving ? event : null} onClose={() => setApproving(false)} />
      <RejectDialog key={rejecting ? 'open' : 'closed'} event={rejecting ? event : null} onClose={() => setRejecting(false)} />
    </>
  );
}

/** /admin/events/:id: one event request in full, to decide on it knowing what visitors will get. */
export default function EventDetailPage() {
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const event = useQuery({ ...adminQueries.event(id ?? 0), enabled: id !== null });
  // Back to the list as it was left (its page, search and filter) when the request was opened from it.
  const from: unknown = useLocation().state;
  const list = from !== null && typeof from === 'object' && typeof (from as { list?: unknown }).list === 'string' ? (from as { list: string }).list : ADMIN_PATHS.events;
  return (
    <section className="ds-page adm-detail" aria-labelledby="event-detail-heading">
      <p className="adm-detail__back">
        <Link to={list.startsWith(`${ADMIN_PATHS.events}`) ? list : ADMIN_PATHS.events}>Back to Manage Events</Link>
      </p>
      {id === null ? (
        <h1 id="event-detail-heading">Event not found.</h1>
      ) : (
        <QueryView query={event}>{(data) => <EventDetail event={data} />}</QueryView>
      )}
    </section>
  );
}
