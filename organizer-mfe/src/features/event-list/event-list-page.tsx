import { ORGANIZER_KEY, organizerQueries } from '@sports/api-client/organizer';
import { Link } from '@sports/router';
import { keepPreviousData, useQuery } from '@sports/query';
import type { EventStatus, OrganizerEvent } from '@sports/contracts';
import { CancelEventButton, DataTable, WaitingRoomButton, DataToolbar, EventSelect, SearchBox, StatusBadge, UrlPager, eventIds, formatPrice, queryTableState, isCancellable, useFilterParam, usePageParam, useSearchParam } from '@sports/ui';
import type { BadgeTone, DataColumn } from '@sports/ui';
import { useEventOptions } from '../../shared/event-options';
import { ORGANIZER_PATHS } from '../../paths';

const STATUS_TONE: Record<EventStatus, BadgeTone> = { Approved: 'success', Pending: 'warning', Rejected: 'danger' };

const COLUMNS: ReadonlyArray<DataColumn<OrganizerEvent>> = [
  { id: 'name', header: 'Name', cell: (e) => e.name, rowHeader: true },
  { id: 'type', header: 'Type', cell: (e) => e.type },
  { id: 'duration', header: 'Duration', cell: (e) => e.duration, className: 'ds-cell--nowrap' },
  { id: 'time', header: 'Time', cell: (e) => e.timeRange, className: 'ds-cell--nowrap' },
  { id: 'price', header: 'Price', cell: (e) => formatPrice(e), className: 'ds-cell--number' },
  { id: 'capacity', header: 'Capacity', cell: (e) => e.capacity.toLocaleString('en-PH'), className: 'ds-cell--number' },
  {
    id: 'status',
    header: 'Status',
    cell: (e) => (
      <div className="org-status">
        <StatusBadge tone={STATUS_TONE[e.status]}>{e.status}</StatusBadge>
        {e.cancelledAt ? <StatusBadge tone="danger">Cancelled</StatusBadge> : e.postponedFrom ? <StatusBadge tone="warning">Postponed</StatusBadge> : null}
        {e.status === 'Rejected' && e.rejectionReason ? <p className="org-status__reason">Reason: {e.rejectionReason}</p> : null}
      </div>
    ),
  },
  {
    id: 'actions',
    header: 'Actions',
    cell: (e) => (
      <div className="org-actions org-actions--tight">
        {e.editable ? (
          <Link className="ds-button" to={`${ORGANIZER_PATHS.createEvent}?event=${e.id}`} aria-label={`${e.status === 'Rejected' ? 'Edit and resubmit' : 'Edit'} ${e.name}`}>
            {e.status === 'Rejected' ? 'Edit and resubmit' : 'Edit'}
          </Link>
        ) : null}
        {e.cancelledAt ? null : (
          <Link className="ds-button" to={`${ORGANIZER_PATHS.promoCodes}?event=${e.id}`} aria-label={`Promo codes of ${e.name}`}>
            Promo codes
          </Link>
        )}
        {e.cancelledAt ? null : <WaitingRoomButton area="organizer" event={{ id: e.id, name: e.name }} />}
        {isCancellable(e) ? <CancelEventButton area="organizer" event={{ id: e.id, name: e.name }} refresh={[ORGANIZER_KEY]} /> : null}
      </div>
    ),
  },
];

/** Event List (/organizer/event-list): the caller's events, searched, selected and paged on the server. */
export default function EventListPage() {
  const options = useEventOptions();
  const [eventId, setEventId] = useFilterParam('event', { allowed: eventIds(options.data?.events) });
  const [search] = useSearchParam('q');
  const [page] = usePageParam();
  const events = useQuery({ ...organizerQueries.events({ page, search, eventId: eventId ? Number(eventId) : null }), placeholderData: keepPreviousData });

  return (
    <section className="ds-page" aria-labelledby="event-list-heading">
      <h1 id="event-list-heading">Event List</h1>
      <p className="ds-page__subtitle">Your event requests and events: Pending until an admin approves them.</p>
      <DataToolbar label="Filter events">
        <EventSelect events={options.data?.events ?? []} loading={options.isPending} value={eventId} onChange={setEventId} allLabel="All events" />
        <SearchBox label="Search events" placeholder="Event name" />
      </DataToolbar>
      <DataTable
        caption="Your events"
        captionHidden
        columns={COLUMNS}
        rowKey="id"
        minWidth="52rem"
        emptyMessage={search || eventId ? 'No events match this search.' : 'You have no events yet. Create one from Create Event.'}
        {...queryTableState(events, (data) => data.events)}
      />
      <UrlPager format="of" label="Event pages" pageCount={events.data?.totalPages} />
    </section>
  );
}
