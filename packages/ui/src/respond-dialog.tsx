import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import './data-screens.css';
import { Dialog } from './dialog';
import { describeError } from './error-text';

export interface RespondDialogProps {
  open: boolean;
  /** Cancel, ×, Escape, a click outside: clear the state that opened it (and reset the write). */
  onClose: () => void;
  title: ReactNode;
  /** What is being answered, shown above the field. */
  about: ReactNode;
  /** Shown instead of the field once the message has its answer: nothing to send then. */
  answered?: ReactNode;
  /** The field's label ('Your response', 'Message'). */
  label: string;
  /** Below the field, as its description: who receives the answer and how. */
  hint: ReactNode;
  /** Said at the field when Send Response finds it blank. */
  requiredMessage: string;
  maxLength: number;
  /** The write in flight: the buttons wait and the dialog cannot be dismissed. */
  pending: boolean;
  /** The write's last failure, shown above the buttons. */
  error: unknown;
  /** Sends the answer (trimmed); the caller closes the dialog when the write succeeds. */
  onSend: (text: string) => void;
}

/**
 * Answering a visitor's message (an inquiry, a review): what they wrote, one text field and Send
 * Response. A blank answer is refused at the field, which gets focus. The form is mounted only while
 * the dialog is open, so each opening starts empty.
 */
export function RespondDialog({ open, onClose, title, about, answered, label, hint, requiredMessage, maxLength, pending, error, onSend }: RespondDialogProps) {
  const formId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const failure = error ? describeError(error) : null;
  const canSend = answered === undefined || answered === null;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      dismissible={!pending}
      initialFocusRef={canSend ? fieldRef : undefined}
      footer={
        canSend ? (
          <>
            <button type="button" className="ds-button" aria-disabled={pending || undefined} onClick={() => !pending && onClose()}>
              Cancel
            </button>
            <button type="submit" form={formId} className="ds-button ds-button--primary" aria-disabled={pending || undefined} aria-busy={pending || undefined}>
              {pending ? 'Sending…' : 'Send Response'}
            </button>
          </>
        ) : null
      }
    >
      {about}
      {canSend ? (
        <RespondForm formId={formId} fieldRef={fieldRef} label={label} hint={hint} requiredMessage={requiredMessage} maxLength={maxLength} pending={pending} onSend={onSend} />
      ) : (
        answered
      )}
      {failure ? (
        <div role="alert" className="ds-notice ds-notice--error">
          <p>
            <strong>{failure.title}.</strong> {failure.message}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}

interface RespondFormProps extends Pick<RespondDialogProps, 'label' | 'hint' | 'requiredMessage' | 'maxLength' | 'pending' | 'onSend'> {
  formId: string;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}

function RespondForm({ formId, fieldRef, label, hint, requiredMessage, maxLength, pending, onSend }: RespondFormProps) {
  const fieldId = useId();
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const text = message.trim();
    if (text === '') {
      setFieldError(requiredMessage);
      fieldRef.current?.focus();
      return;
    }
    onSend(text);
  }

  return (
    <form id={formId} noValidate onSubmit={submit}>
      <div className="ds-field ds-respond__field">
        <label className="ds-field__label" htmlFor={fieldId}>
          {label}
        </label>
        <textarea
          ref={fieldRef}
          id={fieldId}
          className="ds-input"
          rows={6}
          maxLength={maxLength}
          required
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${fieldId}-hint${fieldError ? ` ${fieldId}-error` : ''}`}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            setFieldError(null);
          }}
        />
        <p id={`${fieldId}-hint`} className="ds-respond__hint">
          {hint}
        </p>
        {fieldError ? (
          <p id={`${fieldId}-error`} role="alert" className="ds-respond__error">
            {fieldError}
          </p>
        ) : null}
      </div>
    </form>
  );
}
