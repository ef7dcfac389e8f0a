import fc from 'fast-check';
import { bestAvailable, bestAvailableAcross, bestBlock, rowsOfLayout, sectionRows } from '../src';
import type { VenueSection } from '../src';

const section = (sizes: number[], taken: number[] = []): VenueSection => ({ rows: rowsOfLayout(sizes), taken: new Set(taken) });

describe('bestAvailableAcross', () => {
  it('takes the first section when it has a clean block', () => {
    expect(bestAvailableAcross([section([10, 10]), section([10, 10])], 4)).toEqual({ index: 0, seats: [4, 5, 6, 7] });
  });

  it('skips taken seats and sections without room', () => {
    // Section 0: every row has at most 3 seats together; section 1 row A is half taken.
    const full = section([6, 6], [4, 10]);
    const second = section([8, 8], [1, 2, 3, 4]);
    expect(bestAvailableAcross([full, second], 4)).toEqual({ index: 1, seats: [5, 6, 7, 8] });
  });

  it('prefers a later section to stranding a single seat, even in a back row', () => {
    // Section 0: row A has 5 free (4 strand one seat), row B has exactly 5 free too.
    const tight = section([5, 5]);
    const roomy = section([10, 10], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(bestAvailableAcross([tight, roomy], 4)).toEqual({ index: 1, seats: [14, 15, 16, 17] });
  });

  it('strands a seat only when every section would, then takes the earlier section', () => {
    expect(bestAvailableAcross([section([5]), section([5])], 4)).toEqual({ index: 0, seats: [1, 2, 3, 4] });
  });

  it('is null when no section has that many seats together, or for a bad count', () => {
    expect(bestAvailableAcross([section([3, 3]), section([4], [2])], 4)).toBeNull();
    expect(bestAvailableAcross([], 1)).toBeNull();
    expect(bestAvailableAcross([section([5])], 0)).toBeNull();
    expect(bestAvailableAcross([section([5])], 1.5)).toBeNull();
  });

  it('works on the real sections (the venue of 250-seat sections)', () => {
    const upper = sectionRows(250, 'upper');
    const takenFirstRows = upper.slice(0, 6).flatMap((row) => row.seats.filter((_, i) => i % 3 === 0));
    const result = bestAvailableAcross([{ rows: upper, taken: new Set(takenFirstRows) }, { rows: sectionRows(200, 'lower'), taken: new Set() }], 4);
    expect(result?.index).toBe(1);
    expect(result?.seats).toHaveLength(4);
  });

  it('answers the best of each section by bestAvailable, ranked by stranding then venue order', () => {
    const venue = fc.array(
      fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 4 }).chain((sizes) => {
        const total = sizes.reduce((a, b) => a + b, 0);
        return fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, total) }), { maxLength: total }).map((taken) => section(sizes, taken));
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(venue, fc.integer({ min: 1, max: 10 }), (sections, count) => {
        const blocks = sections.map((s) => bestBlock(s.rows, s.taken, count));
        const result = bestAvailableAcross(sections, count);
        const found = blocks.flatMap((b, index) => (b ? [{ index, stranded: b.score[0] }] : []));
        if (found.length === 0) return result === null;
        const fewest = Math.min(...found.map((f) => f.stranded));
        const expected = found.find((f) => f.stranded === fewest);
        const s = sections[expected?.index ?? -1];
        return result !== null && result.index === expected?.index && s !== undefined && result.seats.join() === bestAvailable(s.rows, s.taken, count)?.join();
      }),
      { numRuns: 300 },
    );
  });
});
