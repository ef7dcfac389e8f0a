import { useEffect, useState } from 'react';
import { attendeesCsvUrl, organizerQueries } from '@sports/api-client/organizer';
import { keepPreviousData, useQuery } from '@sports/query';
import { Link } from '@sports/router';
import { ATTENDEE_STATUSES } from '@sports/contracts';
import type { Attendee, AttendeeStatus } from '@sports/contracts';
import { DataTable, DataToolbar, EmptyState, ErrorState, EventSelect, FilterSelect, LoadingState, SearchBox, UrlPager, eventIds, queryTableState, useFilterParam, usePageParam, useSearchParam } from '@sports/ui';
import { ORGANIZER_PATHS } from '../../paths';
import { useEventOptions } from '../../shared/event-options';
import { plural } from '../../shared/format';
import { attendeeColumns } from './attendee-columns';
import { CheckinDialog } from './checkin-dialog';
import { CheckinLogDialog } from './checkin-log-dialog';
import { HandCheckinDialog } from './hand-checkin-dialog';
import { UndoCheckinDialog } from './undo-checkin-dialog';

/**
 * Attendee List (/organizer/attendee-list): one row per ticket (seat) of one event with its holder,
 * searched, filtered and paged on the server; scan, check in by hand, undo, the check-in log, CSV, and
 * the way to the offline gate for the event.
 */
export default function AttendeeListPage() {
  const options = useEventOptions();
  const events = options.data?.events;
  const [selected, setSelected] = useFilterParam('event', { allowed: eventIds(events) });
  // Today's event is shown first, and named in the address like any other: a copied link or a reload shows the same list.
  const current = events ? options.data?.current : undefined;
  useEffect(() => {
    if (selected === '' && current) setSelected(String(current), { replace: true });
  }, [selected, current, setSelected]);
  const [status, setStatus] = useFilterParam('status', { allowed: ATTENDEE_STATUSES });
  const [search] = useSearchParam('q');
  const [page] = usePageParam();
  const [scanning, setScanning] = useState(false);
  const [readingLog, setReadingLog] = useState(false);
  const [checkingIn, setCheckingIn] = useState<Attendee | null>(null);
  const [undoing, setUndoing] = useState<Attendee | null>(null);
  const eventId = selected ? Number(selected) : null;
  const filters = { page, search, status: (status || null) as AttendeeStatus | null };
  const attendees = useQuery({ ...organizerQueries.attendees(eventId ?? 0, filters), enabled: eventId !== null, placeholderData: keepPreviousData });
  const event = events?.find((e) => e.id === eventId);

  let body;
  if (options.isError) body = <ErrorState error={options.error} onRetry={() => void options.refetch()} />;
  else if (!events) body = <LoadingState />;
  else if (!event) body = <EmptyState title="No events yet">Attendees appear here once you have an event with paid tickets.</EmptyState>;
  else {
    const counts = attendees.data?.counts;
    body = (
      <>
        <div className="org-attendees__bar">
          <p className="org-attendees__counts" aria-live="polite">
            {counts ? `${plural(counts.all, 'ticket')}: ${counts.present.toLocaleString('en-PH')} present, ${counts.absent.toLocaleString('en-PH')} absent` : '\u00a0'}
          </p>
          <div className="org-actions org-actions--tight">
            <button type="button" className="ds-button ds-button--primary" onClick={() => setScanning(true)}>
              Scan
            </button>
            <button type="button" className="ds-button" onClick={() => setReadingLog(true)}>
              Check-in log
            </button>
            <a className="ds-button" href={attendeesCsvUrl(event.id, { search, status: filters.status })} download>
              Export CSV
            </a>
            <Link className="ds-button" to={`${ORGANIZER_PATHS.gate}?event=${event.id}`}>
              Offline gate
            </Link>
          </div>
        </div>
        <DataTable
          caption={`Attendees of ${event.name}`}
          captionHidden
          columns={attendeeColumns({ onCheckIn: setCheckingIn, onUndo: setUndoing })}
          rowKey="ticketId"
          minWidth="72rem"
          emptyMessage={search || status ? 'No attendees match this search.' : 'No paid tickets for this event yet.'}
          {...queryTableState(attendees, (data) => data.attendees)}
        />
        <UrlPager format="of" label="Attendee pages" pageCount={attendees.data?.totalPages} />
        <CheckinDialog open={scanning} onClose={() => setScanning(false)} event={event} />
        <CheckinLogDialog open={readingLog} onClose={() => setReadingLog(false)} event={event} />
        <HandCheckinDialog attendee={checkingIn} eventId={event.id} onClose={() => setCheckingIn(null)} />
        <UndoCheckinDialog attendee={undoing} onClose={() => setUndoing(null)} />
      </>
    );
  }

  return (
    <section className="ds-page" aria-labelledby="attendee-list-heading">
      <h1 id="attendee-list-heading">Attendee List</h1>
      <p className="ds-page__subtitle">Every paid ticket, one row per seat, with its holder and whether they have come in.</p>
      <DataToolbar label="Filter attendees">
        <EventSelect events={events ?? []} loading={options.isPending} value={selected} onChange={setSelected} />
        <SearchBox label="Search attendees" placeholder="Name, email, transaction no., code or seat" />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={ATTENDEE_STATUSES.map((s) => ({ value: s, label: s }))} allLabel="Present and absent" />
      </DataToolbar>
      {body}
    </section>
  );
}
