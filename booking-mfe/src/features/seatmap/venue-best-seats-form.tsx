import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from '@sports/router';
import { getBestSeats } from '@sports/api-client/booking';
import { useMutation } from '@sports/query';
import { SEAT_COUNTS } from '../../shared/constants';
import { describeError } from '../../shared/errors';

/** Where the section page proposes `count` seats itself (BestAvailableForm's `?seats=`). */
function bestSeatsPath(eventId: number, sectionId: number, count: number): string {
  return `/events/${eventId}/seatmap/${sectionId}?seats=${count}`;
}

/**
 * "How many seats?" across the venue: asks the API for the section with the best block of that
 * many adjacent free seats (best-seats) and opens it, where the section page proposes the block.
 */
export function VenueBestSeatsForm({ eventId }: { eventId: number }) {
  const navigate = useNavigate();
  const ids = { title: useId(), count: useId() };
  const [count, setCount] = useState(2);
  const search = useMutation({
    mutationFn: (n: number) => getBestSeats(eventId, n),
    onSuccess: (proposal, n) => {
      if (proposal) navigate(bestSeatsPath(eventId, proposal.sectionId, n));
    },
  });
  const busy = search.isPending;

  const find = (n: number) => {
    if (!busy) search.mutate(n);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    find(count);
  };
  const asked = search.variables ?? count;
  return (
    <form className="bk-count-panel" onSubmit={onSubmit} aria-labelledby={ids.title}>
      <h2 id={ids.title} className="bk-count-panel__title">
        How many seats?
      </h2>
      <p className="bk-count-panel__note">We find the best section for them, side by side.</p>
      <div className="bk-count-panel__fields">
        <div className="bk-field">
          <label htmlFor={ids.count}>Seats together</label>
          <select
            id={ids.count}
            value={count}
            onChange={(e) => {
              setCount(Number(e.target.value));
              search.reset();
            }}
          >
            {SEAT_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        {/* aria-disabled, not disabled: the button keeps the focus while the search runs. */}
        <button type="submit" className="bk-button bk-button--primary" aria-disabled={busy} aria-busy={busy}>
          {busy ? 'Finding seats…' : 'Find seats'}
        </button>
      </div>
      <div aria-live="polite">
        {search.isSuccess && search.data === null && (
          <p className="bk-inline-note bk-seatmap__best-message">
            No section has {asked} seats side by side. Try fewer seats or pick seats in a section.
          </p>
        )}
      </div>
      {search.isError && (
        <div className="bk-inline-alert bk-seatmap__best-message" role="alert">
          <span>Seats could not be found. {describeError(search.error)}</span>
          <button type="button" className="bk-button bk-button--secondary" onClick={() => find(asked)}>
            Retry
          </button>
        </div>
      )}
    </form>
  );
}
