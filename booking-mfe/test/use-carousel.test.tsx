import { act, renderHook } from '@testing-library/react';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_TRANSITION_MS } from '../src/shared/constants';
import { useCarousel } from '../src/features/home/use-carousel';
import { mockReducedMotion, removeMatchMedia } from './support/fetch-mock';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  removeMatchMedia();
});

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

test('SPEC §9 constants: 5000 ms per slide, 700 ms transition', () => {
  expect(CAROUSEL_INTERVAL_MS).toBe(5000);
  expect(CAROUSEL_TRANSITION_MS).toBe(700);
});

test('advances exactly at 5000 ms and wraps from the third slide to the first', () => {
  const { result } = renderHook(() => useCarousel({ count: 3 }));
  expect(result.current.index).toBe(0);
  expect(result.current.rotating).toBe(true);

  advance(4999);
  expect(result.current.index).toBe(0);
  advance(1);
  expect(result.current.index).toBe(1);
  advance(5000);
  expect(result.current.index).toBe(2);
  advance(5000);
  expect(result.current.index).toBe(0);
});

test('next wraps 3 -> 1 and prev wraps 1 -> 3', () => {
  const { result } = renderHook(() => useCarousel({ count: 3 }));
  act(() => result.current.prev());
  expect(result.current.index).toBe(2);
  act(() => result.current.next());
  expect(result.current.index).toBe(0);
  act(() => result.current.goTo(2));
  act(() => result.current.next());
  expect(result.current.index).toBe(0);
});

test('a manual move restarts the full interval', () => {
  const { result } = renderHook(() => useCarousel({ count: 3 }));
  advance(3000);
  act(() => result.current.next());
  expect(result.current.index).toBe(1);
  advance(4999);
  expect(result.current.index).toBe(1);
  advance(1);
  expect(result.current.index).toBe(2);
});

test('does not advance while keyboard focus is inside, resumes when focus leaves', () => {
  const { result } = renderHook(() => useCarousel({ count: 3 }));
  const container = document.createElement('section');
  const inside = document.createElement('button');
  container.append(inside);

  act(() => result.current.containerProps.onFocus());
  expect(result.current.rotating).toBe(false);
  advance(20_000);
  expect(result.current.index).toBe(0);

  // Focus moving between two elements inside keeps it paused.
  act(() => result.current.containerProps.onBlur({ relatedTarget: inside, currentTarget: container } as never));
  advance(20_000);
  expect(result.current.index).toBe(0);

  act(() => result.current.containerProps.onBlur({ relatedTarget: null, currentTarget: container } as never));
  expect(result.current.rotating).toBe(true);
  advance(5000);
  expect(result.current.index).toBe(1);
});

test('the pause control stops and restarts rotation', () => {
  const { result } = renderHook(() => useCarousel({ count: 3 }));
  act(() => result.current.togglePlaying());
  expect(result.current.playing).toBe(false);
  advance(20_000);
  expect(result.current.index).toBe(0);
  act(() => result.current.togglePlaying());
  advance(5000);
  expect(result.current.index).toBe(1);
});

test('no auto-advance for users who prefer reduced motion; arrows still work', () => {
  mockReducedMotion(true);
  const { result } = renderHook(() => useCarousel({ count: 3 }));
  expect(result.current.reducedMotion).toBe(true);
  expect(result.current.rotating).toBe(false);
  advance(30_000);
  expect(result.current.index).toBe(0);
  act(() => result.current.next());
  expect(result.current.index).toBe(1);
});

test('auto-advance runs when matchMedia exists and motion is not reduced', () => {
  mockReducedMotion(false);
  const { result } = renderHook(() => useCarousel({ count: 3 }));
  advance(5000);
  expect(result.current.index).toBe(1);
});

test('a single slide never rotates', () => {
  const { result } = renderHook(() => useCarousel({ count: 1 }));
  expect(result.current.rotating).toBe(false);
  act(() => result.current.next());
  expect(result.current.index).toBe(0);
});
