import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Zoom 1 fits the widest row in the width. */
export const MIN_ZOOM = 1;
/** The most zoom wherever 3 already gives seats big enough to tap (wide screens). */
export const BASE_MAX_ZOOM = 3;
/** A comfortable touch target (2.75rem): the most zoom makes seats at least this big. */
export const TARGET_SEAT_PX = 44;
/** Each Zoom in / Zoom out press multiplies or divides the zoom by this. */
const STEP = 1.5;
/**
 * A pinch zooms by the change in the fingers' distance to this power: a phone is only so wide, and
 * fingers going from 1.5 cm to 6 cm apart (4x) should take 6 px seats past 44 px in one gesture.
 */
export const PINCH_GAIN = 1.5;

/**
 * The most zoom for seats that measure `fittedSeatPx` at zoom 1: enough for TARGET_SEAT_PX seats
 * (a 42-seat row on a phone fits with ~6 px seats, so about 7.5x), never less than BASE_MAX_ZOOM.
 * Unmeasured (0, as before layout) gives BASE_MAX_ZOOM.
 */
export function maxZoomFor(fittedSeatPx: number): number {
  if (!(fittedSeatPx > 0)) return BASE_MAX_ZOOM;
  // A hair over the exact ratio, so rounding never leaves the seat at 43.99 px.
  return Math.max(BASE_MAX_ZOOM, (TARGET_SEAT_PX + 0.05) / fittedSeatPx);
}

export function clampZoom(zoom: number, max: number): number {
  return Math.min(max, Math.max(MIN_ZOOM, zoom));
}

/** The next zoom in (+1) or out (-1) from `zoom`; within a small step of either end, that end. */
export function stepZoom(zoom: number, direction: 1 | -1, max: number): number {
  const next = direction > 0 ? zoom * STEP : zoom / STEP;
  if (next >= max / 1.15) return max;
  if (next <= MIN_ZOOM * 1.15) return MIN_ZOOM;
  return next;
}

/** The zoom during a pinch that started at `startZoom` with the fingers `startDistance` apart, now `distance` apart. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number, max: number): number {
  if (!(startDistance > 0) || !(distance > 0)) return clampZoom(startZoom, max);
  return clampZoom(startZoom * (distance / startDistance) ** PINCH_GAIN, max);
}

/**
 * The scroll offset that keeps the point `focus` px from the view's edge over the same seat when
 * the zoom goes from `from` to `to` (the grid scales from its top-left corner).
 */
export function anchoredScroll(scroll: number, focus: number, from: number, to: number): number {
  return Math.max(0, ((scroll + focus) * to) / from - focus);
}

/**
 * The seats' size at zoom 1 in the grid view `view`: the registered `--bk-seat-px` its frame works
 * out to px (section.css), which no zoom transform or half-done zoom can skew; where that is not
 * computed (no CSS), the first seat's drawn size over the zoom it is drawn at.
 */
export function fittedSeatPx(view: HTMLElement, zoom: number): number {
  const frame = view.querySelector<HTMLElement>('.bk-grid-frame');
  const computed = frame ? Number.parseFloat(getComputedStyle(frame).getPropertyValue('--bk-seat-px')) : Number.NaN;
  if (computed > 0) return computed;
  const seat = view.querySelector<HTMLElement>('[data-seat]');
  return seat ? seat.getBoundingClientRect().width / zoom : 0;
}

/**
 * The grid's most zoom and its seats' size at zoom 1, measured again whenever the grid view's size
 * changes (rotation, resize, the seats arriving).
 */
export function useMaxZoom(viewRef: RefObject<HTMLElement | null>, zoomRef: RefObject<number>): { max: number; seatPx: number } {
  const [seatPx, setSeatPx] = useState(0);
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return undefined;
    const measure = () => setSeatPx(fittedSeatPx(view, zoomRef.current));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(view);
    return () => observer.disconnect();
  }, [viewRef, zoomRef]);
  return { max: maxZoomFor(seatPx), seatPx };
}
