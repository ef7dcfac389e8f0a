import { useState } from 'react';
import { organizerQueries } from '@sports/api-client/organizer';
import { keepPreviousData, useQuery } from '@sports/query';
import type { CheckinLogResponse } from '@sports/contracts';
import { DataTable, Dialog, EmptyState, Pager, StatusBadge, queryTableState } from '@sports/ui';
import type { BadgeTone, DataColumn } from '@sports/ui';
import { formatManilaDateTime } from '../../shared/format';
import { CHECKIN_TONE, LOG_RESULT_LABEL } from './checkin-results';
import type { CheckinTone } from './checkin-results';

type LogEntry = CheckinLogResponse['entries'][number];

const BADGE_TONE: Readonly<Record<CheckinTone, BadgeTone>> = { ok: 'success', warn: 'warning', bad: 'danger' };

function toneOf(entry: LogEntry): BadgeTone {
  if (entry.result === 'undone') return 'neutral';
  if (entry.result === 'conflict') return 'warning';
  return BADGE_TONE[CHECKIN_TONE[entry.result]];
}

/** How the entry came about: a scan, by hand from the list, at an offline gate (named), an undo. */
const ACTION_LABEL: Readonly<Record<LogEntry['action'], string>> = { scan: 'Scan', hand: 'By hand', gate: 'Gate', undo: 'Undo', conflict: 'Gate' };

const how = (entry: LogEntry): string => (entry.gate && (entry.action === 'gate' || entry.action === 'conflict') ? `Gate: ${entry.gate}` : ACTION_LABEL[entry.action]);

function Answer({ entry }: { entry: LogEntry }) {
  const note = entry.result === 'undone' ? entry.reason : entry.detail;
  return (
    <>
      <StatusBadge tone={toneOf(entry)}>{LOG_RESULT_LABEL[entry.result]}</StatusBadge>
      {entry.overridden ? (
        <>
          {' '}
          <StatusBadge tone="warning">override</StatusBadge>
        </>
      ) : null}
      {note ? <span className="org-log__reason">{note}</span> : null}
    </>
  );
}

const COLUMNS: ReadonlyArray<DataColumn<LogEntry>> = [
  { id: 'at', header: 'When', cell: (e) => formatManilaDateTime(e.at), className: 'ds-cell--nowrap', rowHeader: true },
  { id: 'by', header: 'By', cell: (e) => e.by },
  { id: 'how', header: 'How', cell: how, className: 'ds-cell--nowrap' },
  { id: 'tx', header: 'Transaction No.', cell: (e) => e.transactionNo ?? '—', className: 'ds-cell--number' },
  { id: 'attendee', header: 'Attendee', cell: (e) => e.attendee ?? '—' },
  { id: 'seats', header: 'Seats', cell: (e) => (e.seatNames.length > 0 ? e.seatNames.join(', ') : '—') },
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
        minWidth="52rem"
        emptyMessage={<EmptyState title="Nothing scanned yet">Every scan at the gate, accepted or refused, every check-in by hand or at a gate, and every undo appears here.</EmptyState>}
        {...queryTableState(log, (data) => data.entries)}
      />
      <Pager format="of" label="Check-in log pages" page={page} pageCount={log.data?.totalPages} onPageChange={setPage} />
    </>
  );
}

/**
 * The check-in log of one event, newest first: who checked which ticket in, when, how (scan, by
 * hand, at which gate) and the answer, marked override when admitted outside the doors' window;
 * undos with their reason, and conflicts between offline gates with their detail.
 */
export function CheckinLogDialog({ open, onClose, event }: { open: boolean; onClose: () => void; event: { id: number; name: string } }) {
  return (
    <Dialog open={open} onClose={onClose} title="Check-in log" size="large" className="org-log">
      <p className="org-scan__for">
        Scans, check-ins by hand or at a gate, and undos for <strong>{event.name}</strong>, newest first.
      </p>
      <CheckinLogTable event={event} />
    </Dialog>
  );
}
