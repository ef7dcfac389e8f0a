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
 * The most zoom for seats that measure `fittedSeatPx` at zoom 1: enough for TARGET_SEAT_PX seats
 * (a 42-seat row on a phone fits with ~6 px seats, so about 7x), never less than BASE_MAX_ZOOM.
 * Unmeasured (0, as before layout) gives BASE_MAX_ZOOM.
 */
export function maxZoomFor(fittedSeatPx: number): number {
  if (!(fittedSeatPx > 0)) return BASE_MAX_ZOOM;
  return Math.max(BASE_MAX_ZOOM, TARGET_SEAT_PX / fittedSeatPx);
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

/**
 * The grid's most zoom, from the size of its first seat as laid out (seat size = fitted size x
 * zoom), measured again whenever the scroller's width changes (rotation, resize).
 */
export function useMaxZoom(scrollerRef: RefObject<HTMLElement | null>, zoom: number): number {
  const [max, setMax] = useState(BASE_MAX_ZOOM);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    const measure = () => {
      const seat = scroller.querySelector<HTMLElement>('[data-seat]');
      setMax(maxZoomFor(seat ? seat.getBoundingClientRect().width / zoom : 0));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scrollerRef, zoom]);
  return max;
}
