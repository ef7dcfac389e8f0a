import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminInquiry, INQUIRY_RESPONSE_MAX as CONTRACT_RESPONSE_MAX } from '@sports/contracts';
import { Dialog, describeError, useToast } from '@sports/ui';
import { useRespondToInquiry } from './api/use-respond-to-inquiry';

/** The longest answer the API takes; the annotation makes tsc fail if the contract's value changes. */
const RESPONSE_MAX: typeof CONTRACT_RESPONSE_MAX = 5000;
/** The contract's message for a blank answer (respondInquiryRequestSchema). */
const REQUIRED = 'A response message is required';

interface RespondDialogProps {
  inquiry: Pick<AdminInquiry, 'id' | 'name' | 'email' | 'message' | 'date'> | null;
  onClose: () => void;
}

/** Respond: the answer is mailed to the sender and the inquiry leaves the pending list. */
export function RespondDialog({ inquiry, onClose }: RespondDialogProps) {
  const toast = useToast();
  const formId = useId();
  const fieldId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const respond = useRespondToInquiry();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!inquiry || respond.isPending) return;
    if (message.trim() === '') {
      setFieldError(REQUIRED);
      textRef.current?.focus();
      return;
    }
    respond.mutate(
      { id: inquiry.id, text: message },
      {
        onSuccess: (answered) => {
          toast.success(`Response sent to ${answered.name} (${answered.email}).`);
          onClose();
        },
      },
    );
  }

  const failure = respond.error ? describeError(respond.error) : null;
  const busy = respond.isPending;

  return (
    <Dialog
      open={inquiry !== null}
      onClose={onClose}
      title={inquiry ? `Respond to ${inquiry.name}` : 'Respond'}
      dismissible={!busy}
      initialFocusRef={textRef}
      footer={
        <>
          <button type="button" className="ds-button" aria-disabled={busy || undefined} onClick={() => !busy && onClose()}>
            Cancel
          </button>
          <button type="submit" form={formId} className="ds-button ds-button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            {busy ? 'Sending…' : 'Send Response'}
          </button>
        </>
      }
    >
      {inquiry ? (
        <form id={formId} noValidate onSubmit={submit}>
          <p className="adm-inquiry-from">
            From {inquiry.name} ({inquiry.email}), received {inquiry.date}:
          </p>
          <blockquote className="adm-quote">{inquiry.message}</blockquote>
          <div className="ds-field adm-field--wide">
            <label className="ds-field__label" htmlFor={fieldId}>
              Your response
            </label>
            <textarea
              ref={textRef}
              id={fieldId}
              className="ds-input"
              rows={6}
              maxLength={RESPONSE_MAX}
              required
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${fieldId}-hint${fieldError ? ` ${fieldId}-error` : ''}`}
              value={message}
              onChange={(event) => {
                setMessage(event.target.value);
                setFieldError(null);
              }}
            />
            <p id={`${fieldId}-hint`} className="adm-hint">
              {inquiry.name} receives this answer by email at {inquiry.email}.
            </p>
            {fieldError ? (
              <p id={`${fieldId}-error`} className="adm-field-error">
                {fieldError}
              </p>
            ) : null}
          </div>
          {failure ? (
            <div role="alert" className="ds-notice ds-notice--error">
              <p>
                <strong>{failure.title}.</strong> {failure.message}
              </p>
            </div>
          ) : null}
        </form>
      ) : null}
    </Dialog>
  );
}
