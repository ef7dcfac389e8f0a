import { useId, useState } from 'react';
import type { Dispatch, FormEvent } from 'react';
import { bestAvailable } from '@sports/seating';
import type { SeatRow } from '@sports/seating';
import { MAX_SEATS_PER_ORDER } from '../../shared/constants';
import type { SelectionAction } from './selection';

const COUNTS = Array.from({ length: MAX_SEATS_PER_ORDER }, (_, i) => i + 1);

interface BestAvailableFormProps {
  rows: readonly SeatRow[];
  /** The seats taken, or null until they are known: the form waits rather than pick seats that may be taken. */
  booked: ReadonlySet<number> | null;
  dispatch: Dispatch<SelectionAction>;
}

/** "Best available": the buyer says how many seats; the best block of adjacent free seats becomes the selection. */
export function BestAvailableForm({ rows, booked, dispatch }: BestAvailableFormProps) {
  const id = useId();
  const [count, setCount] = useState(2);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (booked) dispatch({ type: 'choose-block', seats: bestAvailable(rows, booked, count), count });
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
      <button type="submit" className="bk-button bk-button--secondary" disabled={!booked}>
        Best available
      </button>
    </form>
  );
}
