import './star-rating.css';
import './visually-hidden.css';

const RATING_SCALE = 5;

/**
 * A 1-5 rating: five stars for the eye, "Rated N out of 5" for screen readers (the same words
 * wherever a rating is shown), and with `withNumber` the number "N of 5" beside the stars.
 * `className` names the wrapper for an area's own spacing.
 */
export function StarRating({ rating, withNumber = false, className }: { rating: number; withNumber?: boolean; className?: string }) {
  return (
    <span className={className ? `ds-stars ${className}` : 'ds-stars'}>
      <span aria-hidden="true">
        {Array.from({ length: RATING_SCALE }, (_, i) => (
          <span key={i} className={i < rating ? 'ds-star ds-star--on' : 'ds-star'}>
            ★
          </span>
        ))}
        {withNumber ? <span className="ds-stars__number">{` ${rating} of ${RATING_SCALE}`}</span> : null}
      </span>
      <span className="ds-visually-hidden">{`Rated ${rating} out of ${RATING_SCALE}`}</span>
    </span>
  );
}
