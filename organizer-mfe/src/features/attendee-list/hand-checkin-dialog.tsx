import { useEffect, useId, useRef, useState } from 'react';
import type { Attendee, CheckinResponse } from '@sports/contracts';
import { Dialog, DialogFailure } from '@sports/ui';
import { useCheckInByHand } from './api/use-check-in-by-hand';
import { seatOf } from './attendee-seat';
import { CheckinAnswer } from './checkin-answer';
import { isOverridable } from './checkin-results';

interface HandCheckinDialogProps {
  /** The Absent ticket to check in; null keeps the dialog closed. */
  attendee: Attendee | null;
  eventId: number;
  onClose: () => void;
}

/**
 * Check in by hand: asks first, naming the holder and the seat, then shows the API's answer. A
 * ticket outside the doors' window is refused with the doors' times and offers Admit anyway, which
 * sends the same check-in with the override (a deliberate second step; the log records it).
 */
export function HandCheckinDialog({ attendee, eventId, onClose }: HandCheckinDialogProps) {
  const checkIn = useCheckInByHand(eventId);
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const [answer, setAnswer] = useState<CheckinResponse | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [shownFor, setShownFor] = useState<string | null>(null);
  const ticketId = attendee?.ticketId ?? null;
  // A new ticket starts afresh.
  if (ticketId !== shownFor) {
    setShownFor(ticketId);
    setAnswer(null);
    setFailure(null);
    setBusy(false);
  }

  const overridable = answer !== null && isOverridable(answer);
  const settled = answer !== null && !overridable;
  // The question's buttons give way to the answer: focus follows to Done (or stays on Cancel before Admit anyway).
  useEffect(() => {
    if (settled) doneRef.current?.focus();
    else if (overridable) cancelRef.current?.focus();
  }, [settled, overridable]);

  async function send(override: boolean) {
    if (!attendee || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      setAnswer(await checkIn.mutateAsync({ ticketId: attendee.ticketId, override }));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  let footer;
  if (settled) {
    footer = (
      <button ref={doneRef} type="button" className="ds-button ds-button--primary" onClick={onClose}>
        Done
      </button>
    );
  } else {
    footer = (
      <>
        <button ref={cancelRef} type="button" className="ds-button" aria-disabled={busy || undefined} onClick={() => !busy && onClose()}>
          Cancel
        </button>
        {overridable ? null : (
          <button type="button" className="ds-button ds-button--primary" aria-busy={busy || undefined} aria-disabled={busy || undefined} onClick={() => void send(false)}>
            {busy ? 'Checking in…' : 'Check in'}
          </button>
        )}
      </>
    );
  }

  return (
    <Dialog open={attendee !== null} onClose={onClose} title="Check in by hand?" describedBy={messageId} initialFocusRef={cancelRef} dismissible={!busy} size="small" footer={footer}>
      {attendee ? (
        <p id={messageId} className="ds-dialog__message">
          Check in <strong>{attendee.name}</strong> ({attendee.transactionNo}), {seatOf(attendee)}, without scanning the ticket? The check-in log records it as by hand.
        </p>
      ) : null}
      <div aria-live="polite">
        {answer ? <CheckinAnswer answer={answer} overriding={busy} onOverride={() => void send(true)} /> : null}
        <DialogFailure error={failure} />
      </div>
    </Dialog>
  );
}
