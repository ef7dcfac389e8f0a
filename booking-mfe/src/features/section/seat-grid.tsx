import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, FocusEvent, KeyboardEvent } from 'react';
import type { SeatRow } from '@sports/seating';
import { GridMinimap } from './grid-minimap';
import { MIN_ZOOM, anchoredScroll, clampZoom, stepZoom, useMaxZoom } from './grid-zoom';
import { usePinchZoom } from './pinch-zoom';
import type { SeatPosition } from './seat-navigation';
import { seatForKey } from './seat-navigation';
import type { SelectionStore } from './selection-store';
import { seatChoice } from './selection-store';

export type SeatState = 'available' | 'reserved' | 'selected';

interface SeatButtonProps {
  seat: number;
  letter: string;
  reserved: boolean;
  store: SelectionStore;
  tabbable: boolean;
}

/** What a seat shows for its part of the selection. */
function seatLook(seat: number, letter: string, reserved: boolean, choice: 0 | 1 | 2) {
  const state: SeatState = reserved ? 'reserved' : choice > 0 ? 'selected' : 'available';
  // A proposed seat is drawn apart from seats tapped one by one.
  const proposed = state === 'selected' && choice === 2;
  return {
    className: `bk-seat bk-seat--${state}${proposed ? ' bk-seat--proposed' : ''}`,
    pressed: state === 'selected',
    label: `Row ${letter}, seat ${seat}, ${state}`,
  };
}

/**
 * One seat. A tap changes it without rendering: the store tells this seat alone, which writes its
 * look onto its button in the tap's own event (a React render of it would cost the tap's frame
 * about a third of its time on a slow phone). Every render draws the same look from the store, so
 * the button always shows the store's latest state. Its row renders it again only when it is taken
 * or gets the tab stop.
 */
const SeatButton = memo(function SeatButton({ seat, letter, reserved, store, tabbable }: SeatButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const show = () => {
      const button = ref.current;
      if (!button) return;
      const look = seatLook(seat, letter, reserved, seatChoice(store.get(), seat));
      if (button.className === look.className) return;
      button.className = look.className;
      button.setAttribute('aria-pressed', String(look.pressed));
      button.setAttribute('aria-label', look.label);
    };
    // A change between this render and now is shown too.
    show();
    return store.subscribeSeat(seat, show);
  }, [store, seat, letter, reserved]);
  const look = seatLook(seat, letter, reserved, seatChoice(store.get(), seat));
  return (
    <button
      ref={ref}
      type="button"
      className={look.className}
      data-seat={seat}
      data-reserved={reserved ? 'true' : undefined}
      tabIndex={tabbable ? 0 : -1}
      aria-pressed={look.pressed}
      aria-disabled={reserved || undefined}
      aria-label={look.label}
    >
      {seat}
    </button>
  );
});

interface SeatRowViewProps {
  row: SeatRow;
  booked: ReadonlySet<number>;
  /** The row's taken seats as text: what decides whether the row re-renders (the set is new on every change). */
  bookedKey: string;
  store: SelectionStore;
  /** The grid's tab stop when it is in this row, else 0. */
  active: number;
}

/** One row of seats; re-rendered only when one of its seats is taken or the tab stop moves in or out. */
const SeatRowView = memo(
  function SeatRowView({ row, booked, store, active }: SeatRowViewProps) {
    return (
      <div className="bk-grid__row" role="group" aria-label={`Row ${row.letter}`}>
        {row.seats.map((seat) => (
          <SeatButton key={seat} seat={seat} letter={row.letter} reserved={booked.has(seat)} store={store} tabbable={seat === active} />
        ))}
      </div>
    );
  },
  (a, b) => a.row === b.row && a.bookedKey === b.bookedKey && a.store === b.store && a.active === b.active,
);

/** Each row's seats of `seats`, as text ('' for none), by row index. */
function keysByRow(seats: ReadonlySet<number>, positions: ReadonlyMap<number, SeatPosition>, rowCount: number): string[] {
  const keys: string[] = Array.from({ length: rowCount }, () => '');
  for (const seat of seats) {
    const at = positions.get(seat);
    if (at) keys[at.row] += `${seat},`;
  }
  return keys;
}

/** The row letters, beside the scroller (not in it): they stay in view however far the grid is panned. */
const RowLetters = memo(function RowLetters({ rows }: { rows: readonly SeatRow[] }) {
  return (
    <div className="bk-grid__letters" aria-hidden="true">
      {rows.map((row) => (
        <span key={row.letter} className="bk-grid__letter">
          {row.letter}
        </span>
      ))}
    </div>
  );
});

/** Zoom out / in buttons; they matter on narrow screens, where a whole row fits only with small seats. */
function ZoomControls({ zoom, max, onZoom }: { zoom: number; max: number; onZoom: (zoom: number) => void }) {
  return (
    <div className="bk-zoom" role="group" aria-label="Seat grid zoom">
      <button type="button" className="bk-zoom__button" aria-label="Zoom out" disabled={zoom <= MIN_ZOOM} onClick={() => onZoom(stepZoom(zoom, -1, max))}>
        −
      </button>
      <span className="bk-zoom__level" aria-live="polite">{`${Math.round(zoom * 100)}%`}</span>
      <button type="button" className="bk-zoom__button" aria-label="Zoom in" disabled={zoom >= max} onClick={() => onZoom(stepZoom(zoom, 1, max))}>
        +
      </button>
    </div>
  );
}

const NONE_TAKEN: ReadonlySet<number> = new Set();

function seatOf(target: EventTarget): HTMLElement | null {
  return target instanceof HTMLElement ? target.closest<HTMLElement>('[data-seat]') : null;
}

export interface SeatGridProps {
  label: string;
  hintId: string;
  /** What the seats face ('STAGE', 'COURT'), shown above the grid and kept in view. */
  stage: string;
  rows: readonly SeatRow[];
  positions: ReadonlyMap<number, SeatPosition>;
  /**
   * The seats taken, or null while they are being read: the grid is drawn already (so their arrival
   * only marks the taken seats), busy and muted; a seat tapped meanwhile and taken leaves the
   * selection with a notice when they arrive.
   */
  booked: ReadonlySet<number> | null;
  /** The chosen seats: each seat follows its own part (a tap renders one seat). */
  store: SelectionStore;
  /** The grid's first tab stop (then it follows the focus). */
  initialActive: number;
}

/**
 * The seat grid: one tab stop (roving tabindex), arrows/Home/End move, Enter or Space toggles (the
 * seats are buttons). Click, focus and key handlers live once on the grid, not on every seat.
 * Zoom 1 fits the widest row in the width; zooming (buttons or pinch) is a CSS transform of the
 * grid, so it never lays the seats out again, and the scroller pans the zoomed grid.
 */
export const SeatGrid = memo(function SeatGrid({ label, hintId, stage, rows, positions, booked: knownBooked, store, initialActive }: SeatGridProps) {
  const pending = knownBooked === null;
  const booked = knownBooked ?? NONE_TAKEN;
  const viewRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [active, setTabStop] = useState(initialActive);
  // The tab stop moves now or, after a tap, once the tap's frame is painted; a later move wins.
  const tabStopMoves = useRef(0);
  const setActive = useCallback((seat: number, later = false) => {
    tabStopMoves.current += 1;
    const move = tabStopMoves.current;
    if (!later) {
      setTabStop(seat);
      return;
    }
    store.afterPaint(() => {
      if (tabStopMoves.current === move) setTabStop(seat);
    });
  }, [store]);
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const zoomRef = useRef(zoom);
  const { max: maxZoom, seatPx } = useMaxZoom(viewRef, zoomRef);
  // The point of the view (px from the scroller's left edge) that stays over the same seat while the zoom changes.
  const anchor = useRef<{ from: number; focus: number } | null>(null);

  const zoomTo = useCallback((next: number, focus?: number) => {
    const scroller = scrollerRef.current;
    anchor.current = { from: zoomRef.current, focus: focus ?? (scroller ? scroller.clientWidth / 2 : 0) };
    setZoom(next);
  }, []);
  usePinchZoom(scrollerRef, zoom, maxZoom, zoomTo);

  useLayoutEffect(() => {
    zoomRef.current = zoom;
    const scroller = scrollerRef.current;
    const from = anchor.current;
    anchor.current = null;
    if (scroller && from && from.from !== zoom) scroller.scrollLeft = anchoredScroll(scroller.scrollLeft, from.focus, from.from, zoom);
  }, [zoom]);
  // A new proposal is brought into view, however far the grid is zoomed and panned.
  useEffect(() => {
    let shown = store.get().proposed;
    return store.subscribe(() => {
      const { proposed } = store.get();
      if (proposed === shown) return;
      shown = proposed;
      const middle = proposed[Math.floor(proposed.length / 2)];
      if (middle !== undefined) gridRef.current?.querySelector(`[data-seat="${middle}"]`)?.scrollIntoView({ block: 'center', inline: 'center' });
    });
  }, [store]);
  // A wider screen (rotation) may need less zoom for seats big enough to tap.
  const shown = clampZoom(zoom, maxZoom);

  // Between a pointer's press on the grid and its click (or a key): the tap's own focus.
  const pointerDown = useRef(false);
  // The grid's own click listener, not React's: a tap then skips building and dispatching a
  // synthetic event, a part of the tap's frame on a slow phone.
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const onClick = (e: globalThis.MouseEvent) => {
      pointerDown.current = false;
      const button = e.target ? seatOf(e.target) : null;
      if (!button) return;
      const seat = Number(button.dataset.seat);
      store.dispatch({ type: 'toggle', seat, reserved: button.dataset.reserved === 'true' });
      // The tapped seat has the focus already; the tab stop follows after the tap's frame.
      setActive(seat, true);
    };
    grid.addEventListener('click', onClick);
    return () => grid.removeEventListener('click', onClick);
  }, [store, setActive]);

  // A tap focuses the seat before its click, which moves the tab stop itself: only other focus
  // (keyboard, screen reader) moves it here, and not urgently.
  const onFocus = useCallback((e: FocusEvent<HTMLDivElement>) => {
    const button = seatOf(e.target);
    if (button && !pointerDown.current) startTransition(() => setActive(Number(button.dataset.seat)));
  }, [setActive]);
  const onPointerDown = useCallback(() => {
    pointerDown.current = true;
  }, []);
  const onPointerCancel = useCallback(() => {
    pointerDown.current = false;
  }, []);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      pointerDown.current = false;
      const button = seatOf(e.target);
      if (!button) return;
      const next = seatForKey(rows, positions, Number(button.dataset.seat), e.key, e.ctrlKey || e.metaKey);
      if (next === undefined) return;
      e.preventDefault();
      setActive(next);
      gridRef.current?.querySelector<HTMLElement>(`[data-seat="${next}"]`)?.focus();
    },
    [rows, positions, setActive],
  );

  const bookedKeys = useMemo(() => keysByRow(booked, positions, rows.length), [booked, positions, rows.length]);
  const activeRow = positions.get(active)?.row;

  const widest = rows.reduce((n, row) => Math.max(n, row.seats.length), 0);
  const sizing = { '--bk-cols': Math.max(1, widest), '--bk-rows': Math.max(1, rows.length), '--bk-zoom': shown } as CSSProperties;
  return (
    <div ref={viewRef} className={`bk-grid-view${seatPx * shown >= 16 ? ' bk-grid-view--numbers' : ''}`} style={sizing}>
      <div className="bk-grid-bar">
        <GridMinimap scrollerRef={scrollerRef} rows={rows} widest={widest} zoom={shown} />
        <ZoomControls zoom={shown} max={maxZoom} onZoom={zoomTo} />
        <div className="bk-section__stage" aria-hidden="true">
          {stage}
        </div>
      </div>
      <div className="bk-grid-frame">
        <RowLetters rows={rows} />
        <div ref={scrollerRef} className="bk-grid-scroll">
          <div className="bk-grid-sizer">
            <div
              ref={gridRef}
              className={pending ? 'bk-grid bk-grid--pending' : 'bk-grid'}
              role="group"
              aria-label={label}
              aria-busy={pending || undefined}
              aria-describedby={hintId}
              onFocus={onFocus}
              onPointerDown={onPointerDown}
              onPointerCancel={onPointerCancel}
              onKeyDown={onKeyDown}
            >
              {rows.map((row, r) => (
                <SeatRowView
                  key={row.letter}
                  row={row}
                  booked={booked}
                  bookedKey={bookedKeys[r] ?? ''}
                  store={store}
                  active={activeRow === r ? active : 0}
                />
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
});
