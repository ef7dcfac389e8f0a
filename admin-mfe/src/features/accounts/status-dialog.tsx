import { useId, useState } from 'react';
import { ACCOUNT_STATUSES } from '@sports/contracts';
import type { AccountStatus, AdminAccount } from '@sports/contracts';
import { ConfirmDialog, useToast } from '@sports/ui';
import { STATUS_EFFECT } from './account-status';
import { useSetAccountStatus } from './api/use-set-account-status';

/** The longest reason the API keeps (accountStatusRequestSchema). */
const REASON_MAX = 500;

interface StatusDialogProps {
  /** The account whose status is being changed; null when the dialog is closed. */
  account: AdminAccount | null;
  onClose: () => void;
}

/**
 * Set an account Active, Inactive or Restricted, after a confirmation with an optional reason. The API's
 * refusals (the admin's own account, the last active admin) are shown inside the dialog.
 */
export function StatusDialog({ account, onClose }: StatusDialogProps) {
  const setStatus = useSetAccountStatus();
  const toast = useToast();
  const groupId = useId();
  const reasonId = useId();
  const [next, setNext] = useState<AccountStatus>(() => ACCOUNT_STATUSES.find((s) => s !== account?.status) ?? 'Active');
  const [reason, setReason] = useState('');

  async function confirm() {
    if (!account) return;
    const result = await setStatus.mutateAsync({ accountId: account.id, status: next, reason });
    toast.success(result.changed ? `${result.account.name} is now ${result.account.status}.` : `${result.account.name} was already ${result.account.status}.`);
  }

  return (
    <ConfirmDialog
      open={account !== null}
      title={account ? `Change the status of ${account.name}` : 'Change status'}
      message={
        account ? (
          <>
            <p>
              {account.name} ({account.email}) is {account.status} now.
            </p>
            <p>{STATUS_EFFECT[next]}</p>
          </>
        ) : null
      }
      confirmLabel={`Set ${next}`}
      busyLabel="Saving…"
      tone={next === 'Active' ? 'default' : 'danger'}
      onConfirm={confirm}
      onClose={onClose}
    >
      <fieldset className="adm-choice">
        <legend id={groupId}>New status</legend>
        {ACCOUNT_STATUSES.map((status) => (
          <label key={status} className="adm-choice__option">
            <input type="radio" name={groupId} value={status} checked={next === status} onChange={() => setNext(status)} />
            {status}
            {status === account?.status ? <span className="adm-subtle adm-subtle--inline">(current)</span> : null}
          </label>
        ))}
      </fieldset>
      <div className="ds-field adm-field--wide">
        <label className="ds-field__label" htmlFor={reasonId}>
          Reason (optional)
        </label>
        <textarea id={reasonId} className="ds-input" rows={3} maxLength={REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
    </ConfirmDialog>
  );
}
