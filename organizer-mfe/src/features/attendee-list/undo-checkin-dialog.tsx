import { useState } from 'react';
import { ApiError } from '@sports/api-client';
import type { Attendee } from '@sports/contracts';
import { ConfirmDialog, useToast } from '@sports/ui';
import { useUndoCheckin } from './api/use-undo-checkin';
import { seatName, seatOf } from './attendee-seat';

const REASON_MAX = 500;

/** Undo a mistaken check-in of one ticket: it is Absent again; the reason goes to the check-in log. */
export function UndoCheckinDialog({ attendee, onClose }: { attendee: Attendee | null; onClose: () => void }) {
  const undo = useUndoCheckin();
  const toast = useToast();
  const [reason, setReason] = useState('');

  function close() {
    setReason('');
    onClose();
  }

  async function confirm() {
    if (!attendee) return;
    // Said inside the dialog like any refusal; the API checks again.
    if (!reason.trim()) throw new ApiError(400, 'Give a reason for undoing the check-in');
    await undo.mutateAsync({ ticketId: attendee.ticketId, reason: reason.trim() });
    toast.success(`${attendee.name}, seat ${seatName(attendee)}, is Absent again.`);
  }

  return (
    <ConfirmDialog
      open={attendee !== null}
      title="Undo check-in?"
      message={attendee ? `${attendee.name} (${attendee.transactionNo}), ${seatOf(attendee)}, will be Absent again. The undo and its reason are kept in the check-in log.` : ''}
      confirmLabel="Undo check-in"
      busyLabel="Undoing…"
      tone="danger"
      onConfirm={confirm}
      onClose={close}
    >
      <label className="ds-field org-field">
        <span className="ds-field__label">Reason (required)</span>
        <textarea className="ds-input org-textarea" rows={3} maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
    </ConfirmDialog>
  );
}
