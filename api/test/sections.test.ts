import { sectionSchema } from '@sports/contracts';
import { strict } from './support/contracts';
import type { Section } from '@sports/contracts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

// SPEC §9, in order: ids 1..13.
const SPEC_SECTIONS: [string, number][] = [
  ['Upper Box D', 183],
  ['Upper Box DE', 96],
  ['Upper Box E', 183],
  ['Lower Box F', 186],
  ['Upper Box F', 250],
  ['Lower Box A', 150],
  ['Upper Box A', 182],
  ['Upper Box AB', 92],
  ['Lower Box B', 90],
  ['Upper Box B', 184],
  ['Lower Box C', 171],
  ['Upper Box C', 250],
  ['Lower Box D', 163],
];

describe('GET /api/sections', () => {
  let app: TestApp;
  let sections: Section[];
  beforeAll(async () => {
    app = await startTestApp();
    const res = await app.get('/api/sections');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; sections: Section[] };
    expect(body.success).toBe(true);
    sections = body.sections;
  });
  afterAll(async () => {
    await app.stop();
  });

  it('returns the 13 sections of SPEC with their capacities', () => {
    expect(sections.map((s) => [s.id, s.label, s.capacity])).toEqual(SPEC_SECTIONS.map(([label, capacity], i) => [i + 1, label, capacity]));
    for (const s of sections) expect(strict(sectionSchema).parse(s)).toEqual(s);
  });

  it('derives the level from the label', () => {
    for (const s of sections) expect(s.level).toBe(s.label.startsWith('Upper') ? 'upper' : 'lower');
  });

  it('places every section inside the drawing without overlaps, upper boxes outside the lower ones', () => {
    for (const { map } of sections) {
      expect(map.x).toBeGreaterThanOrEqual(0);
      expect(map.y).toBeGreaterThanOrEqual(0);
      expect(map.x + map.width).toBeLessThanOrEqual(100);
      expect(map.y + map.height).toBeLessThanOrEqual(100);
    }
    for (const a of sections) {
      for (const b of sections) {
        if (a.id >= b.id) continue;
        const overlap = a.map.x < b.map.x + b.map.width && b.map.x < a.map.x + a.map.width && a.map.y < b.map.y + b.map.height && b.map.y < a.map.y + a.map.height;
        expect({ a: a.label, b: b.label, overlap }).toEqual({ a: a.label, b: b.label, overlap: false });
      }
    }
    // Distance of a box's centre from the court's centre (50, 50), by the larger axis.
    const ring = (s: Section) => Math.max(Math.abs(s.map.x + s.map.width / 2 - 50), Math.abs(s.map.y + s.map.height / 2 - 50));
    const innermostUpper = Math.min(...sections.filter((s) => s.level === 'upper').map(ring));
    const outermostLower = Math.max(...sections.filter((s) => s.level === 'lower').map(ring));
    expect(innermostUpper).toBeGreaterThan(outermostLower);
  });
});
