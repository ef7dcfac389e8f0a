import { useState } from 'react';
import { organizerQueries } from '@sports/api-client/organizer';
import { keepPreviousData, useQuery } from '@sports/query';
import { CHECKIN_HEADLINES } from '@sports/contracts';
import type { CheckinLogResponse } from '@sports/contracts';
import { DataTable, Dialog, EmptyState, Pager, StatusBadge, queryTableState } from '@sports/ui';
import type { BadgeTone, DataColumn } from '@sports/ui';
import { formatManilaDateTime } from '../../shared/format';
import { CHECKIN_TONE } from './checkin-results';
import type { CheckinTone } from './checkin-results';

type LogEntry = CheckinLogResponse['entries'][number];

const BADGE_TONE: Readonly<Record<CheckinTone, BadgeTone>> = { ok: 'success', warn: 'warning', bad: 'danger' };

function Answer({ entry }: { entry: LogEntry }) {
  if (entry.result === 'undone') {
    return (
      <>
        <StatusBadge tone="neutral">Undone</StatusBadge>
        {entry.reason ? <span className="org-log__reason">{entry.reason}</span> : null}
      </>
    );
  }
  return <StatusBadge tone={BADGE_TONE[CHECKIN_TONE[entry.result]]}>{CHECKIN_HEADLINES[entry.result]}</StatusBadge>;
}

const COLUMNS: ReadonlyArray<DataColumn<LogEntry>> = [
  { id: 'at', header: 'When', cell: (e) => formatManilaDateTime(e.at), className: 'ds-cell--nowrap', rowHeader: true },
  { id: 'by', header: 'By', cell: (e) => e.by },
  { id: 'tx', header: 'Transaction No.', cell: (e) => e.transactionNo ?? '—', className: 'ds-cell--number' },
  { id: 'attendee', header: 'Attendee', cell: (e) => e.attendee ?? '—' },
  { id: 'answer', header: 'Answer', cell: (e) => <Answer entry={e} /> },
];

/** One page of the log at a time; mounted only while the dialog is open, so it opens on page 1. */
function CheckinLogTable({ event }: { event: { id: number; name: string } }) {
  const [page, setPage] = useState(1);
  // Refused scans change the log without touching the attendees: read it afresh on every opening.
  const log = useQuery({ ...organizerQueries.checkinLog(event.id, page), refetchOnMount: 'always', placeholderData: keepPreviousData });
  return (
    <>
      <DataTable
        caption={`Check-in log of ${event.name}`}
        captionHidden
        columns={COLUMNS}
        rowKey="id"
        minWidth="40rem"
        emptyMessage={<EmptyState title="Nothing scanned yet">Every scan at the gate, accepted or refused, and every undo appears here.</EmptyState>}
        {...queryTableState(log, (data) => data.entries)}
      />
      <Pager format="of" label="Check-in log pages" page={page} pageCount={log.data?.totalPages} onPageChange={setPage} />
    </>
  );
}

/** The check-in log of one event, newest first: who scanned which ticket when and the answer, and undos with their reason. */
export function CheckinLogDialog({ open, onClose, event }: { open: boolean; onClose: () => void; event: { id: number; name: string } }) {
  return (
    <Dialog open={open} onClose={onClose} title="Check-in log" size="large" className="org-log">
      <p className="org-scan__for">
        Scans and undos for <strong>{event.name}</strong>, newest first.
      </p>
      <CheckinLogTable event={event} />
    </Dialog>
  );
}
