import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { bestAvailable, seatNames } from '@sports/seating';
import type { SeatRow } from '@sports/seating';
import { SEAT_COUNTS } from '../../shared/constants';
import type { SelectionStore } from './selection-store';
import { useSelection } from './selection-store';

interface BestAvailableFormProps {
  rows: readonly SeatRow[];
  /** The seats taken, or null until they are known: the form waits rather than pick seats that may be taken. */
  booked: ReadonlySet<number> | null;
  store: SelectionStore;
  /** A number asked for before arriving (the seat map's "How many seats?"): proposed once, as soon as the taken seats are known. */
  initialCount?: number | null;
}

/**
 * "How many seats?", the first choice: picking a number proposes the best block of that many
 * adjacent free seats (bestAvailable: it never strands a single seat when another block exists),
 * which becomes the selection, to check out as it is or change seat by seat on the grid. Best
 * available proposes again for the same number.
 */
export function BestAvailableForm({ rows, booked, store, initialCount = null }: BestAvailableFormProps) {
  const id = useId();
  const titleId = useId();
  const [count, setCount] = useState(initialCount ?? 2);
  // The proposal while the selection still holds it: the grid draws it apart, this note names it.
  const proposed = useSelection(store, (state) => state.proposed);

  const propose = useCallback(
    (n: number) => {
      if (!booked) return;
      store.dispatch({ type: 'choose-block', seats: bestAvailable(rows, booked, n), count: n });
    },
    [booked, rows, store],
  );

  // The number asked for on arrival is proposed once, when the taken seats are first known.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || !booked || initialCount === null) return;
    arrived.current = true;
    propose(initialCount);
  }, [booked, initialCount, propose]);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    propose(count);
  };
  return (
    <form className="bk-count-panel bk-best" onSubmit={onSubmit} aria-labelledby={titleId}>
      <h2 id={titleId} className="bk-count-panel__title">
        How many seats?
      </h2>
      <div className="bk-count-panel__fields bk-best__fields">
        <label htmlFor={id}>Seats together</label>
        <select
          id={id}
          value={count}
          onChange={(e) => {
            const n = Number(e.target.value);
            setCount(n);
            propose(n);
          }}
        >
          {SEAT_COUNTS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <button type="submit" className="bk-button bk-button--secondary" disabled={!booked}>
          Best available
        </button>
      </div>
      <p className="bk-count-panel__note" aria-live="polite">
        {proposed.length > 0
          ? `Proposed: ${seatNames(proposed, store.get().layout).join(', ')}, side by side. They are outlined on the grid: tap a seat to change it, or check out.`
          : 'Choose a number and we pick the best seats side by side.'}
      </p>
    </form>
  );
}
