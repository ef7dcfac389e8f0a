import { eventQueries } from '@sports/api-client/events';
import type { PublicReview } from '@sports/contracts';
import { useQuery } from '@sports/query';
import { formatInstant } from '../../shared/format';
import { ErrorState, LoadingStatus } from '../../shared/status';

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function Review({ review }: { review: PublicReview }) {
  return (
    <li className="bk-review">
      <p className="bk-review__head">
        <span className="bk-review__stars" role="img" aria-label={`${review.rating} out of 5 stars`}>
          {stars(review.rating)}
        </span>
        <strong>{review.name}</strong>
        {review.attended ? <span className="bk-review__attended">Attended</span> : null}
        <time dateTime={review.createdAt}>{formatInstant(review.createdAt)}</time>
      </p>
      <p className="bk-review__text">{review.text}</p>
      {review.response ? (
        <div className="bk-review__response">
          <p className="bk-review__response-title">Response from the organizer</p>
          <p className="bk-review__text">{review.response}</p>
        </div>
      ) : null}
    </li>
  );
}

/** What visitors said of an event that has taken place, and the organizer's answers. */
export function EventReviews({ eventId }: { eventId: number }) {
  const reviews = useQuery(eventQueries.reviews(eventId));
  return (
    <section className="bk-event__reviews" aria-labelledby="bk-event-reviews">
      <h2 id="bk-event-reviews">Reviews</h2>
      {reviews.isPending ? (
        <LoadingStatus label="Loading reviews…" />
      ) : reviews.isError ? (
        <ErrorState title="Reviews could not be loaded" error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.count === 0 ? (
        <p className="bk-event__reviews-empty">No reviews yet.</p>
      ) : (
        <>
          <p className="bk-event__reviews-summary">
            Rated <strong>{reviews.data.average}</strong> out of 5 from {plural(reviews.data.count, 'review')}.
            {reviews.data.count > reviews.data.reviews.length ? ` The ${reviews.data.reviews.length} newest are shown.` : ''}
          </p>
          <ol className="bk-reviews">
            {reviews.data.reviews.map((review) => (
              <Review key={review.id} review={review} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
