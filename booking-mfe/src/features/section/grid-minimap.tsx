import { memo, useEffect, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, RefObject } from 'react';
import type { SeatRow } from '@sports/seating';

/** Which part of the zoomed grid is in view: horizontally the scroller's, vertically the window's. */
export interface ViewPart {
  left: number;
  width: number;
  top: number;
  height: number;
  /** How far the scroller is panned, 0 (first seats) to 1 (last seats). */
  panned: number;
}

/** The part of a grid in view, as fractions of the grid, from the scroller and the grid's place on screen. */
export function viewPart(scroll: { left: number; width: number; client: number }, grid: { top: number; height: number }, screenHeight: number): ViewPart {
  const clip = (n: number) => Math.min(1, Math.max(0, n));
  const width = scroll.width > 0 ? clip(scroll.client / scroll.width) : 1;
  const left = scroll.width > 0 ? clip(scroll.left / scroll.width) : 0;
  const top = grid.height > 0 ? clip(-grid.top / grid.height) : 0;
  const bottom = grid.height > 0 ? clip((screenHeight - grid.top) / grid.height) : 1;
  const room = scroll.width - scroll.client;
  return { left: Math.min(left, 1 - width), width, top, height: Math.max(0, bottom - top), panned: room > 0 ? clip(scroll.left / room) : 0 };
}

const RowBars = memo(function RowBars({ rows, widest }: { rows: readonly SeatRow[]; widest: number }) {
  return (
    <span className="bk-minimap__rows" aria-hidden="true">
      {rows.map((row) => (
        <span key={row.letter} className="bk-minimap__row" style={{ width: `${(100 * row.seats.length) / Math.max(1, widest)}%` }} />
      ))}
    </span>
  );
});

interface GridMinimapProps {
  scrollerRef: RefObject<HTMLElement | null>;
  rows: readonly SeatRow[];
  widest: number;
  zoom: number;
}

/**
 * A small drawing of the whole section with a frame round the part in view. Tapping it brings that
 * place into view; it is a slider for the keyboard (arrows, Page Up/Down, Home/End pan the grid).
 * The frame follows scrolling by writing styles directly, never by rendering again.
 */
export function GridMinimap({ scrollerRef, rows, widest, zoom }: GridMinimapProps) {
  const mapRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const scroller = scrollerRef.current;
    const map = mapRef.current;
    const frame = frameRef.current;
    if (!scroller || !map || !frame) return undefined;
    let pending = 0;
    const draw = () => {
      pending = 0;
      const grid = scroller.getBoundingClientRect();
      const part = viewPart({ left: scroller.scrollLeft, width: scroller.scrollWidth, client: scroller.clientWidth }, grid, window.innerHeight);
      frame.style.left = `${part.left * 100}%`;
      frame.style.width = `${part.width * 100}%`;
      frame.style.top = `${part.top * 100}%`;
      frame.style.height = `${part.height * 100}%`;
      const first = Math.floor(part.left * widest) + 1;
      const last = Math.max(first, Math.min(widest, Math.ceil((part.left + part.width) * widest)));
      map.setAttribute('aria-valuenow', String(Math.round(part.panned * 100)));
      map.setAttribute('aria-valuetext', part.width >= 1 ? 'The whole row width is in view' : `Seats ${first} to ${last} of ${widest} across are in view`);
    };
    const schedule = () => {
      pending ||= requestAnimationFrame(draw);
    };
    draw();
    scroller.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(pending);
      scroller.removeEventListener('scroll', schedule);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [scrollerRef, widest, zoom]);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const scroller = scrollerRef.current;
    const map = mapRef.current;
    if (!scroller || !map) return;
    const box = map.getBoundingClientRect();
    const x = box.width > 0 ? (e.clientX - box.left) / box.width : 0.5;
    scroller.scrollLeft = x * scroller.scrollWidth - scroller.clientWidth / 2;
    const grid = scroller.getBoundingClientRect();
    // A grid taller than the screen (a plan of many rows) is brought into view by the page's own scroll.
    if (grid.height > window.innerHeight / 2 && box.height > 0) {
      const y = (e.clientY - box.top) / box.height;
      window.scrollBy({ top: grid.top + y * grid.height - window.innerHeight / 2 });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const step = scroller.clientWidth * (e.key === 'PageUp' || e.key === 'PageDown' ? 0.9 : 0.4);
    const moves: Record<string, number> = {
      ArrowLeft: scroller.scrollLeft - step,
      ArrowDown: scroller.scrollLeft - step,
      PageUp: scroller.scrollLeft - step,
      ArrowRight: scroller.scrollLeft + step,
      ArrowUp: scroller.scrollLeft + step,
      PageDown: scroller.scrollLeft + step,
      Home: 0,
      End: scroller.scrollWidth,
    };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    scroller.scrollLeft = to;
  };

  return (
    <div
      ref={mapRef}
      className="bk-minimap"
      role="slider"
      tabIndex={0}
      aria-label="Part of the section in view"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      aria-orientation="horizontal"
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <RowBars rows={rows} widest={widest} />
      <span ref={frameRef} className="bk-minimap__frame" aria-hidden="true" />
    </div>
  );
}
