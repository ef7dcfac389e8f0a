import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { apiErrorText } from '@sports/api-client';
import { reviewQueries } from '@sports/api-client/reviews';
import { useQuery } from '@sports/query';
import type { MyReview, OrderSummary } from '@sports/contracts';
import { StarRating } from '@sports/ui/star-rating';
import { useWriteReview } from './api/use-write-review';

const RATINGS = [1, 2, 3, 4, 5] as const;
const TEXT_MAX = 1000;


/** The visitor's review of this order's event, and the organizer's reply when there is one. */
export function ReviewShown({ review }: { review: MyReview }) {
  return (
    <div className="bk-review">
      <p className="bk-review__head">
        Your review: <StarRating rating={review.rating} withNumber className="bk-review__stars" />
        {review.attended ? <span className="bk-badge bk-review__attended">Attended</span> : null}
      </p>
      <p className="bk-review__text">{review.text}</p>
      {review.response ? (
        <div className="bk-review__reply">
          <p className="bk-review__head">Reply from the organizer</p>
          <p className="bk-review__text">{review.response}</p>
        </div>
      ) : null}
    </div>
  );
}

function ReviewForm({ order, onDone }: { order: OrderSummary; onDone: () => void }) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useWriteReview();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    if (rating < 1) return setProblem('Rating must be 1 to 5 stars');
    if (!text.trim()) return setProblem('Write your review');
    setProblem(null);
    send.mutate(
      { orderId: order.orderId, review: { rating, text: text.trim() } },
      {
        onSuccess: onDone,
        onError: (error) => setProblem(apiErrorText(error) ?? 'Your review could not be sent. Please try again.'),
      },
    );
  }

  return (
    <form className="bk-review bk-review__form" aria-label={`Review of ${order.event.title}`} noValidate onSubmit={onSubmit}>
      <fieldset className="bk-review__rating">
        <legend>Rating</legend>
        {RATINGS.map((n) => (
          <label key={n} className="bk-review__choice">
            <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} />
            <span aria-hidden="true">{'★'.repeat(n)}</span>
            <span className="bk-visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </fieldset>
      <div className="bk-field">
        <label htmlFor={`${id}-text`}>Your review</label>
        <textarea id={`${id}-text`} rows={3} maxLength={TEXT_MAX} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {problem ? (
        <p className="bk-inline-alert" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="bk-review__actions">
        <button type="submit" className="bk-button bk-button--primary" aria-busy={send.isPending || undefined}>
          {send.isPending ? 'Sending…' : 'Send review'}
        </button>
        <button type="button" className="bk-button bk-button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * A paid order offers one review of its event once the API allows it (after the event's end, to a
 * ticket holder); until then the API's reason is shown as given. A written one is shown with the reply.
 */
export function TicketReview({ order, written }: { order: OrderSummary; written: MyReview | undefined }) {
  const check = useQuery({ ...reviewQueries.forOrder(order.orderId), enabled: written === undefined });
  const [writing, setWriting] = useState(false);
  if (written) return <ReviewShown review={written} />;
  if (check.data?.review) return <ReviewShown review={check.data.review} />;
  if (!check.data?.canReview) {
    return check.data?.cannotReview ? <p className="bk-review__note">{check.data.cannotReview}</p> : null;
  }
  if (writing) return <ReviewForm order={order} onDone={() => setWriting(false)} />;
  return (
    <button type="button" className="bk-button bk-button--secondary" aria-label={`Write a review of ${order.event.title}`} onClick={() => setWriting(true)}>
      Write a review
    </button>
  );
}
