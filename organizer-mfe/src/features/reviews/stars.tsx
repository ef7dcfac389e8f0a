/** A 1-5 rating as five stars, with the number said in words for everyone. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="org-stars">
      <span className="org-stars__icons" aria-hidden="true">
        {'★'.repeat(rating)}
        <span className="org-stars__empty">{'★'.repeat(5 - rating)}</span>
      </span>{' '}
      <span className="org-stars__text">{rating} of 5</span>
    </span>
  );
}
