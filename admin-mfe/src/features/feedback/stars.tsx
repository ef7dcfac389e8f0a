const SCALE = 5;

/** 1-5 stars drawn as text glyphs, read as "Rated 4 out of 5" by screen readers. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="adm-stars">
      <span aria-hidden="true">
        {Array.from({ length: SCALE }, (_, i) => (
          <span key={i} className={i < rating ? 'adm-star adm-star--on' : 'adm-star'}>
            {i < rating ? '★' : '☆'}
          </span>
        ))}
      </span>
      <span className="ds-visually-hidden">{`Rated ${rating} out of ${SCALE}`}</span>
    </span>
  );
}
