import { useCallback, useEffect, useState } from 'react';
import type { FocusEvent } from 'react';
import { CAROUSEL_INTERVAL_MS } from '../../shared/constants';
import { usePrefersReducedMotion } from '../../shared/use-prefers-reduced-motion';

export interface UseCarouselOptions {
  /** Number of slides. */
  count: number;
  /** Time each slide stays before advancing by itself. */
  intervalMs?: number;
}

export interface CarouselContainerProps {
  onFocus: () => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
}

export interface Carousel {
  /** Index of the visible slide, 0-based. */
  index: number;
  next: () => void;
  prev: () => void;
  goTo: (index: number) => void;
  /** True while the carousel advances by itself. */
  rotating: boolean;
  /** False once the user pressed the pause control. */
  playing: boolean;
  togglePlaying: () => void;
  /** The user prefers reduced motion: no auto-advance, no slide animation. */
  reducedMotion: boolean;
  /** Spread on the carousel's outer element: focus or hover inside pauses the rotation. */
  containerProps: CarouselContainerProps;
}

function wrap(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0;
}

/**
 * State of an auto-advancing carousel (SPEC §4: advances every 5 s and wraps; arrows move with
 * wrap-around). Following the WAI-ARIA carousel pattern, the rotation stops while keyboard focus
 * or the mouse is inside, when the user pauses it, and for users who prefer reduced motion.
 * Each manual move restarts the full interval.
 */
export function useCarousel({ count, intervalMs = CAROUSEL_INTERVAL_MS }: UseCarouselOptions): Carousel {
  const [rawIndex, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [focusInside, setFocusInside] = useState(false);
  const [hovered, setHovered] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  const index = wrap(rawIndex, count);
  const rotating = count > 1 && playing && !focusInside && !hovered && !reducedMotion;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = setTimeout(() => setIndex((i) => wrap(i + 1, count)), intervalMs);
    return () => clearTimeout(timer);
    // `index` restarts the timer after every move, manual or automatic.
  }, [rotating, index, count, intervalMs]);

  const next = useCallback(() => setIndex((i) => wrap(wrap(i, count) + 1, count)), [count]);
  const prev = useCallback(() => setIndex((i) => wrap(wrap(i, count) - 1, count)), [count]);
  const goTo = useCallback((target: number) => setIndex(wrap(target, count)), [count]);
  const togglePlaying = useCallback(() => setPlaying((p) => !p), []);

  const containerProps: CarouselContainerProps = {
    onFocus: () => setFocusInside(true),
    onBlur: (event) => {
      const to = event.relatedTarget;
      if (!(to instanceof Node) || !event.currentTarget.contains(to)) setFocusInside(false);
    },
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
  };

  return { index, next, prev, goTo, rotating, playing, togglePlaying, reducedMotion, containerProps };
}
