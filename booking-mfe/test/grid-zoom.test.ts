import { BASE_MAX_ZOOM, MIN_ZOOM, TARGET_SEAT_PX, clampZoom, maxZoomFor, stepZoom } from '../src/features/section/grid-zoom';

test('the most zoom gives seats of at least 44 px, and never less than 3x', () => {
  // A 42-seat row on a 390 px phone fits with seats of about 6 px.
  expect(6 * maxZoomFor(6)).toBeCloseTo(TARGET_SEAT_PX);
  expect(maxZoomFor(32)).toBe(BASE_MAX_ZOOM);
  expect(maxZoomFor(0)).toBe(BASE_MAX_ZOOM);
});

test('Zoom in steps up to the most zoom and Zoom out back to 1', () => {
  const max = maxZoomFor(6);
  const ups = [MIN_ZOOM];
  while ((ups.at(-1) ?? max) < max) ups.push(stepZoom(ups.at(-1) ?? max, 1, max));
  expect(ups.at(-1)).toBe(max);
  expect(ups.length).toBeLessThanOrEqual(7);
  expect(ups[1]).toBe(1.5);
  const downs = [max];
  while ((downs.at(-1) ?? MIN_ZOOM) > MIN_ZOOM) downs.push(stepZoom(downs.at(-1) ?? MIN_ZOOM, -1, max));
  expect(downs.at(-1)).toBe(MIN_ZOOM);
  expect(downs.length).toBe(ups.length);
});

test('a pinch is kept between 1 and the most zoom', () => {
  expect(clampZoom(0.4, 7)).toBe(1);
  expect(clampZoom(12, 7)).toBe(7);
  expect(clampZoom(2.5, 7)).toBe(2.5);
});
