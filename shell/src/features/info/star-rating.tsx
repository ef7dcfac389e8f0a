import { useId } from 'react';

const SCALE = [1, 2, 3, 4, 5] as const;

interface StarRatingProps {
  value: number | null;
  onChange: (rating: number) => void;
  error?: string;
}

/** Rating 1-5 as a group of radio buttons drawn as stars: arrow keys move, the choice is said in words too. */
export function StarRating({ value, onChange, error }: StarRatingProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className={error ? 'field star-rating field--invalid' : 'field star-rating'} aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Rating</legend>
      <div className="star-rating__stars">
        {SCALE.map((n) => (
          <label key={n} className={value !== null && n <= value ? 'star-rating__star star-rating__star--on' : 'star-rating__star'}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(n)}
            />
            <span aria-hidden="true">{value !== null && n <= value ? '★' : '☆'}</span>
            <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
        <span className="star-rating__text" aria-hidden="true">
          {value === null ? 'Choose 1 to 5 stars' : `${value} out of 5`}
        </span>
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
