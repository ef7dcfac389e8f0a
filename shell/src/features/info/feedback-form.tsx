import { useRef, useState, type FormEvent } from 'react';
import { FormAlert, SubmitButton } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { FEEDBACK_COMMENT_MAX } from './limits';
import { useSendFeedback } from './api/use-send-feedback';
import { StarRating } from './star-rating';
import { TextAreaField } from '../auth-ui/fields';

interface Errors {
  rating?: string;
  comment?: string;
}

/** The signed-in visitor's feedback (POST /api/feedback): a rating 1-5 and a comment; admins read it on /admin/feedback. */
export function FeedbackForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const feedback = useSendFeedback();
  const busy = feedback.isPending;
  const [sent, setSent] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {
      rating: rating === null ? 'Rating is required' : undefined,
      comment: comment.trim() === '' ? 'Comment is required' : undefined,
    };
    setErrors(found);
    setFailure(null);
    if (rating === null || found.comment) {
      focusFirstError();
      return;
    }
    feedback.mutate(
      { rating, comment },
      {
        onSuccess: () => {
          setSent(true);
          setRating(null);
          setComment('');
          requestAnimationFrame(() => doneRef.current?.focus());
        },
        onError: (error) => setFailure(requestErrorMessage(error, 'Your feedback could not be sent. Please try again.')),
      },
    );
  }

  if (sent) {
    return (
      <div className="info-done">
        <h3 ref={doneRef} tabIndex={-1}>
          Feedback sent
        </h3>
        <p role="status">Thank you for your feedback! It helps us run better events.</p>
        <button type="button" className="auth-secondary" onClick={() => setSent(false)}>
          Send more feedback
        </button>
      </div>
    );
  }

  return (
    <form ref={formRef} className="auth-form" aria-label="Send feedback" noValidate onSubmit={submit}>
      <FormAlert message={failure} />
      <StarRating value={rating} onChange={(n) => setRating(n)} error={errors.rating} />
      <TextAreaField
        label="Comment"
        name="comment"
        rows={5}
        required
        maxLength={FEEDBACK_COMMENT_MAX}
        hint={`Up to ${FEEDBACK_COMMENT_MAX.toLocaleString('en-US')} characters.`}
        value={comment}
        error={errors.comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <SubmitButton busy={busy} busyText="Sending…">
        Send Feedback
      </SubmitButton>
    </form>
  );
}
