import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import { describeError } from './error-text';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in a sentence ("Restrict Ana Cruz? She can no longer log in."). */
  message: ReactNode;
  /** Default 'Confirm'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** Shown on the confirm button while onConfirm runs. Default 'Working…'. */
  busyLabel?: string;
  /** 'danger' for what cannot be undone or hurts someone (reject, restrict, delete): a red confirm button. */
  tone?: 'default' | 'danger';
  /**
   * The action. While its promise runs the dialog is busy (it cannot be dismissed); when it resolves
   * the dialog calls onClose; when it rejects the error is shown inside and the dialog stays open.
   */
  onConfirm: () => unknown;
  /** Cancel, Escape, ×, a click outside, or after a successful confirm: clear the state that opened it. */
  onClose: () => void;
  /** Extra content between the message and the buttons (a reason field). */
  children?: ReactNode;
}

/** "Are you sure?" on the kit's Dialog, with a busy state and the failure said inside. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busyLabel = 'Working…',
  tone = 'default',
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setBusy(false);
      setError(null);
    }
  }

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      if (mounted.current) setBusy(false);
      onClose();
    } catch (failure) {
      if (!mounted.current) return;
      setBusy(false);
      setError(failure);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      describedBy={messageId}
      initialFocusRef={cancelRef}
      dismissible={!busy}
      size="small"
      footer={
        <>
          <button ref={cancelRef} type="button" className="ds-button" aria-disabled={busy || undefined} onClick={() => !busy && onClose()}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`ds-button ${tone === 'danger' ? 'ds-button--danger' : 'ds-button--primary'}`}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
            onClick={() => void confirm()}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <div id={messageId} className="ds-dialog__message">
        {message}
      </div>
      {children}
      <DialogFailure error={error} />
    </Dialog>
  );
}

/** A dialog's failed action, said inside it (nothing while `error` is null). */
export function DialogFailure({ error }: { error: unknown }) {
  if (error === null) return null;
  const failed = describeError(error);
  return (
    <div role="alert" className="ds-notice ds-notice--error ds-dialog__error">
      <p>
        <strong>{failed.title}.</strong> {failed.message}
      </p>
    </div>
  );
}
