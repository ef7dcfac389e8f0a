import { useState } from 'react';
import { ApiError } from '@sports/api-client';
import { cancelEvent, cancellationQuery } from '@sports/api-client/cancellation';
import type { CancellingArea } from '@sports/api-client/cancellation';
import type { CANCEL_REASON_MAX as CONTRACT_REASON_MAX } from '@sports/contracts';
import { invalidateAll, useQuery, useQueryClient } from '@sports/query';
import type { QueryKey } from '@sports/query';
import { ConfirmDialog } from './confirm-dialog';
import { describeError } from './error-text';
import { formatPrice } from './format-price';
import { ReasonField } from './reason-field';
import { useToast } from './toast';

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
  /** Cancels with the reason (the API checks it); a rejection is shown inside, a 400 also marks the field. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
  /** Longest reason the API takes. */
  maxLength: number;
}

/** The longest reason; the annotation makes tsc fail if the contract's value changes. */
const CANCEL_REASON_MAX: typeof CONTRACT_REASON_MAX = 500;

const DAY_MS = 86_400_000;
const MANILA_OFFSET_MS = 8 * 3_600_000;

/**
 * Whether an event may still be cancelled (the API's rule): approved, not cancelled, not over. It is
 * over at its end, or without one at the end of its start day in Manila.
 */
export function isCancellable(e: { status: string; cancelledAt: string | null; startsAt: string; endsAt: string | null }, now: number = Date.now()): boolean {
  if (e.status !== 'Approved' || e.cancelledAt !== null) return false;
  const start = Date.parse(e.startsAt);
  const overAt = e.endsAt !== null ? Date.parse(e.endsAt) : Math.floor((start + MANILA_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - MANILA_OFFSET_MS;
  return overAt > now;
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
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [wasFor, setWasFor] = useState(event);
  if (event !== wasFor) {
    setWasFor(event);
    setReason('');
    setInvalid(false);
  }

  async function confirm() {
    try {
      await onConfirm(reason);
    } catch (error) {
      // The API checks the reason (one rule, one message): a 400 marks the field too.
      setInvalid(error instanceof ApiError && error.status === 400);
      throw error;
    }
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
      <ReasonField
        label="Reason for cancelling"
        hint="Required. Every ticket holder receives it by mail."
        value={reason}
        onChange={(value) => {
          setReason(value);
          setInvalid(false);
        }}
        invalid={invalid}
        maxLength={maxLength}
      />
    </ConfirmDialog>
  );
}

export interface CancelEventButtonProps {
  /** Whose route cancels: an organizer's own event, or an admin's. */
  area: CancellingArea;
  event: { id: number; name: string };
  /** The reads to refresh once it is cancelled (the area's event lists). */
  refresh: readonly QueryKey[];
}

/** Cancel event: the button, the count of what it affects (read when opened) and the dialog. */
export function CancelEventButton({ area, event, refresh }: CancelEventButtonProps) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const queryClient = useQueryClient();
  const preview = useQuery({ ...cancellationQuery(area, event.id), enabled: open });

  async function cancel(reason: string) {
    const done = await cancelEvent(area, event.id, reason);
    const refunds = done.orders === 0 ? '' : ` ${done.orders === 1 ? 'Its buyer is' : `Its ${done.orders} buyers are`} being refunded and mailed.`;
    toast.success(`${event.name} is cancelled.${refunds}`);
    // Not the preview: read again while the dialog closes, it would only answer "already cancelled".
    await invalidateAll(queryClient, refresh);
  }

  return (
    <>
      <button type="button" className="ds-button ds-button--danger" aria-label={`Cancel event ${event.name}`} onClick={() => setOpen(true)}>
        Cancel event
      </button>
      <CancelEventDialog
        event={open ? event : null}
        impact={preview.data ?? null}
        impactError={preview.isError ? describeError(preview.error).message : null}
        onConfirm={cancel}
        onClose={() => setOpen(false)}
        maxLength={CANCEL_REASON_MAX}
      />
    </>
  );
}
