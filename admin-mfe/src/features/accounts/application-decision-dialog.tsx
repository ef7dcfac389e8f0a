import { useId, useState } from 'react';
import type { AdminOrganizerApplication, DECLINE_REASON_MAX as REASON_MAX } from '@sports/contracts';
import { ConfirmDialog, useToast } from '@sports/ui';
import { useDecideOrganizerApplication } from './api/use-decide-organizer-application';

/** declineOrganizerApplicationSchema's longest reason. */
const DECLINE_REASON_MAX: typeof REASON_MAX = 500;

export interface PendingDecision {
  application: AdminOrganizerApplication;
  decision: 'approve' | 'decline';
}

interface ApplicationDecisionDialogProps {
  /** What the admin chose on a row; null when the dialog is closed. */
  pending: PendingDecision | null;
  onClose: () => void;
}

/** Confirms an approval (the account becomes an Organizer) or a decline with an optional reason; the API's refusal is shown inside. */
export function ApplicationDecisionDialog({ pending, onClose }: ApplicationDecisionDialogProps) {
  const decide = useDecideOrganizerApplication();
  const toast = useToast();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const application = pending?.application;
  const approving = pending?.decision === 'approve';

  async function confirm() {
    if (!pending) return;
    const { application: a } = pending;
    if (pending.decision === 'approve') {
      await decide.mutateAsync({ applicationId: a.id, decision: 'approve' });
      toast.success(`${a.applicant.email} is now an organizer for ${a.organization}.`);
    } else {
      await decide.mutateAsync({ applicationId: a.id, decision: 'decline', reason });
      toast.success(`The application of ${a.organization} was declined.`);
    }
  }

  return (
    <ConfirmDialog
      open={pending !== null}
      title={application ? `${approving ? 'Approve' : 'Decline'} the application of ${application.organization}` : 'Organizer application'}
      message={
        application ? (
          approving ? (
            <p>
              {application.contactPerson} ({application.applicant.email}) becomes an organizer: their account can create events at once. They are told by email.
            </p>
          ) : (
            <p>
              {application.contactPerson} ({application.applicant.email}) stays a visitor and is told by email, with your reason if you give one. They may apply again.
            </p>
          )
        ) : null
      }
      confirmLabel={approving ? 'Approve' : 'Decline'}
      busyLabel="Saving…"
      tone={approving ? 'default' : 'danger'}
      onConfirm={confirm}
      onClose={onClose}
    >
      {approving ? null : (
        <div className="ds-field adm-field--wide">
          <label className="ds-field__label" htmlFor={reasonId}>
            Reason (optional)
          </label>
          <textarea id={reasonId} className="ds-input" rows={3} maxLength={DECLINE_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
      )}
    </ConfirmDialog>
  );
}
