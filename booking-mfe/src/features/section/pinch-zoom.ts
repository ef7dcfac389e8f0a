import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { pinchZoom } from './grid-zoom';

function fingersApart(touches: TouchList): number {
  const [a, b] = [touches[0], touches[1]];
  return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
}

/** The point between the two fingers, from the target's left edge. */
function fingersMiddle(touches: TouchList, target: HTMLElement): number {
  const [a, b] = [touches[0], touches[1]];
  return a && b ? (a.clientX + b.clientX) / 2 - target.getBoundingClientRect().left : 0;
}

/**
 * Two-finger pinch on the grid's scroller: the zoom follows the change in the fingers' distance
 * (pinchZoom), around the point between them (`onZoom`'s second argument, px from the scroller's
 * left edge). Touch events, not pointer events: the browser cancels pointers it takes for a
 * two-finger pan, while touch events keep coming, and a two-finger move is kept from scrolling (the
 * listener is not passive). One finger still pans; the scroller's touch-action keeps the page's
 * own pinch-zoom off the grid.
 */
export function usePinchZoom(targetRef: RefObject<HTMLElement | null>, zoom: number, max: number, onZoom: (zoom: number, focus: number) => void): void {
  // The latest values, read by listeners added once.
  const latest = useRef({ zoom, max, onZoom });
  useEffect(() => {
    latest.current = { zoom, max, onZoom };
  }, [zoom, max, onZoom]);

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return undefined;
    let start: { distance: number; zoom: number } | null = null;
    let frame = 0;

    const onStart = (e: TouchEvent) => {
      start = e.touches.length === 2 ? { distance: fingersApart(e.touches), zoom: latest.current.zoom } : null;
    };
    const onMove = (e: TouchEvent) => {
      if (!start || e.touches.length !== 2) return;
      if (e.cancelable) e.preventDefault();
      const { max: most, onZoom: zoomTo } = latest.current;
      const next = pinchZoom(start.zoom, start.distance, fingersApart(e.touches), most);
      const focus = fingersMiddle(e.touches, target);
      // At most one zoom a frame: touch moves can come faster than the screen draws.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => zoomTo(next, focus));
    };
    const onEnd = (e: TouchEvent) => {
      if (e.touches.length < 2) start = null;
    };

    target.addEventListener('touchstart', onStart, { passive: true });
    target.addEventListener('touchmove', onMove, { passive: false });
    target.addEventListener('touchend', onEnd);
    target.addEventListener('touchcancel', onEnd);
    return () => {
      cancelAnimationFrame(frame);
      target.removeEventListener('touchstart', onStart);
      target.removeEventListener('touchmove', onMove);
      target.removeEventListener('touchend', onEnd);
      target.removeEventListener('touchcancel', onEnd);
    };
  }, [targetRef]);
}
