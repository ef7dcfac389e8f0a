import { useState } from 'react';
import { REVIEW_RESPONSE_MAX } from '@sports/contracts';
import type { OrganizerReview } from '@sports/contracts';
import { Dialog, describeError, useToast } from '@sports/ui';
import { useRespondToReview } from './api/use-respond-to-review';

export const RESPONSE_NOTE = 'The customer will receive an email with the response.';

/**
 * SPEC's Inquiry Resolution dialog: "Respond to {name} for {user_content}", a message box and Send
 * Response. It closes on the close button or a click outside, and starts empty each time.
 */
export function RespondDialog({ review, onClose }: { review: OrganizerReview | null; onClose: () => void }) {
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useRespondToReview();

  function close() {
    setMessage('');
    setProblem(null);
    send.reset();
    onClose();
  }

  function onSend() {
    if (!review || send.isPending) return;
    const text = message.trim();
    if (!text) {
      setProblem('Write a response');
      return;
    }
    setProblem(null);
    send.mutate(
      { id: review.id, text },
      {
        onSuccess: ({ mailed }) => {
          close();
          if (mailed) toast.success(`Response sent to ${review.name}.`);
          else toast.error(`Your response to ${review.name} is saved, but the email could not be sent.`);
        },
        onError: (error) => setProblem(describeError(error).message),
      },
    );
  }

  const answered = review?.responded ?? false;
  return (
    <Dialog
      open={review !== null}
      onClose={close}
      title="Inquiry Resolution"
      dismissible={!send.isPending}
      footer={
        answered ? null : (
          <button type="button" className="ds-button ds-button--primary" aria-busy={send.isPending || undefined} aria-disabled={send.isPending || undefined} onClick={onSend}>
            {send.isPending ? 'Sending…' : 'Send Response'}
          </button>
        )
      }
    >
      {review ? (
        <>
          <p className="org-respond__about">
            Respond to {review.name} for {review.review}
          </p>
          <p className="org-field__hint">
            {review.event.name} · {review.rating} of 5 stars · {review.date}
          </p>
          {answered ? (
            <div className="ds-notice">
              <p>
                <strong>Response Sent</strong>
              </p>
              <p>{review.response}</p>
            </div>
          ) : (
            <>
              <label className="ds-field org-field">
                <span className="ds-field__label">Message</span>
                <textarea
                  className="ds-input org-textarea"
                  rows={5}
                  maxLength={REVIEW_RESPONSE_MAX}
                  value={message}
                  aria-invalid={problem ? true : undefined}
                  onChange={(e) => setMessage(e.target.value)}
                />
              </label>
              {problem ? (
                <p className="org-field__error" role="alert">
                  {problem}
                </p>
              ) : null}
              <p className="org-field__hint">{RESPONSE_NOTE}</p>
            </>
          )}
        </>
      ) : null}
    </Dialog>
  );
}
