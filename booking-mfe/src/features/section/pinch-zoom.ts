import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { clampZoom } from './grid-zoom';

function fingersApart(touches: TouchList): number {
  const [a, b] = [touches[0], touches[1]];
  return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
}

/**
 * Two-finger pinch on the grid's scroller: the zoom follows the change in the fingers' distance.
 * Touch events, not pointer events: the browser cancels pointers it takes for a two-finger pan,
 * while touch events keep coming, and a two-finger move is kept from scrolling (the listener is
 * not passive). One finger still scrolls; the scroller's touch-action leaves pinch to the page.
 */
export function usePinchZoom(targetRef: RefObject<HTMLElement | null>, zoom: number, max: number, onZoom: (zoom: number) => void): void {
  // The latest values, read by listeners added once.
  const latest = useRef({ zoom, max, onZoom });
  useEffect(() => {
    latest.current = { zoom, max, onZoom };
  }, [zoom, max, onZoom]);

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return undefined;
    let start: { distance: number; zoom: number } | null = null;

    const onStart = (e: TouchEvent) => {
      start = e.touches.length === 2 ? { distance: fingersApart(e.touches), zoom: latest.current.zoom } : null;
    };
    const onMove = (e: TouchEvent) => {
      if (!start || e.touches.length !== 2) return;
      if (e.cancelable) e.preventDefault();
      if (start.distance <= 0) return;
      const { max: most, onZoom: zoomTo } = latest.current;
      zoomTo(clampZoom((start.zoom * fingersApart(e.touches)) / start.distance, most));
    };
    const onEnd = (e: TouchEvent) => {
      if (e.touches.length < 2) start = null;
    };

    target.addEventListener('touchstart', onStart, { passive: true });
    target.addEventListener('touchmove', onMove, { passive: false });
    target.addEventListener('touchend', onEnd);
    target.addEventListener('touchcancel', onEnd);
    return () => {
      target.removeEventListener('touchstart', onStart);
      target.removeEventListener('touchmove', onMove);
      target.removeEventListener('touchend', onEnd);
      target.removeEventListener('touchcancel', onEnd);
    };
  }, [targetRef]);
}
