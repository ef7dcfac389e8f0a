import { useState } from 'react';
import { ApiError } from '@sports/api-client';
import type { REJECTION_REASON_MAX as CONTRACT_REASON_MAX, AdminEventRequest } from '@sports/contracts';
import { ConfirmDialog, ReasonField, useToast } from '@sports/ui';
import { useApproveEvent } from './api/use-approve-event';
import { useRejectEvent } from './api/use-reject-event';

/** The longest rejection reason; the annotation makes tsc fail if the contract's value changes. */
const REASON_MAX: typeof CONTRACT_REASON_MAX = 500;

interface DecisionDialogProps {
  event: AdminEventRequest | null;
  onClose: () => void;
}

/** Approve a Pending request: visitors see the event under its genre at once. */
export function ApproveDialog({ event, onClose }: DecisionDialogProps) {
  const toast = useToast();
  const approveEvent = useApproveEvent();

  async function approve() {
    if (!event) return;
    const result = await approveEvent.mutateAsync(event.id);
    toast.success(result.changed ? `${result.event.name} is approved: visitors now see it under ${result.event.type}.` : `${result.event.name} was already approved.`);
  }

  return (
    <ConfirmDialog
      open={event !== null}
      title="Approve this event?"
      message={event ? <p>{`${event.name} will be listed for visitors under ${event.type} at once, and tickets go on sale.`}</p> : null}
      confirmLabel="Approve"
      busyLabel="Approving…"
      onConfirm={approve}
      onClose={onClose}
    />
  );
}

/** Reject a Pending request with a reason, which the organizer sees on their Event List (the API requires it). */
export function RejectDialog({ event, onClose }: DecisionDialogProps) {
  const toast = useToast();
  const rejectEvent = useRejectEvent();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);

  async function reject() {
    if (!event) return;
    try {
      const result = await rejectEvent.mutateAsync({ eventId: event.id, reason });
      toast.success(result.changed ? `${result.event.name} is rejected. The organizer sees your reason.` : `${result.event.name} was already rejected.`);
    } catch (error) {
      // The API checks the reason (one rule, one message): a 400 marks the field too.
      setInvalid(error instanceof ApiError && error.status === 400);
      throw error;
    }
  }

  const organizer = event?.organizerName ?? event?.organizer?.name ?? 'The organizer';

  return (
    <ConfirmDialog
      open={event !== null}
      title="Reject this event request?"
      message={event ? <p>{`${event.name} will not be listed for visitors.`}</p> : null}
      confirmLabel="Reject"
      busyLabel="Rejecting…"
      tone="danger"
      onConfirm={reject}
      onClose={onClose}
    >
      <ReasonField
        label="Reason for rejecting"
        hint={`Required. ${organizer} sees this reason on their Event List.`}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setInvalid(false);
        }}
        invalid={invalid}
        maxLength={REASON_MAX}
        rows={4}
      />
    </ConfirmDialog>
  );
}
