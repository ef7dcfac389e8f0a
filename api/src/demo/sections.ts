/**
 * The 13 sections of SPEC §9, with their capacities, in SPEC's order (ids 1..13).
 * Map boxes are percentages of the venue drawing: the court sits in the middle
 * (x 28..72, y 32..68), lower boxes hug it, upper boxes form the outer ring. The left
 * side has no lower box (players' entrance); the two empty corners are the gates.
 */
export interface DemoSection {
  id: number;
  label: string;
  capacity: number;
  map: { x: number; y: number; width: number; height: number };
}

export const DEMO_SECTIONS: readonly DemoSection[] = [
  { id: 1, label: 'Upper Box D', capacity: 183, map: { x: 16, y: 84, width: 33, height: 14 } },
  { id: 2, label: 'Upper Box DE', capacity: 96, map: { x: 2, y: 84, width: 12, height: 14 } },
  { id: 3, label: 'Upper Box E', capacity: 183, map: { x: 2, y: 18, width: 12, height: 64 } },
  { id: 4, label: 'Lower Box F', capacity: 186, map: { x: 28, y: 18, width: 21, height: 12 } },
  { id: 5, label: 'Upper Box F', capacity: 250, map: { x: 16, y: 2, width: 33, height: 14 } },
  { id: 6, label: 'Lower Box A', capacity: 150, map: { x: 51, y: 18, width: 21, height: 12 } },
  { id: 7, label: 'Upper Box A', capacity: 182, map: { x: 51, y: 2, width: 33, height: 14 } },
  { id: 8, label: 'Upper Box AB', capacity: 92, map: { x: 86, y: 2, width: 12, height: 14 } },
  { id: 9, label: 'Lower Box B', capacity: 90, map: { x: 74, y: 32, width: 10, height: 36 } },
  { id: 10, label: 'Upper Box B', capacity: 184, map: { x: 86, y: 18, width: 12, height: 64 } },
  { id: 11, label: 'Lower Box C', capacity: 171, map: { x: 51, y: 70, width: 21, height: 12 } },
  { id: 12, label: 'Upper Box C', capacity: 250, map: { x: 51, y: 84, width: 33, height: 14 } },
  { id: 13, label: 'Lower Box D', capacity: 163, map: { x: 28, y: 70, width: 21, height: 12 } },
];

export function levelOf(label: string): 'upper' | 'lower' {
  return label.startsWith('Upper ') ? 'upper' : 'lower';
}
