import { BASE_MAX_ZOOM, MIN_ZOOM, TARGET_SEAT_PX, anchoredScroll, clampZoom, maxZoomFor, pinchZoom, stepZoom } from '../src/features/section/grid-zoom';
import { viewPart } from '../src/features/section/grid-minimap';

test('the most zoom gives seats of at least 44 px, and never less than 3x', () => {
  // Upper Box F on a 390 px phone: rows of 42 fit with seats of 5.9 px.
  for (const fitted of [5.875, 5.9, 6, 7.3, 11]) {
    expect(fitted * maxZoomFor(fitted)).toBeGreaterThanOrEqual(TARGET_SEAT_PX);
    expect(fitted * maxZoomFor(fitted)).toBeLessThan(TARGET_SEAT_PX + 0.1);
  }
  expect(maxZoomFor(32)).toBe(BASE_MAX_ZOOM);
  expect(maxZoomFor(0)).toBe(BASE_MAX_ZOOM);
});

test('Zoom in steps up to the most zoom and Zoom out back to 1', () => {
  const max = maxZoomFor(5.9);
  const ups = [MIN_ZOOM];
  while ((ups.at(-1) ?? max) < max) ups.push(stepZoom(ups.at(-1) ?? max, 1, max));
  expect(ups.at(-1)).toBe(max);
  expect(5.9 * (ups.at(-1) ?? 0)).toBeGreaterThanOrEqual(TARGET_SEAT_PX);
  expect(ups.length).toBeLessThanOrEqual(7);
  expect(ups[1]).toBe(1.5);
  const downs = [max];
  while ((downs.at(-1) ?? MIN_ZOOM) > MIN_ZOOM) downs.push(stepZoom(downs.at(-1) ?? MIN_ZOOM, -1, max));
  expect(downs.at(-1)).toBe(MIN_ZOOM);
  expect(downs.length).toBe(ups.length);
});

test('a zoom is kept between 1 and the most zoom', () => {
  expect(clampZoom(0.4, 7)).toBe(1);
  expect(clampZoom(12, 7)).toBe(7);
  expect(clampZoom(2.5, 7)).toBe(2.5);
});

test('one pinch of fingers going 4x as far apart takes 5.9 px seats to 44 px: the limit is the most zoom, not 20 px', () => {
  const max = maxZoomFor(5.9);
  expect(5.9 * pinchZoom(1, 80, 320, max)).toBeGreaterThanOrEqual(TARGET_SEAT_PX);
  // A smaller pinch zooms part of the way, a second one from there goes on, never past the most zoom.
  const first = pinchZoom(1, 100, 200, max);
  expect(first).toBeGreaterThan(2);
  expect(first).toBeLessThan(max);
  expect(pinchZoom(first, 100, 300, max)).toBe(max);
  // Fingers closing zoom out, down to 1; a pinch without a distance changes nothing.
  expect(pinchZoom(max, 300, 100, max)).toBeLessThan(max);
  expect(pinchZoom(2, 300, 10, max)).toBe(MIN_ZOOM);
  expect(pinchZoom(2, 0, 100, max)).toBe(2);
});

test('zooming keeps the seat under the fingers (or the middle of the view) in place', () => {
  // At zoom 2, scrolled 100 px, the point 150 px into the view is 250 px into the grid, 125 px at zoom 1.
  const scroll = anchoredScroll(100, 150, 2, 4);
  expect((scroll + 150) / 4).toBeCloseTo((100 + 150) / 2);
  expect(anchoredScroll(0, 10, 2, 1)).toBe(0);
});

test('the minimap frames the part of the grid in view', () => {
  // A 1,500 px wide grid in a 300 px view scrolled to 600 px; all of its height on screen.
  expect(viewPart({ left: 600, width: 1500, client: 300 }, { top: 100, height: 300 }, 844)).toEqual({ left: 0.4, width: 0.2, top: 0, height: 1, panned: 0.5 });
  // Not zoomed: the whole grid.
  expect(viewPart({ left: 0, width: 300, client: 300 }, { top: 0, height: 100 }, 844)).toMatchObject({ left: 0, width: 1, panned: 0 });
  // A grid taller than the screen, its top scrolled off by a quarter.
  expect(viewPart({ left: 0, width: 300, client: 300 }, { top: -250, height: 1000 }, 500)).toMatchObject({ top: 0.25, height: 0.5 });
});
