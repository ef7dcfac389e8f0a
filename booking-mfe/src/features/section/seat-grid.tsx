import { memo, useCallback, useRef } from 'react';
import type { Dispatch, FocusEvent, KeyboardEvent, MouseEvent } from 'react';
import type { SeatRow } from '@sports/seating';
import type { SeatPosition } from './seat-navigation';
import { seatForKey } from './seat-navigation';
import type { SelectionAction } from './selection';

export type SeatState = 'available' | 'reserved' | 'selected';

interface SeatButtonProps {
  seat: number;
  letter: string;
  state: SeatState;
  tabbable: boolean;
}

/** One seat. Memoised: a click re-renders only the seats whose state or tab stop changed. */
const SeatButton = memo(function SeatButton({ seat, letter, state, tabbable }: SeatButtonProps) {
  return (
    <button
      type="button"
      className={`bk-seat bk-seat--${state}`}
      data-seat={seat}
      data-reserved={state === 'reserved' ? 'true' : undefined}
      tabIndex={tabbable ? 0 : -1}
      aria-pressed={state === 'selected'}
      aria-disabled={state === 'reserved' ? true : undefined}
      aria-label={`Row ${letter}, seat ${seat}, ${state}`}
    >
      {seat}
    </button>
  );
});

export interface SeatGridProps {
  label: string;
  hintId: string;
  rows: readonly SeatRow[];
  positions: ReadonlyMap<number, SeatPosition>;
  booked: ReadonlySet<number>;
  selected: ReadonlySet<number>;
  /** The grid's single tab stop. */
  active: number;
  onActiveChange: (seat: number) => void;
  dispatch: Dispatch<SelectionAction>;
}

function seatOf(target: EventTarget): HTMLElement | null {
  return target instanceof HTMLElement ? target.closest<HTMLElement>('[data-seat]') : null;
}

/**
 * The seat grid: one tab stop (roving tabindex), arrows/Home/End move, Enter or Space toggles (the
 * seats are buttons). Click, focus and key handlers live once on the grid, not on every seat.
 */
export function SeatGrid({ label, hintId, rows, positions, booked, selected, active, onActiveChange, dispatch }: SeatGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);

  const onClick = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      const button = seatOf(e.target);
      if (!button) return;
      const seat = Number(button.dataset.seat);
      onActiveChange(seat);
      dispatch({ type: 'toggle', seat, reserved: button.dataset.reserved === 'true' });
    },
    [dispatch, onActiveChange],
  );

  const onFocus = useCallback(
    (e: FocusEvent<HTMLDivElement>) => {
      const button = seatOf(e.target);
      if (button) onActiveChange(Number(button.dataset.seat));
    },
    [onActiveChange],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const button = seatOf(e.target);
      if (!button) return;
      const next = seatForKey(rows, positions, Number(button.dataset.seat), e.key, e.ctrlKey || e.metaKey);
      if (next === undefined) return;
      e.preventDefault();
      onActiveChange(next);
      gridRef.current?.querySelector<HTMLElement>(`[data-seat="${next}"]`)?.focus();
    },
    [rows, positions, onActiveChange],
  );

  const widest = rows.reduce((n, row) => Math.max(n, row.seats.length), 0);
  return (
    <div className="bk-grid-scroll">
      <div
        ref={gridRef}
        className={`bk-grid${widest > 30 ? ' bk-grid--dense' : ''}`}
        role="group"
        aria-label={label}
        aria-describedby={hintId}
        onClick={onClick}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
      >
        {rows.map((row) => (
          <div key={row.letter} className="bk-grid__row" role="group" aria-label={`Row ${row.letter}`}>
            <span className="bk-grid__letter" aria-hidden="true">
              {row.letter}
            </span>
            <div className="bk-grid__seats">
              {row.seats.map((seat) => (
                <SeatButton
                  key={seat}
                  seat={seat}
                  letter={row.letter}
                  state={booked.has(seat) ? 'reserved' : selected.has(seat) ? 'selected' : 'available'}
                  tabbable={seat === active}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
