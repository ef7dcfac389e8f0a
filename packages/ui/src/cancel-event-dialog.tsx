import { useId, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { formatPrice } from './format-price';

/** What cancelling affects, as the API counts it. */
export interface CancellationImpact {
  orders: number;
  tickets: number;
  amount: number;
}

export interface CancelEventDialogProps {
  /** The event to cancel; null: closed. */
  event: { name: string } | null;
  /** null while it loads. */
  impact: CancellationImpact | null;
  /** Why the impact could not be read (the event can no longer be cancelled, or the network). */
  impactError?: string | null;
  /** Cancels with the reason; a rejection is shown inside (a 400 also marks the field). */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
  /** Longest reason the API takes. */
  maxLength: number;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** What the confirmation says before an event is cancelled: the tickets, orders and money it refunds. */
export function impactText(impact: CancellationImpact): string {
  if (impact.orders === 0) return 'No tickets have been sold: nobody needs a refund.';
  const money = impact.amount > 0 ? ` and refunds ${formatPrice({ price: impact.amount })} to their buyers` : '';
  return `This cancels ${plural(impact.tickets, 'ticket', 'tickets')} in ${plural(impact.orders, 'paid order', 'paid orders')}${money}. Every buyer is mailed with your reason.`;
}

/** Cancel an event, with a reason, after saying what it affects. It cannot be undone. */
export function CancelEventDialog({ event, impact, impactError = null, onConfirm, onClose, maxLength }: CancelEventDialogProps) {
  const reasonId = useId();
  const hintId = useId();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [wasFor, setWasFor] = useState(event);
  if (event !== wasFor) {
    setWasFor(event);
    setReason('');
    setInvalid(false);
  }

  async function confirm() {
    if (impactError) throw new Error(impactError);
    if (!reason.trim()) {
      setInvalid(true);
      throw new Error('A reason is required to cancel an event');
    }
    await onConfirm(reason);
  }

  let message: string;
  if (impactError) message = impactError;
  else if (impact) message = `${impactText(impact)} Visitors see the event as cancelled and it cannot be booked. This cannot be undone.`;
  else message = 'Counting the tickets sold…';

  return (
    <ConfirmDialog
      open={event !== null}
      title={event ? `Cancel ${event.name}?` : 'Cancel this event?'}
      message={
        <p aria-live="polite" aria-busy={!impact && !impactError}>
          {message}
        </p>
      }
      confirmLabel="Cancel event and refund"
      cancelLabel="Keep the event"
      busyLabel="Cancelling…"
      tone="danger"
      onConfirm={confirm}
      onClose={onClose}
    >
      <div className="ds-field">
        <label className="ds-field__label" htmlFor={reasonId}>
          Reason for cancelling
        </label>
        <textarea
          id={reasonId}
          className="ds-input"
          rows={3}
          required
          maxLength={maxLength}
          aria-invalid={invalid || undefined}
          aria-describedby={hintId}
          value={reason}
          onChange={(change) => {
            setReason(change.target.value);
            setInvalid(false);
          }}
        />
        <p id={hintId} className="ds-field__hint">
          Required. Every ticket holder receives it by mail.
        </p>
      </div>
    </ConfirmDialog>
  );
}
