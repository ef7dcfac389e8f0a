import { useCallback, useRef } from 'react';
import type { PointerEvent } from 'react';

/** Zoom steps of the seat grid: 1 fits the whole row in the width, 3 shows seats big enough to tap. */
export const ZOOM_STEPS = [1, 1.5, 2, 3] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1] as number;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The next step in (+1) or out (-1) from `zoom`. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const steps: readonly number[] = ZOOM_STEPS;
  const next = direction > 0 ? steps.find((s) => s > zoom + 0.01) : [...steps].reverse().find((s) => s < zoom - 0.01);
  return next ?? zoom;
}

/**
 * Two-finger pinch on the grid's scroller: the zoom follows the change in the fingers' distance.
 * One finger still scrolls (the scroller keeps touch-action pan-x pan-y).
 */
export function usePinchZoom(zoom: number, onZoom: (zoom: number) => void) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const start = useRef<{ distance: number; zoom: number } | null>(null);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType !== 'touch') return;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.current.size === 2) start.current = { distance: distance(), zoom };
    },
    [zoom],
  );

  const onPointerMove = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      if (!pointers.current.has(e.pointerId)) return;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const begun = start.current;
      if (begun && begun.distance > 0 && pointers.current.size === 2) onZoom(clampZoom((begun.zoom * distance()) / begun.distance));
    },
    [onZoom],
  );

  const onPointerEnd = useCallback((e: PointerEvent<HTMLElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) start.current = null;
  }, []);

  return { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd };
}
