import { mirrorBox, placeSections } from '../src/features/seatmap/section-colors';
import { SECTIONS } from './support/booking-fixtures';

test('event 1 alternates red and blue in section order, at the drawn positions', () => {
  const placed = placeSections(1, [...SECTIONS].reverse());
  expect(placed.map((p) => p.section.id)).toEqual(SECTIONS.map((s) => s.id));
  expect(placed.map((p) => p.tone)).toEqual(['red', 'blue', 'red', 'blue', 'red', 'blue', 'red', 'blue', 'red', 'blue', 'red', 'blue', 'red']);
  placed.forEach((p) => expect(p.box).toEqual(p.section.map));
});

test('event 2 is green and mirrored: x -> 100 - x - width, y and size unchanged', () => {
  const placed = placeSections(2, SECTIONS);
  expect(new Set(placed.map((p) => p.tone))).toEqual(new Set(['green']));
  const byId = new Map(placed.map((p) => [p.section.id, p.box]));
  // Upper Box DE (x 2, width 12) moves to the far right; Lower Box B (x 74, width 10) to x 16.
  expect(byId.get(2)).toEqual({ x: 86, y: 84, width: 12, height: 14 });
  expect(byId.get(9)).toEqual({ x: 16, y: 32, width: 10, height: 36 });
  placed.forEach((p) => expect(p.box).toEqual({ ...p.section.map, x: 100 - p.section.map.x - p.section.map.width }));
});

test('event 3 is purple; every other event is blue', () => {
  expect(new Set(placeSections(3, SECTIONS).map((p) => p.tone))).toEqual(new Set(['purple']));
  for (const id of [4, 5, 26, 999]) {
    const placed = placeSections(id, SECTIONS);
    expect(new Set(placed.map((p) => p.tone))).toEqual(new Set(['blue']));
    placed.forEach((p) => expect(p.box).toEqual(p.section.map));
  }
});

test('mirroring twice gives the original box', () => {
  const box = { x: 16, y: 2, width: 33, height: 14 };
  expect(mirrorBox(mirrorBox(box))).toEqual(box);
});
