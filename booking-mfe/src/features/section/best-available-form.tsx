import { useId, useState } from 'react';
import type { Dispatch, FormEvent } from 'react';
import { bestAvailable } from '@sports/seating';
import type { SeatRow } from '@sports/seating';
import { MAX_SEATS_PER_ORDER } from '../../shared/constants';
import type { SelectionAction } from './selection';

const COUNTS = Array.from({ length: MAX_SEATS_PER_ORDER }, (_, i) => i + 1);

/** "Best available": the buyer says how many seats; the best block of adjacent free seats becomes the selection. */
export function BestAvailableForm({ rows, booked, dispatch }: { rows: readonly SeatRow[]; booked: ReadonlySet<number>; dispatch: Dispatch<SelectionAction> }) {
  const id = useId();
  const [count, setCount] = useState(2);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    dispatch({ type: 'choose-block', seats: bestAvailable(rows, booked, count), count });
  };
  return (
    <form className="bk-best" onSubmit={onSubmit} aria-label="Best available seats">
      <label htmlFor={id}>Seats together</label>
      <select id={id} value={count} onChange={(e) => setCount(Number(e.target.value))}>
        {COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <button type="submit" className="bk-button bk-button--secondary">
        Best available
      </button>
    </form>
  );
}
