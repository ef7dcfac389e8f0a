import { TICKET_CATEGORY_LABELS } from '@sports/contracts';
import type { Attendee } from '@sports/contracts';
import { StatusBadge } from '@sports/ui';
import type { DataColumn } from '@sports/ui';
import { seatName } from './attendee-seat';
import { checkinMethodLabel } from './checkin-results';

export interface AttendeeActions {
  onCheckIn: (attendee: Attendee) => void;
  onUndo: (attendee: Attendee) => void;
}

function RowAction({ attendee: a, onCheckIn, onUndo }: AttendeeActions & { attendee: Attendee }) {
  if (a.status === 'Present') {
    return (
      <button type="button" className="ds-button org-button--small" aria-label={`Undo check-in of ${a.name}, seat ${seatName(a)}`} onClick={() => onUndo(a)}>
        Undo
      </button>
    );
  }
  return (
    <button type="button" className="ds-button ds-button--primary org-button--small" aria-label={`Check in ${a.name}, seat ${seatName(a)}`} onClick={() => onCheckIn(a)}>
      Check in
    </button>
  );
}

/** The Attendee List's columns: one row per ticket (seat), SPEC's name, email, transaction number, status and time present, then the seat, its code and how it came in. */
export function attendeeColumns(actions: AttendeeActions): ReadonlyArray<DataColumn<Attendee>> {
  return [
    { id: 'name', header: 'Name', cell: (a) => a.name, rowHeader: true },
    { id: 'email', header: 'Email', cell: (a) => a.email },
    { id: 'tx', header: 'Transaction No.', cell: (a) => a.transactionNo, className: 'ds-cell--number' },
    {
      id: 'seat',
      header: 'Seat',
      cell: (a) => (
        <>
          <span className="org-attendee__seat">{seatName(a)}</span>
          <span className="org-attendee__section">{a.section}</span>
        </>
      ),
      className: 'ds-cell--nowrap',
    },
    { id: 'category', header: 'Category', cell: (a) => TICKET_CATEGORY_LABELS[a.category], className: 'ds-cell--nowrap' },
    { id: 'code', header: 'Code', cell: (a) => <span className="org-attendee__code">{a.code}</span>, className: 'ds-cell--nowrap' },
    { id: 'status', header: 'Status', cell: (a) => <StatusBadge tone={a.status === 'Present' ? 'success' : 'danger'}>{a.status}</StatusBadge> },
    { id: 'time', header: 'Time Present', cell: (a) => a.timePresent ?? '—', className: 'ds-cell--nowrap' },
    { id: 'method', header: 'Checked In By', cell: (a) => (a.status === 'Present' ? checkinMethodLabel(a.checkinMethod, a.gate) : '—'), className: 'ds-cell--nowrap' },
    { id: 'actions', header: <span className="ds-visually-hidden">Actions</span>, align: 'end', cell: (a) => <RowAction attendee={a} {...actions} />, className: 'ds-cell--nowrap' },
  ];
}
