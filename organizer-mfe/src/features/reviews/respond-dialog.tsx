import { REVIEW_RESPONSE_MAX } from '@sports/contracts';
import type { OrganizerReview } from '@sports/contracts';
import { RespondDialog, useToast } from '@sports/ui';
import { useRespondToReview } from './api/use-respond-to-review';

export const RESPONSE_NOTE = 'The customer will receive an email with the response.';

/**
 * SPEC's Inquiry Resolution dialog: "Respond to {name} for {user_content}", a message box and Send
 * Response. It closes on the close button or a click outside, and starts empty each time.
 */
export function ReviewRespondDialog({ review, onClose }: { review: OrganizerReview | null; onClose: () => void }) {
  const toast = useToast();
  const send = useRespondToReview();

  function close() {
    send.reset();
    onClose();
  }

  return (
    <RespondDialog
      open={review !== null}
      onClose={close}
      title="Inquiry Resolution"
      about={
        review ? (
          <>
            <p className="org-respond__about">
              Respond to {review.name} for {review.review}
            </p>
            <p className="org-field__hint">
              {review.event.name} · {review.rating} of 5 stars · {review.date}
            </p>
          </>
        ) : null
      }
      answered={
        review?.responded ? (
          <div className="ds-notice">
            <p>
              <strong>Response Sent</strong>
            </p>
            <p>{review.response}</p>
          </div>
        ) : null
      }
      label="Message"
      hint={RESPONSE_NOTE}
      requiredMessage="Write a response"
      maxLength={REVIEW_RESPONSE_MAX}
      pending={send.isPending}
      error={send.error}
      onSend={(text) => {
        if (!review) return;
        send.mutate(
          { id: review.id, text },
          {
            onSuccess: ({ mailed }) => {
              close();
              if (mailed) toast.success(`Response sent to ${review.name}.`);
              else toast.error(`Your response to ${review.name} is saved, but the email could not be sent.`);
            },
          },
        );
      }}
    />
  );
}
