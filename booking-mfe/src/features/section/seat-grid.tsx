import { memo, useCallback, useEffect, useRef } from 'react';
import type { CSSProperties, Dispatch, FocusEvent, KeyboardEvent, MouseEvent } from 'react';
import type { SeatRow } from '@sports/seating';
import { MIN_ZOOM, stepZoom, useMaxZoom } from './grid-zoom';
import { usePinchZoom } from './pinch-zoom';
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
  /** 1 fits the widest row in the width; more makes seats bigger (the grid then scrolls sideways), up to seats big enough to tap. */
  zoom: number;
  onZoomChange: (zoom: number) => void;
}

/** Zoom out / in buttons; they matter on narrow screens, where a whole row fits only with small seats. */
function ZoomControls({ zoom, max, onZoomChange }: Pick<SeatGridProps, 'zoom' | 'onZoomChange'> & { max: number }) {
  return (
    <div className="bk-zoom" role="group" aria-label="Seat grid zoom">
      <button type="button" className="bk-zoom__button" aria-label="Zoom out" disabled={zoom <= MIN_ZOOM} onClick={() => onZoomChange(stepZoom(zoom, -1, max))}>
        −
      </button>
      <span className="bk-zoom__level" aria-live="polite">{`${Math.round(zoom * 100)}%`}</span>
      <button type="button" className="bk-zoom__button" aria-label="Zoom in" disabled={zoom >= max} onClick={() => onZoomChange(stepZoom(zoom, 1, max))}>
        +
      </button>
    </div>
  );
}

function seatOf(target: EventTarget): HTMLElement | null {
  return target instanceof HTMLElement ? target.closest<HTMLElement>('[data-seat]') : null;
}

/**
 * The seat grid: one tab stop (roving tabindex), arrows/Home/End move, Enter or Space toggles (the
 * seats are buttons). Click, focus and key handlers live once on the grid, not on every seat.
 */
export function SeatGrid({ label, hintId, rows, positions, booked, selected, active, onActiveChange, dispatch, zoom, onZoomChange }: SeatGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const maxZoom = useMaxZoom(scrollerRef, zoom);
  usePinchZoom(scrollerRef, zoom, maxZoom, onZoomChange);
  // A wider screen (rotation) may need less zoom for seats big enough to tap.
  useEffect(() => {
    if (zoom > maxZoom) onZoomChange(maxZoom);
  }, [zoom, maxZoom, onZoomChange]);

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
  const sizing = { '--bk-cols': Math.max(1, widest), '--bk-zoom': zoom } as CSSProperties;
  return (
    <>
      <ZoomControls zoom={zoom} max={maxZoom} onZoomChange={onZoomChange} />
      <div ref={scrollerRef} className="bk-grid-scroll">
        <div
          ref={gridRef}
          style={sizing}
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
    </>
  );
}
