import fc from 'fast-check';
import { bestAvailable, sectionRows } from '../src';
import type { SeatRow } from '../src';

const rowsOf = (...sizes: number[]): SeatRow[] => {
  let next = 1;
  return sizes.map((size, i) => {
    const seats = Array.from({ length: size }, (_, k) => next + k);
    next += size;
    return { letter: String.fromCharCode(65 + i), seats };
  });
};

/** Every block of `count` adjacent free seats, with whether it strands a single free seat beside it. */
function allBlocks(rows: readonly SeatRow[], taken: ReadonlySet<number>, count: number) {
  const blocks: Array<{ row: number; seats: number[]; strands: boolean }> = [];
  rows.forEach(({ seats }, row) => {
    for (let s = 0; s + count <= seats.length; s += 1) {
      const block = seats.slice(s, s + count);
      if (block.some((seat) => taken.has(seat))) continue;
      const freeAt = (i: number) => i >= 0 && i < seats.length && !taken.has(seats[i] as number);
      const singleLeft = freeAt(s - 1) && !freeAt(s - 2);
      const singleRight = freeAt(s + count) && !freeAt(s + count + 1);
      blocks.push({ row, seats: block, strands: singleLeft || singleRight });
    }
  });
  return blocks;
}

describe('bestAvailable', () => {
  it('takes the middle of the front row when the section is empty', () => {
    expect(bestAvailable(rowsOf(10, 10), new Set(), 2)).toEqual([5, 6]);
    expect(bestAvailable(rowsOf(9, 9), new Set(), 3)).toEqual([4, 5, 6]);
  });

  it('moves back a row rather than leave a single seat stranded', () => {
    // Row A: 1 2 3 [4 taken] 5 6 7 8. 1-2 strands 3, 2-3 strands 1, 6-7 strands 5; 5-6 and 7-8
    // strand nothing, and 5-6 is nearer the middle.
    expect(bestAvailable(rowsOf(8, 8), new Set([4]), 2)).toEqual([5, 6]);
    // Row A: only 3 free seats together (1 2 3, then taken): any pair strands one, row B is free.
    expect(bestAvailable(rowsOf(4, 6), new Set([4]), 2)).toEqual([7, 8]);
  });

  it('strands a seat only when every choice would', () => {
    expect(bestAvailable(rowsOf(3), new Set(), 2)).toEqual([1, 2]);
  });

  it('says null when no row has that many seats together', () => {
    expect(bestAvailable(rowsOf(5, 5), new Set([3, 8]), 3)).toBeNull();
    expect(bestAvailable(rowsOf(5), new Set(), 6)).toBeNull();
    expect(bestAvailable(rowsOf(5), new Set(), 0)).toBeNull();
  });

  it('works on the real sections (250 seats, 6 rows)', () => {
    const rows = sectionRows(250, 'upper');
    const seats = bestAvailable(rows, new Set(), 4);
    expect(seats).toHaveLength(4);
    expect(rows[0]?.seats).toEqual(expect.arrayContaining(seats ?? []));
  });

  it('always answers free adjacent seats, strands only when it must, and prefers the front', () => {
    const section = fc.array(fc.integer({ min: 0, max: 14 }), { minLength: 1, maxLength: 6 }).chain((sizes) => {
      const total = sizes.reduce((a, b) => a + b, 0);
      return fc.record({
        rows: fc.constant(rowsOf(...sizes)),
        taken: fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, total) }), { maxLength: total }),
        count: fc.integer({ min: 1, max: 10 }),
      });
    });
    fc.assert(
      fc.property(section, ({ rows, taken, count }) => {
        const takenSet = new Set(taken);
        const blocks = allBlocks(rows, takenSet, count);
        const result = bestAvailable(rows, takenSet, count);
        if (blocks.length === 0) return result === null;
        const chosen = blocks.find((b) => b.seats.join() === result?.join());
        if (!chosen) return false;
        const clean = blocks.filter((b) => !b.strands);
        if (clean.length > 0 && chosen.strands) return false;
        const candidates = clean.length > 0 ? clean : blocks;
        return chosen.row === Math.min(...candidates.map((b) => b.row));
      }),
      { numRuns: 500 },
    );
  });
});
